import { z } from 'zod';
import { idParam, recordId } from '../../../contracts/common';
import {
  accessLogQuery,
  type ListMeta,
  listFilterOf,
  PATIENT_MESSAGES as M,
  type PatientRecordReply,
  patientIdField,
  patientsListQuery,
  RECORD_TYPES,
  RECORD_URLS,
  type RecordKind,
  recordsListQuery,
} from '../../../contracts/patients';
import type { Paged } from '../../../domain/paging/paging';
import { RECORD_KINDS } from '../../../domain/patients/patient-records';
import type { Actor } from '../../platform/audit/audit';
import { actorOf } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import type { Executor } from '../../platform/db/database';
import { type AnyRoute, defineRoute } from '../../platform/http/define-route';
import { notFound } from '../../platform/http/errors';
import { createPatientRecord } from './create-patient-record';
import { deletePatientRecord } from './delete-patient-record';
import { listRecords, type PatientRecordRow } from './patient-records.queries';
import { presentAccess, presentDoctor, presentPatient, presentRecords } from './patients.presenter';
import { findPatient, listDoctors, listPatients } from './patients.queries';
import { adminAccess, logRecordAccess } from './record-access';
import { accessLogPage } from './record-access.queries';
import { assertPatient } from './record-columns';
import { updatePatientRecord } from './update-patient-record';

/** DECISIONS 1: reading patient records needs patients.view, changing them patients.manage. */
const view = { permission: 'patients.view' } as const;
const manage = { permission: 'patients.manage' } as const;

/** The flat kinds' PUT may name the patient too; a record of another patient is then refused. */
const optionalPatientId = z.object({ patient_id: patientIdField.shape.patient_id.optional() });

const meta = (page: Paged<unknown>): ListMeta => ({
  current_page: page.current_page,
  last_page: page.last_page,
  per_page: page.per_page,
  total: page.total,
  from: page.from,
  to: page.to,
});

/** A list read is one row of the access log naming the patient and the kind (issue 17). */
function logListRead(ctx: AppContext, actor: Actor, patientId: number, kind: RecordKind) {
  return logRecordAccess(
    ctx.db,
    { ...adminAccess(actor), patientId, kind, recordId: null, action: 'list' },
    ctx.now(),
  );
}

/**
 * The routes of one record kind (spec 3 §7 "Patient records"), from its row in RECORD_TYPES:
 * medications and health vitals live under /api/patients/{id}/…, answering the house's paged list;
 * allergies, surgeries and hospitalizations are flat (/api/patient-allergies?patient_id=…) and
 * answer `{data, meta}` as §7 says.
 */
