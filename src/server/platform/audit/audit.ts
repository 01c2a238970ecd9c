import type { Executor } from '../db/database';
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

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId == null ? null : String(entry.subjectId),
    data: entry.data ?? {},
    ip: entry.ip ?? null,
  });
}
