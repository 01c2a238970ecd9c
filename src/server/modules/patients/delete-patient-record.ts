import { and, eq } from 'drizzle-orm';
import { RECORD_TYPES, type RecordKind } from '../../../contracts/patients';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/http/errors';
import { patientRecords } from './patients.tables';
import { adminAccess as access, logRecordAccess } from './record-access';
import { assertPatient } from './record-columns';

/** DELETE of any record kind: gone for good, audited; another patient's record is not found. */
export async function deletePatientRecord(
  ctx: AppContext,
  actor: Actor,
  kind: RecordKind,
  recordId: number,
  patientId: number | undefined,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (patientId !== undefined) await assertPatient(tx, patientId);
    const [row] = await tx
      .delete(patientRecords)
      .where(
        and(
          eq(patientRecords.id, recordId),
          eq(patientRecords.kind, kind),
          patientId === undefined ? undefined : eq(patientRecords.patientId, patientId),
        ),
      )
      .returning({ patientId: patientRecords.patientId });
    if (!row) throw notFound(RECORD_TYPES[kind].words.notFound);
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'patient_record.deleted',
      subjectType: 'patient_record',
      subjectId: recordId,
      data: { kind, patient_id: row.patientId },
      ip: actor.ip,
    });
    await logRecordAccess(
      tx,
      { ...access(actor), patientId: row.patientId, kind, recordId, action: 'delete' },
      ctx.now(),
    );
  });
}
