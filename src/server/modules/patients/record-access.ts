import type { AccessAction, RecordKind } from '../../../contracts/patients';
import type { Actor } from '../../platform/audit/audit';
import type { Executor } from '../../platform/db/database';
import { patientRecordAccess } from './patients.tables';

/** One access to a patient's records: who, which patient, which kind and record, how. */
export type RecordAccess = {
  userId: number;
  ip: string | null;
  patientId: number;
  /** null: the patient area read every kind at once. */
  kind: RecordKind | null;
  /** null for a list read. */
  recordId: number | null;
  action: AccessAction;
  source: 'admin' | 'patient_area';
};

/**
 * Writes one row of the access log (issue 17; docs/decisions/0070). A change calls it inside its
 * own transaction; a read calls it after reading, the one write a GET makes in this shop (the
 * safe-GET sweep leaves this table out by name). The log is append-only.
 */
export async function logRecordAccess(db: Executor, access: RecordAccess, now: Date): Promise<void> {
  await db.insert(patientRecordAccess).values({
    userId: access.userId,
    patientId: access.patientId,
    recordKind: access.kind,
    recordId: access.recordId,
    action: access.action,
    source: access.source,
    ip: access.ip,
    createdAt: now,
  });
}

/** Who acts in the back office, as the log names them. */
export const adminAccess = (actor: Actor) => ({
  userId: actor.userId,
  ip: actor.ip,
  source: 'admin' as const,
});
