import { type MedicalRecordsReply, PATIENT_AREA_RECORD_LIMIT } from '../../../contracts/patients';
import { RECORD_KINDS } from '../../../domain/patients/patient-records';
import type { Executor } from '../../platform/db/database';
import { defineRoute } from '../../platform/http/define-route';
import { closedForMaintenance, shopDocument } from '../storefront';
import { ownRecords } from './patient-records.queries';
import { presentRecords } from './patients.presenter';

/** DECISIONS 2 and 23: the signed-in patient (active role patient) reads their own records only. */
const auth = { role: 'patient' } as const;

async function medicalRecords(db: Executor, patientId: number): Promise<MedicalRecordsReply> {
  const rows = await ownRecords(db, patientId, PATIENT_AREA_RECORD_LIMIT);
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
    handler: async ({ ctx, session }) => ({
      success: true,
      data: await medicalRecords(ctx.db, session.user.id),
    }),
  }),
  defineRoute({
    method: 'GET',
    url: '/patient/records',
    auth,
    handler: async ({ ctx, req, reply, session }) => {
      if (await closedForMaintenance(ctx, req, reply)) return reply;
      const records = await medicalRecords(ctx.db, session.user.id);
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