function recordRoutes(kind: RecordKind): AnyRoute[] {
  const type = RECORD_TYPES[kind];
  const urls = RECORD_URLS[kind];
  const saved = async (db: Executor, row: PatientRecordRow, message: string) => ({
    success: true as const,
    message,
    data: (await presentRecords(db, [row]))[0]!,
  });

  if (urls.underPatient) {
    const itemParam = /:(\w+)$/.exec(urls.item)![1]!;
    const itemParams = z.object({ id: recordId, [itemParam]: recordId });
    const itemId = (params: Record<string, number>) => params[itemParam]!;
    return [
      defineRoute({
        method: 'GET',
        url: urls.list,
        auth: view,
        params: idParam,
        query: recordsListQuery(kind),
        handler: async ({ ctx, req, session, params, query }): Promise<Paged<PatientRecordReply>> => {
          await assertPatient(ctx.db, params.id);
          const page = await listRecords(ctx.db, kind, params.id, listFilterOf(kind, query));
          await logListRead(ctx, actorOf(session, req), params.id, kind);
          return { ...page, data: await presentRecords(ctx.db, page.data) };
        },
      }),
      defineRoute({
        method: 'POST',
        url: urls.list,
        auth: manage,
        params: idParam,
        body: type.body,
        handler: async ({ ctx, req, session, params, body }) =>
          saved(
            ctx.db,
            await createPatientRecord(ctx, actorOf(session, req), kind, params.id, body),
            type.words.created,
          ),
      }),
      defineRoute({
        method: 'PUT',
        url: urls.item,
        auth: manage,
        params: itemParams,
        body: type.body,
        handler: async ({ ctx, req, session, params, body }) =>
          saved(
            ctx.db,
            await updatePatientRecord(ctx, actorOf(session, req), kind, itemId(params), params.id, body),
            type.words.updated,
          ),
      }),
      defineRoute({
        method: 'DELETE',
        url: urls.item,
        auth: manage,
        params: itemParams,
        handler: async ({ ctx, req, session, params }) => {
          await deletePatientRecord(ctx, actorOf(session, req), kind, itemId(params), params.id);
          return { success: true as const, message: type.words.deleted };
        },
      }),
    ];
  }

  return [
    defineRoute({
      method: 'GET',
      url: urls.list,
      auth: view,
      query: z.intersection(patientIdField, recordsListQuery(kind)),
      handler: async ({
        ctx,
        req,
        session,
        query,
      }): Promise<{ data: PatientRecordReply[]; meta: ListMeta }> => {
        await assertPatient(ctx.db, query.patient_id);
        const page = await listRecords(ctx.db, kind, query.patient_id, listFilterOf(kind, query));
        await logListRead(ctx, actorOf(session, req), query.patient_id, kind);
        return { data: await presentRecords(ctx.db, page.data), meta: meta(page) };
      },
    }),
    defineRoute({
      method: 'POST',
      url: urls.list,
      auth: manage,
      body: z.intersection(patientIdField, type.body),
      handler: async ({ ctx, req, session, body }) => {
        const { patient_id, ...details } = body;
        return saved(
          ctx.db,
          await createPatientRecord(ctx, actorOf(session, req), kind, patient_id, details),
          type.words.created,
        );
      },
    }),
    defineRoute({
      method: 'PUT',
      url: urls.item,
      auth: manage,
      params: idParam,
      body: z.intersection(optionalPatientId, type.body),
      handler: async ({ ctx, req, session, params, body }) => {
        const { patient_id, ...details } = body;
        return saved(
          ctx.db,
          await updatePatientRecord(ctx, actorOf(session, req), kind, params.id, patient_id, details),
          type.words.updated,
        );
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: urls.item,
      auth: manage,
      params: idParam,
      handler: async ({ ctx, req, session, params }) => {
        await deletePatientRecord(ctx, actorOf(session, req), kind, params.id, undefined);
        return { success: true as const, message: type.words.deleted };
      },
    }),
  ];
}

/** Patient records in the back office (spec 3 §2 "Patient record tabs", §7; docs/decisions/0063). */
export const patientsRoutes: AnyRoute[] = [
  // The patient list and header of the records page (the shop's own; spec 3 names none).
  defineRoute({
    method: 'GET',
    url: '/api/patients',
    auth: view,
    query: patientsListQuery,
    handler: async ({ ctx, query }) => {
      const page = await listPatients(ctx.db, query);
      return { ...page, data: page.data.map(presentPatient) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/patients/medications/doctors',
    auth: view,
    handler: async ({ ctx }) => ({ success: true, data: (await listDoctors(ctx.db)).map(presentDoctor) }),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/patients/:id',
    auth: view,
    params: idParam,
    handler: async ({ ctx, params }) => {
      const patient = await findPatient(ctx.db, params.id);
      if (!patient) throw notFound(M.patientNotFound);
      return { success: true, data: presentPatient(patient) };
    },
  }),
  ...RECORD_KINDS.flatMap(recordRoutes),
  // Who read or changed which record (issue 17, docs/decisions/0070): admins only, read-only.
  defineRoute({
    method: 'GET',
    url: '/api/patient-record-access',
    auth: { permission: 'patients.audit' },
    query: accessLogQuery,
    handler: async ({ ctx, query }) => {
      const page = await accessLogPage(ctx.db, query);
      return { success: true, data: { ...page, data: page.data.map(presentAccess) } };
    },
  }),
];
