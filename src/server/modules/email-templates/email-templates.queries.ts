import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { EmailTemplatesListQuery } from '../../../contracts/email-templates';
import type { Executor } from '../../platform/db/database';
import { likePattern, paged } from '../../platform/http/paging';
import { emailTemplates } from './email-templates.tables';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;

const countAll = sql<number>`cast(count(*) as integer)`;

/** GET /api/email-management/templates: one page in SQL; search looks at name, subject and slug. */
export async function listEmailTemplates(db: Executor, query: EmailTemplatesListQuery) {
  const pattern = query.search ? likePattern(query.search) : null;
  const where: SQL | undefined = and(
    pattern
      ? or(
          sql`${emailTemplates.name} ilike ${pattern}`,
          sql`${emailTemplates.subject} ilike ${pattern}`,
          sql`${emailTemplates.slug} ilike ${pattern}`,
        )
      : undefined,
    query.type ? eq(emailTemplates.type, query.type) : undefined,
    query.status ? eq(emailTemplates.status, query.status) : undefined,
  );
  const column = {
    name: emailTemplates.name,
    subject: emailTemplates.subject,
    type: emailTemplates.type,
    status: emailTemplates.status,
    created_at: emailTemplates.createdAt,
    updated_at: emailTemplates.updatedAt,
  }[query.sort_by];
  const order = query.sort_order === 'asc' ? asc : desc;
  return paged(
    query.page,
    query.per_page,
    (limit, offset) =>
      db
        .select()
        .from(emailTemplates)
        .where(where)
        .orderBy(order(column), asc(emailTemplates.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: countAll }).from(emailTemplates).where(where))[0]?.n ?? 0,
  );
}

export async function findEmailTemplate(db: Executor, id: number): Promise<EmailTemplateRow | null> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id)).limit(1);
  return row ?? null;
}

/** The active template with this slug, for the code that sends e-mails of a kind. */
export async function findActiveEmailTemplateBySlug(db: Executor, slug: string) {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.slug, slug), eq(emailTemplates.status, 'active')))
    .limit(1);
  return row ?? null;
}
