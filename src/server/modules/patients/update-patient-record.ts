import { and, eq } from 'drizzle-orm';
import { RECORD_TYPES, type RecordKind } from '../../../contracts/patients';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import type { PatientRecordRow } from './patient-records.queries';
import { patientRecords } from './patients.tables';
import { adminAccess as access, logRecordAccess } from './record-access';
import { assertDoctors, assertPatient, type RecordDetails, recordColumns } from './record-columns';

/**
 * PUT of any record kind: the whole form replaces the record. A record of another patient than the
 * one named (in the path, or the body's patient_id) is not found, like a missing one.
 */
export async function updatePatientRecord(
  ctx: AppContext,
  actor: Actor,
  kind: RecordKind,
  recordId: number,
  patientId: number | undefined,
  details: RecordDetails,
): Promise<PatientRecordRow> {
  const words = RECORD_TYPES[kind].words;
  return ctx.db.transaction(async (tx) => {
    if (patientId !== undefined) await assertPatient(tx, patientId);
    await assertDoctors(tx, kind, details);
    const now = ctx.now();
    const [row] = await tx
      .update(patientRecords)
      .set({ ...recordColumns(kind, details), details, updatedAt: now })
      .where(
        and(
          eq(patientRecords.id, recordId),
          eq(patientRecords.kind, kind),
          patientId === undefined ? undefined : eq(patientRecords.patientId, patientId),
        ),
      )
      .returning();
    if (!row) throw notFound(words.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'patient_record.updated',
      subjectType: 'patient_record',
      subjectId: row.id,
      data: { kind, patient_id: row.patientId },
      ip: actor.ip,
    });
    await logRecordAccess(
      tx,
      { ...access(actor), patientId: row.patientId, kind, recordId: row.id, action: 'update' },
      now,
    );
    return row;
  });
}
