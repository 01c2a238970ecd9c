import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { SmsLogsQuery, SmsStatistics } from '../../../contracts/messaging';
import {
  SMS_MESSAGE_TYPES,
  SMS_STATUSES,
  type SmsMessageType,
  type SmsStatus,
} from '../../../domain/messaging/sms';
import type { Executor } from '../../platform/db/database';
import { paged } from '../../platform/http/paging';
import { smsLogs } from './messaging.tables';

export type SmsLogRow = typeof smsLogs.$inferSelect;

const countAll = sql<number>`cast(count(*) as integer)`;
const DAY_MS = 86_400_000;

/** GET /api/sms-configuration/logs: newest first, one page in SQL; dates are whole UTC days. */
export async function listSmsLogs(db: Executor, query: SmsLogsQuery) {
  const where: SQL | undefined = and(
    query.status ? eq(smsLogs.status, query.status) : undefined,
    query.message_type ? eq(smsLogs.messageType, query.message_type) : undefined,
    query.date_from ? gte(smsLogs.createdAt, new Date(`${query.date_from}T00:00:00Z`)) : undefined,
    query.date_to
      ? lt(smsLogs.createdAt, new Date(Date.parse(`${query.date_to}T00:00:00Z`) + DAY_MS))
      : undefined,
  );
  return paged(
    query.page,
    query.per_page,
    (limit, offset) =>
      db
        .select()
        .from(smsLogs)
        .where(where)
        .orderBy(desc(smsLogs.createdAt), desc(smsLogs.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: countAll }).from(smsLogs).where(where))[0]?.n ?? 0,
  );
}

export async function findSmsLog(db: Executor, id: number): Promise<SmsLogRow | null> {
  return (await db.select().from(smsLogs).where(eq(smsLogs.id, id)).limit(1))[0] ?? null;
}

/** GET /api/sms-configuration/statistics: counts by status and type, today and the last 7 days (UTC). */
export async function smsStatistics(db: Executor, now: Date): Promise<SmsStatistics> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekAgo = new Date(today.getTime() - 6 * DAY_MS);
  const groups = await db
    .select({ status: smsLogs.status, type: smsLogs.messageType, n: countAll })
    .from(smsLogs)
    .groupBy(smsLogs.status, smsLogs.messageType);
  const [recent] = await db
    .select({
      today: sql<number>`cast(count(*) filter (where ${smsLogs.createdAt} >= ${today.toISOString()}) as integer)`,
      week: sql<number>`cast(count(*) filter (where ${smsLogs.createdAt} >= ${weekAgo.toISOString()}) as integer)`,
    })
    .from(smsLogs);
  const by_status = Object.fromEntries(SMS_STATUSES.map((s) => [s, 0])) as Record<SmsStatus, number>;
  const by_type = Object.fromEntries(SMS_MESSAGE_TYPES.map((s) => [s, 0])) as Record<SmsMessageType, number>;
  let total = 0;
  for (const g of groups) {
    by_status[g.status as SmsStatus] += g.n;
    by_type[g.type as SmsMessageType] += g.n;
    total += g.n;
  }
  return { total, today: recent?.today ?? 0, last_7_days: recent?.week ?? 0, by_status, by_type };
}
