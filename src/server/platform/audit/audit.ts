import type { Executor } from '../db/database';
import { placeholders, preparedStatement } from '../db/prepared';
import { auditLog } from './audit.tables';

/** Who makes a change, as use cases record it in the audit trail. */
export type Actor = { userId: number; ip: string | null };

/** Who acts where a visitor without an account may act too: a web order placed at checkout. */
export type ShopActor = { userId: number | null; ip: string | null };

export type AuditEntry = {
  actorUserId: number | null;
  action: string;
  subjectType: string;
  subjectId?: string | number | null;
  data?: Record<string, unknown>;
  ip?: string | null;
};

const auditRow = (entry: AuditEntry) => ({
  actorUserId: entry.actorUserId,
  action: entry.action,
  subjectType: entry.subjectType,
  subjectId: entry.subjectId == null ? null : String(entry.subjectId),
  data: entry.data ?? {},
  ip: entry.ip ?? null,
});

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await insertAudit(db).execute(auditRow(entry));
}

/**
 * The same row as a write to send with the transaction's closing writes (writeTogether,
 * docs/decisions/0113), by a caller that sends them before it commits.
 */
export const auditInsertion = (db: Executor, entry: AuditEntry) =>
  db.insert(auditLog).values(auditRow(entry));

/** Every write request records one: built once per database (docs/decisions/0091). */
const insertAudit = preparedStatement((db) =>
  db
    .insert(auditLog)
    .values(placeholders(auditLog, ['actorUserId', 'action', 'subjectType', 'subjectId', 'data', 'ip']))
    .prepare('audit_log_insert'),
);
