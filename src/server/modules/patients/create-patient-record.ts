import type { RecordKind } from '../../../contracts/patients';
import { type Actor, audit } from '../../platform/audit/audit';
import type { AppContext } from '../../platform/context';
import type { PatientRecordRow } from './patient-records.queries';
import { patientRecords } from './patients.tables';
import { adminAccess as access, logRecordAccess } from './record-access';
import { assertDoctors, assertPatient, type RecordDetails, recordColumns } from './record-columns';

/** POST of any record kind (spec 3 §7 "Patient records"): a new record of a patient, audited. */
export async function createPatientRecord(
  ctx: AppContext,
  actor: Actor,
  kind: RecordKind,
  patientId: number,
  details: RecordDetails,
): Promise<PatientRecordRow> {
  return ctx.db.transaction(async (tx) => {
    await assertPatient(tx, patientId);
    await assertDoctors(tx, kind, details);
    const now = ctx.now();
    const [row] = await tx
      .insert(patientRecords)
      .values({
        patientId,
        kind,
        ...recordColumns(kind, details),
        details,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // The audit names the record, never its medical content.
    await audit(tx, {
      actorUserId: actor.userId,
      action: 'patient_record.created',
      subjectType: 'patient_record',
      subjectId: row!.id,
      data: { kind, patient_id: patientId },
      ip: actor.ip,
    });
    await logRecordAccess(
      tx,
      { ...access(actor), patientId, kind, recordId: row!.id, action: 'create' },
      now,
    );
    return row!;
  });
}
