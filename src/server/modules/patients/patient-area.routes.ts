import { type MedicalRecordsReply, PATIENT_AREA_RECORD_LIMIT } from '../../../contracts/patients';
import { RECORD_KINDS } from '../../../domain/patients/patient-records';
import type { AppContext } from '../../platform/context';
import { defineRoute } from '../../platform/http/define-route';
import { closedForMaintenance, shopDocument } from '../storefront';
import { ownRecords } from './patient-records.queries';
import { presentRecords } from './patients.presenter';
import { logRecordAccess } from './record-access';

/** DECISIONS 2 and 23: the signed-in patient (active role patient) reads their own records only. */
const auth = { role: 'patient' } as const;

/**
 * The patient's own records, every kind; the read is one row of the access log naming the patient
 * with no kind (issue 17: every read of a record is logged, the patient's own included).
 */
async function medicalRecords(ctx: AppContext, patientId: number, ip: string): Promise<MedicalRecordsReply> {
  const db = ctx.db;
  const rows = await ownRecords(db, patientId, PATIENT_AREA_RECORD_LIMIT);
  await logRecordAccess(
    db,
    { userId: patientId, ip, patientId, kind: null, recordId: null, action: 'list', source: 'patient_area' },
    ctx.now(),
  );
  // One doctor-name query for every kind together.
  const replies = await presentRecords(
    db,
    RECORD_KINDS.flatMap((kind) => rows[kind]),
  );
  return Object.fromEntries(
    RECORD_KINDS.map((kind) => [
      kind,
      replies.filter((reply) => rows[kind].some((row) => row.id === reply.id)),
    ]),
  ) as MedicalRecordsReply;
}

/** The patient area's "My medical records": a read-only shop page and its JSON. */
export const patientAreaRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/patient/medical-records',
    auth,
    handler: async ({ ctx, req, session }) => ({
      success: true,
      data: await medicalRecords(ctx, session.user.id, req.ip),
    }),
  }),
  defineRoute({
    method: 'GET',
    url: '/patient/records',
    auth,
    html: true,
    handler: async ({ ctx, req, reply, session }) => {
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      const records = await medicalRecords(ctx, session.user.id, req.ip);
      return ctx.pages.shop(
        req,
        reply,
        await shopDocument(ctx, req, {
          page: 'patient-records',
          props: { records, limit: PATIENT_AREA_RECORD_LIMIT },
        }),
      );
    },
  }),
];
