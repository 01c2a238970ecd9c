import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { NotesHistoryFilters, StockHistoryFilters } from '../../../contracts/stock';
import { users } from '../../platform/auth/auth.tables';
import type { Executor } from '../../platform/db/database';
import { paged } from '../../platform/http/paging';
import { productStocks, products } from '../catalogue/catalogue.tables';
import { stockMovements, stockNotes, storeLocations } from './stock.tables';

/** A product (all its movements, its variants' too) or one variant of it. */
export type HistoryItem = { productId: number; variantId: number | null };

/** The product or variant a history is about; null when it does not exist (or the variant is not the product's). */
export async function findStockItem(db: Executor, item: HistoryItem) {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      isVariable: products.isVariableProduct,
      stock: products.stockQuantity,
    })
    .from(products)
    .where(and(eq(products.id, item.productId), isNull(products.deletedAt)));
  if (!product) return null;
  if (item.variantId === null) return { product, variant: null };
  const [variant] = await db
    .select({
      id: productStocks.id,
      variant: productStocks.variant,
      sku: productStocks.sku,
      qty: productStocks.qty,
    })
    .from(productStocks)
    .where(and(eq(productStocks.id, item.variantId), eq(productStocks.productId, product.id)));
  return variant ? { product, variant } : null;
}
export type FoundStockItem = NonNullable<Awaited<ReturnType<typeof findStockItem>>>;

/** A YYYY-MM-DD bound on a timestamp, read as the shop's day. */
const onOrAfter = (column: SQL, date: string, timeZone: string) =>
  sql`(${column} at time zone ${timeZone})::date >= ${date}::date`;
const onOrBefore = (column: SQL, date: string, timeZone: string) =>
  sql`(${column} at time zone ${timeZone})::date <= ${date}::date`;

function movementConditions(item: HistoryItem, filters: StockHistoryFilters, timeZone: string): SQL {
  const createdAt = sql`${stockMovements.createdAt}`;
  const conditions: (SQL | undefined)[] = [
    eq(stockMovements.productId, item.productId),
    item.variantId === null ? undefined : eq(stockMovements.variantId, item.variantId),
    filters.movement_type ? eq(stockMovements.movementType, filters.movement_type) : undefined,
    filters.reason ? eq(stockMovements.reason, filters.reason) : undefined,
    filters.user_id ? eq(stockMovements.userId, filters.user_id) : undefined,
    filters.date_from ? onOrAfter(createdAt, filters.date_from, timeZone) : undefined,
    filters.date_to ? onOrBefore(createdAt, filters.date_to, timeZone) : undefined,
  ];
  return and(...conditions)!;
}

const movementColumns = {
  id: stockMovements.id,
  productId: stockMovements.productId,
  variantId: stockMovements.variantId,
  productName: products.name,
  variantName: productStocks.variant,
  movementType: stockMovements.movementType,
  reason: stockMovements.reason,
  quantityChanged: stockMovements.quantityChanged,
  quantityBefore: stockMovements.quantityBefore,
  quantityAfter: stockMovements.quantityAfter,
  storeLocation: storeLocations.name,
  referenceType: stockMovements.referenceType,
  referenceId: stockMovements.referenceId,
  referenceLabel: stockMovements.referenceLabel,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  userEmail: users.email,
  notes: stockMovements.notes,
  createdAt: stockMovements.createdAt,
};
export type MovementRow = {
  id: number;
  productId: number;
  variantId: number | null;
  productName: string;
  variantName: string | null;
  movementType: string;
  reason: string;
  quantityChanged: number;
  quantityBefore: number;
  quantityAfter: number;
  storeLocation: string | null;
  referenceType: string | null;
  referenceId: number | null;
  referenceLabel: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  userEmail: string | null;
  notes: string | null;
  createdAt: Date;
};

function movementsSelect(db: Executor) {
  return db
    .select(movementColumns)
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(productStocks, eq(productStocks.id, stockMovements.variantId))
    .leftJoin(storeLocations, eq(storeLocations.id, stockMovements.storeLocationId))
    .leftJoin(users, eq(users.id, stockMovements.userId));
}

