import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { RentalTemplatesListQuery } from '../../../contracts/rental-templates';
import type { Executor } from '../../platform/db/database';
import { likePattern, paged } from '../../platform/http/paging';
import { rentalTemplates } from './rental-templates.tables';

export type RentalTemplateRow = typeof rentalTemplates.$inferSelect;

const countAll = sql<number>`cast(count(*) as integer)`;

/** GET /api/rental-templates: one page in SQL; search looks at the name. */
export async function listRentalTemplates(db: Executor, query: RentalTemplatesListQuery) {
  const where: SQL | undefined = and(
    query.search ? sql`${rentalTemplates.name} ilike ${likePattern(query.search)}` : undefined,
    query.type ? eq(rentalTemplates.type, query.type) : undefined,
    query.status ? eq(rentalTemplates.status, query.status) : undefined,
  );
  const column = {
    name: rentalTemplates.name,
    type: rentalTemplates.type,
    status: rentalTemplates.status,
    is_default: rentalTemplates.isDefault,
    created_at: rentalTemplates.createdAt,
    updated_at: rentalTemplates.updatedAt,
  }[query.sort_by];
  const order = query.sort_order === 'asc' ? asc : desc;
  return paged(
    query.page,
    query.per_page,
    (limit, offset) =>
      db
        .select()
        .from(rentalTemplates)
        .where(where)
        .orderBy(order(column), asc(rentalTemplates.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: countAll }).from(rentalTemplates).where(where))[0]?.n ?? 0,
  );
}

export async function findRentalTemplate(db: Executor, id: number): Promise<RentalTemplateRow | null> {
  const [row] = await db.select().from(rentalTemplates).where(eq(rentalTemplates.id, id)).limit(1);
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
