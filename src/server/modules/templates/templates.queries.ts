import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { EmailTemplatesListQuery } from '../../../contracts/email-templates';
import type { RentalTemplatesListQuery } from '../../../contracts/rental-templates';
import type { Executor } from '../../platform/db/database';
import { likePattern, paged } from '../../platform/http/paging';
import { emailTemplates, rentalTemplates } from './templates.tables';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
export type RentalTemplateRow = typeof rentalTemplates.$inferSelect;

const countAll = sql<number>`cast(count(*) as integer)`;

type ListQuery = {
  search?: string;
  type?: string;
  status?: string;
  page: number;
  per_page: number;
  sort_order: 'asc' | 'desc';
};

/**
 * The one list rule of every template kind (spec 2 §7 "E-mail, rental templates"): search over the
 * kind's text columns, type and status filters, the chosen sort then the id, one page in SQL.
 */
function templatePage<Row>(
  query: ListQuery,
  columns: { search: AnyPgColumn[]; type: AnyPgColumn; status: AnyPgColumn; id: AnyPgColumn },
  sortColumn: AnyPgColumn,
  rows: (where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) => Promise<Row[]>,
  count: (where: SQL | undefined) => Promise<number>,
) {
  const pattern = query.search ? likePattern(query.search) : null;
  const where = and(
    pattern ? or(...columns.search.map((column) => sql`${column} ilike ${pattern}`)) : undefined,
    query.type ? eq(columns.type, query.type) : undefined,
    query.status ? eq(columns.status, query.status) : undefined,
  );
  const order = query.sort_order === 'asc' ? asc : desc;
  return paged(
    query.page,
    query.per_page,
    (limit, offset) => rows(where, [order(sortColumn), asc(columns.id)], limit, offset),
    () => count(where),
  );
}

/** GET /api/email-management/templates: search looks at name, subject and slug. */
export function listEmailTemplates(db: Executor, query: EmailTemplatesListQuery) {
  const t = emailTemplates;
  const sort = {
    name: t.name,
    subject: t.subject,
    type: t.type,
    status: t.status,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  }[query.sort_by];
  return templatePage(
    query,
    { search: [t.name, t.subject, t.slug], type: t.type, status: t.status, id: t.id },
    sort,
    (where, orderBy, limit, offset) =>
      db
        .select()
        .from(t)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    async (where) => (await db.select({ n: countAll }).from(t).where(where))[0]?.n ?? 0,
  );
}

/** GET /api/rental-templates: search looks at the name. */
export function listRentalTemplates(db: Executor, query: RentalTemplatesListQuery) {
  const t = rentalTemplates;
  const sort = {
    name: t.name,
    type: t.type,
    status: t.status,
    is_default: t.isDefault,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  }[query.sort_by];
  return templatePage(
    query,
    { search: [t.name], type: t.type, status: t.status, id: t.id },
    sort,
    (where, orderBy, limit, offset) =>
      db
        .select()
        .from(t)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    async (where) => (await db.select({ n: countAll }).from(t).where(where))[0]?.n ?? 0,
  );
}

export async function findEmailTemplate(db: Executor, id: number): Promise<EmailTemplateRow | null> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id)).limit(1);
  return row ?? null;
}

export async function findRentalTemplate(db: Executor, id: number): Promise<RentalTemplateRow | null> {
  const [row] = await db.select().from(rentalTemplates).where(eq(rentalTemplates.id, id)).limit(1);
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

/** The active default template of a document type, for rentals (spec 3) to render documents with. */
export async function findDefaultRentalTemplate(db: Executor, type: string) {
  const [row] = await db
    .select()
    .from(rentalTemplates)
    .where(
      and(
        eq(rentalTemplates.type, type),
        eq(rentalTemplates.isDefault, true),
        eq(rentalTemplates.status, 'active'),
      ),
    )
    .limit(1);
  return row ?? null;
}