/** One batch of an item's movements, newest first. */
export function movementBatch(
  db: Executor,
  item: HistoryItem,
  filters: StockHistoryFilters,
  timeZone: string,
  limit: number,
  offset: number,
): Promise<MovementRow[]> {
  return movementsSelect(db)
    .where(movementConditions(item, filters, timeZone))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit)
    .offset(offset);
}

export function movementPage(
  db: Executor,
  item: HistoryItem,
  filters: StockHistoryFilters,
  timeZone: string,
  page: number,
  perPage: number,
) {
  return paged(
    page,
    perPage,
    (limit, offset) => movementBatch(db, item, filters, timeZone, limit, offset),
    async () => {
      const [row] = await db
        .select({ total: sql<number>`cast(count(*) as integer)` })
        .from(stockMovements)
        .where(movementConditions(item, filters, timeZone));
      return row?.total ?? 0;
    },
  );
}

/** The latest movements of the whole shop (spec 2 §3 Stock overview recent_movements). */
export function recentMovements(db: Executor, limit: number): Promise<MovementRow[]> {
  return movementsSelect(db)
    .where(isNull(products.deletedAt))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(limit);
}

/** Who made movements (or wrote notes) of the item: the user filter's choices. */
export async function historyUsers(db: Executor, item: HistoryItem, of: 'movements' | 'notes') {
  const table = of === 'movements' ? stockMovements : stockNotes;
  return db
    .selectDistinct({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(
      and(
        eq(table.productId, item.productId),
        item.variantId === null ? undefined : eq(table.variantId, item.variantId),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

function noteConditions(item: HistoryItem, filters: NotesHistoryFilters, timeZone: string): SQL {
  const createdAt = sql`${stockNotes.createdAt}`;
  return and(
    eq(stockNotes.productId, item.productId),
    item.variantId === null ? undefined : eq(stockNotes.variantId, item.variantId),
    filters.user_id ? eq(stockNotes.userId, filters.user_id) : undefined,
    filters.date_from ? onOrAfter(createdAt, filters.date_from, timeZone) : undefined,
    filters.date_to ? onOrBefore(createdAt, filters.date_to, timeZone) : undefined,
  )!;
}

export type NoteRow = {
  id: number;
  productId: number;
  variantId: number | null;
  note: string;
  productName: string;
  productSku: string | null;
  variantName: string | null;
  variantSku: string | null;
  userId: number | null;
  userFirstName: string | null;
  userLastName: string | null;
  userEmail: string | null;
  createdAt: Date;
};

export function noteBatch(
  db: Executor,
  item: HistoryItem,
  filters: NotesHistoryFilters,
  timeZone: string,
  limit: number,
  offset: number,
): Promise<NoteRow[]> {
  return db
    .select({
      id: stockNotes.id,
      productId: stockNotes.productId,
      variantId: stockNotes.variantId,
      note: stockNotes.note,
      productName: products.name,
      productSku: products.sku,
      variantName: productStocks.variant,
      variantSku: productStocks.sku,
      userId: stockNotes.userId,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      userEmail: users.email,
      createdAt: stockNotes.createdAt,
    })
    .from(stockNotes)
    .innerJoin(products, eq(products.id, stockNotes.productId))
    .leftJoin(productStocks, eq(productStocks.id, stockNotes.variantId))
    .leftJoin(users, eq(users.id, stockNotes.userId))
    .where(noteConditions(item, filters, timeZone))
    .orderBy(desc(stockNotes.createdAt), desc(stockNotes.id))
    .limit(limit)
    .offset(offset);
}

export function notePage(
  db: Executor,
  item: HistoryItem,
  filters: NotesHistoryFilters,
  timeZone: string,
  page: number,
  perPage: number,
) {
  return paged(
    page,
    perPage,
    (limit, offset) => noteBatch(db, item, filters, timeZone, limit, offset),
    async () => {
      const [row] = await db
        .select({ total: sql<number>`cast(count(*) as integer)` })
        .from(stockNotes)
        .where(noteConditions(item, filters, timeZone));
      return row?.total ?? 0;
    },
  );
}
