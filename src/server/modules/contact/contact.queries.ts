import { and, asc, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ContactMessagesListQuery } from '../../../contracts/contact';
import type { Executor } from '../../platform/db/database';
import { likePattern, paged } from '../../platform/http/paging';
import { contactMessages } from './contact.tables';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

const countAll = sql<number>`cast(count(*) as integer)`;

/**
 * GET /api/contact-messages: one page in SQL, newest first by default; the search looks at name,
 * e-mail, phone and message. The table is small (a shop's mail), so the total is counted
 * exactly (docs/decisions/0055).
 */
export async function listContactMessages(db: Executor, query: ContactMessagesListQuery) {
  const pattern = query.search ? likePattern(query.search) : null;
  const where: SQL | undefined = and(
    pattern
      ? or(
          sql`${contactMessages.name} ilike ${pattern}`,
          sql`${contactMessages.email} ilike ${pattern}`,
          sql`${contactMessages.phone} ilike ${pattern}`,
          sql`${contactMessages.message} ilike ${pattern}`,
        )
      : undefined,
    query.status === 'read' ? isNotNull(contactMessages.readAt) : undefined,
    query.status === 'unread' ? isNull(contactMessages.readAt) : undefined,
  );
  const column = {
    created_at: contactMessages.createdAt,
    name: contactMessages.name,
    email: contactMessages.email,
  }[query.sort];
  const order = query.direction === 'asc' ? asc : desc;
  return paged(
    query.page,
    query.per_page,
    (limit, offset) =>
      db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(order(column), order(contactMessages.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: countAll }).from(contactMessages).where(where))[0]?.n ?? 0,
  );
}

export async function findContactMessage(db: Executor, id: number): Promise<ContactMessageRow | null> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row ?? null;
}
