import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { STOCK_MESSAGES as M } from '../../../contracts/stock';
import { AppError, fieldError } from '../../../domain/errors';
import {
  isValidStockQuantity,
  movementTypeFor,
  planDeduction,
  type StockHolding,
  type StockReason,
  type StockReferenceType,
  type StockTake,
  stockAlertFor,
  takeMovements,
} from '../../../domain/stock/stock-rules';
import type { Tx } from '../../platform/db/database';
import {
  inIdsPlaceholder,
  placeholders,
  preparedStatement,
  preparedStatements,
} from '../../platform/db/prepared';
import { notFound } from '../../platform/http/errors';
import { getSetting, getSettings } from '../../platform/settings/settings-store';
import { productStocks, products } from '../catalogue/catalogue.tables';
import { stockAlertsMail } from './send-stock-alerts';
import { locationRowsOf } from './stock.queries';
import {
  locationStocks,
  stockAlerts,
  stockDeductions,
  stockMovements,
  stockNotes,
  storeLocations,
} from './stock.tables';

/**
 * The one owner of every change of stock (issue 4, docs/decisions/0018). Each function works in the
 * CALLER's transaction and first locks the product's row (`select … for no key update`): every change of
 * one product's stock, and the product form's save, take that lock first, so they queue one behind
 * the other and what they read under it stays true until they commit. The writes are conditional
 * updates as well (`… where qty + delta >= 0`), and location rows have a CHECK, so stock cannot go
 * below zero even if a path forgot the lock. Each change writes one movement per place it touched.
 *
 * A caller that checks stock before it sells (the checkout) locks through `lockStockItems`, in the
 * same order (products first, by id), never the variant rows alone: a sale holding a variant's row
 * while waiting for its product's, against a stock update holding the product's and waiting for the
 * variant's, was a deadlock (docs/decisions/0088).
 *
 * A failed call throws before it writes anything, except `deduct` when a conditional write of its
 * one statement moved nothing (docs/decisions/0113), which cannot happen under the lock; callers
 * let their transaction roll back on any throw.
 */

/** A product (variantId null) or one of its variants. */
export type StockItem = { productId: number; variantId: number | null };
/** What a movement belongs to; `label` (an order's code) is kept on the movement for its history. */
export type StockReference = { type: StockReferenceType; id: number; label?: string };

export type DeductInput = StockItem & {
  quantity: number;
  reference: StockReference;
  /** order_deduction (default) or rental_deduction (spec 2 §9). */
  reason?: Extract<StockReason, 'order_deduction' | 'rental_deduction'>;
  /** Take from this location only; otherwise unplaced stock first, then locations by id. */
  storeLocationId?: number | null;
  userId: number | null;
  notes?: string | null;
};
export type DeductResult =
  | { status: 'deducted'; quantityBefore: number; quantityAfter: number; takenFrom: StockTake[] }
  | { status: 'already_deducted' }
  /** Stock management is off (spec 2 §4): nothing was deducted and nothing is recorded. */
  | { status: 'disabled' };

export type ReturnInput = StockItem & {
  reference: StockReference;
  /** order_cancellation (default) or rental_return (spec 2 §9, DECISIONS 6). */
  reason?: Extract<StockReason, 'order_cancellation' | 'rental_return'>;
  userId: number | null;
  notes?: string | null;
};
export type ReturnResult =
  | { status: 'returned'; quantity: number; quantityBefore: number; quantityAfter: number }
  | { status: 'not_deducted' };

export type AdjustInput = StockItem & {
  /** Required while active store locations exist (spec 2 §5); must name an active location. */
  storeLocationId: number | null;
  newQuantity: number;
  reason?: StockReason;
  userId: number | null;
  notes?: string | null;
};
export type AdjustResult = {
  /** The quantity that was set: at the location when one was named, else the item's total. */
  oldQuantity: number;
  newQuantity: number;
  /** The item's total (products.stock_quantity or product_stocks.qty) before and after. */
  totalBefore: number;
  totalAfter: number;
  /** False when the count confirmed the stock: nothing moved and no movement was written. */
  changed: boolean;
};

type LockedItem = StockItem & {
  name: string;
  total: number;
  threshold: number;
  /** Where the item's stock is, when read with the lock (lockStockItems): holdingsOf need not read it. */
  holdings?: StockHolding[];
};

/** What lockStockItems read under a product's lock, for the next lockItem of that product. */
type LockedRows = {
  name: string;
  isVariable: boolean;
  total: number;
  threshold: number;
  variants: Map<number, { label: string; qty: number }>;
  placements: { variantId: number | null; locationId: number; quantity: number }[];
};

/** Per transaction, the products lockStockItems locked and read, each used once (then read again). */
const lockedInTransaction = new WeakMap<Tx, Map<number, LockedRows>>();

/** The item from the rows lockStockItems read in this transaction, or null (not read: lock and read). */
function takeLocked(tx: Tx, item: StockItem): LockedItem | null {
  const locked = lockedInTransaction.get(tx);
  const product = locked?.get(item.productId);
  if (!product) return null;
  // Used once: any change of stock the service makes after this reads the product again.
  locked!.delete(item.productId);
  const variant = item.variantId === null ? null : product.variants.get(item.variantId);
  if (item.variantId !== null && !variant) return null;
  if (item.variantId === null && product.isVariable) throw fieldError('variant_id', M.selectVariant);
  const total = variant ? variant.qty : product.total;
  return {
    ...item,
    name: variant ? `${product.name} (${variant.label})` : product.name,
    total,
    threshold: product.threshold,
    holdings: holdingsFrom(
      total,
      product.placements.filter((p) => p.variantId === item.variantId),
    ),
  };
}

/** Locks the product's row, then reads the item's total under it. */
async function lockItem(tx: Tx, item: StockItem): Promise<LockedItem> {
  const known = takeLocked(tx, item);
  if (known) return known;
  const [product] = await tx
    .select({
      id: products.id,
      name: products.name,
      isVariable: products.isVariableProduct,
      stockQuantity: products.stockQuantity,
      threshold: products.lowStockThreshold,
    })
    .from(products)
    .where(eq(products.id, item.productId))
    .for('no key update');
  if (!product) throw notFound(M.productNotFound);
  if (item.variantId === null) {
    if (product.isVariable) throw fieldError('variant_id', M.selectVariant);
    return { ...item, name: product.name, total: product.stockQuantity, threshold: product.threshold };
  }
  const [variant] = await tx
    .select({ qty: productStocks.qty, variant: productStocks.variant })
    .from(productStocks)
    .where(and(eq(productStocks.id, item.variantId), eq(productStocks.productId, product.id)));
  if (!variant) throw fieldError('variant_id', product.isVariable ? M.variantNotFound : M.noVariants);
  return {
    ...item,
    name: `${product.name} (${variant.variant})`,
    total: variant.qty,
    threshold: product.threshold,
  };
}

/**
 * Locks the products of these items in one statement, in id order (the lock every change of their
 * stock takes first), then reads the items' totals and location rows under it: what a checkout
 * checks before it sells. The rows read are kept for the transaction, so the deduction that follows
 * reads nothing again; each product's rows serve the service's next call on that product once.
 * Answers each item's total (0 for an item that does not exist).
 */
export async function lockStockItems(
  tx: Tx,
  items: readonly StockItem[],
): Promise<(item: StockItem) => number> {
  const productIds = [...new Set(items.map((i) => i.productId))].sort((a, b) => a - b);
  const variantIds = [...new Set(items.flatMap((i) => (i.variantId === null ? [] : [i.variantId])))];
  if (productIds.length === 0) return () => 0;
  const productRows = await lockProductsStatement(tx).execute({ ids: productIds });
  // Under the products' locks, their variants and location rows cannot change: read, not locked.
  const variantRows = variantIds.length ? await lockedVariantsStatement(tx).execute({ ids: variantIds }) : [];
  const placementRows = await locationRowsOf(tx, productIds);

  const locked = lockedInTransaction.get(tx) ?? new Map<number, LockedRows>();
  lockedInTransaction.set(tx, locked);
  for (const p of productRows)
    locked.set(p.id, {
      ...p,
      variants: new Map(),
      placements: placementRows.filter((r) => r.productId === p.id),
    });
  for (const v of variantRows) locked.get(v.productId)?.variants.set(v.id, { label: v.label, qty: v.qty });

  const key = (productId: number, variantId: number | null) => `${productId}/${variantId ?? ''}`;
  const totals = new Map<string, number>();
  for (const p of productRows) if (!p.isVariable) totals.set(key(p.id, null), p.total);
  for (const v of variantRows) totals.set(key(v.productId, v.id), v.qty);
  return (item) => totals.get(key(item.productId, item.variantId)) ?? 0;
}

// A checkout's stock statements (docs/decisions/0091): built once per process.
const lockProductsStatement = preparedStatement((db) =>
  db
    .select({
      id: products.id,
      name: products.name,
      isVariable: products.isVariableProduct,
      total: products.stockQuantity,
      threshold: products.lowStockThreshold,
    })
    .from(products)
    .where(inIdsPlaceholder(products.id))
    .orderBy(asc(products.id))
    .for('no key update')
    .prepare('stock_lock_products'),
);
const lockedVariantsStatement = preparedStatement((db) =>
  db
    .select({
      id: productStocks.id,
      productId: productStocks.productId,
      label: productStocks.variant,
      qty: productStocks.qty,
    })
    .from(productStocks)
    .where(inIdsPlaceholder(productStocks.id))
    .prepare('stock_locked_variants'),
);

const itemLocationRows = (item: StockItem) =>
  and(
    eq(locationStocks.productId, item.productId),
    item.variantId === null ? isNull(locationStocks.variantId) : eq(locationStocks.variantId, item.variantId),
  );

/** Where the item's stock is: its location rows, and what no location holds (total minus their sum). */
function holdingsFrom(
  total: number,
  rows: readonly { locationId: number; quantity: number }[],
): StockHolding[] {
  const placed = rows.reduce((sum, r) => sum + r.quantity, 0);
  return [
    { locationId: null, quantity: total - placed },
    ...rows.map((r) => ({ locationId: r.locationId, quantity: r.quantity })),
  ];
}

/** The item's holdings, as read with its lock (lockStockItems) or from its location rows now. */
async function holdingsOf(tx: Tx, item: LockedItem): Promise<StockHolding[]> {
  if (item.holdings) return item.holdings;
  const rows = await tx
    .select({ locationId: locationStocks.storeLocationId, quantity: locationStocks.quantity })
    .from(locationStocks)
    .where(itemLocationRows(item))
    .orderBy(asc(locationStocks.storeLocationId));
  return holdingsFrom(item.total, rows);
}

/** Moves the item's total by delta; conditional, so it never goes below zero. Answers the new total. */
async function moveTotal(tx: Tx, item: LockedItem, delta: number): Promise<number> {
  if (item.variantId === null) {
    const [row] = await moveProductTotal(tx).execute({ id: item.productId, delta });
    if (!row) throw notEnough(item, item.total, -delta);
    return row.total;
  }
  const [row] = await moveVariantTotal(tx).execute({ id: item.variantId, delta });
  if (!row) throw notEnough(item, item.total, -delta);
  // A variable product's stock_quantity is the sum of its variants' (productStockQuantity).
  await moveVariableProductTotal(tx).execute({ id: item.productId, delta });
  return row.total;
}

const delta = sql.placeholder('delta');
const moveProductTotal = preparedStatement((db) =>
  db
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} + ${delta}` })
    .where(and(eq(products.id, sql.placeholder('id')), sql`${products.stockQuantity} + ${delta} >= 0`))
    .returning({ total: products.stockQuantity })
    .prepare('stock_move_product_total'),
);
const moveVariantTotal = preparedStatement((db) =>
  db
    .update(productStocks)
    .set({ qty: sql`${productStocks.qty} + ${delta}` })
    .where(and(eq(productStocks.id, sql.placeholder('id')), sql`${productStocks.qty} + ${delta} >= 0`))
    .returning({ total: productStocks.qty })
    .prepare('stock_move_variant_total'),
);
const moveVariableProductTotal = preparedStatement((db) =>
  db
    .update(products)
    .set({ stockQuantity: sql`greatest(${products.stockQuantity} + ${delta}, 0)` })
    .where(eq(products.id, sql.placeholder('id')))
    .prepare('stock_move_variable_product_total'),
);

/** An item's row at one location moved by delta, never below zero: a product's, or a variant's. */
const moveAtLocationStatement = preparedStatements((db, shape: 'product' | 'variant') =>
  db
    .update(locationStocks)
    .set({ quantity: sql`${locationStocks.quantity} + ${delta}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(locationStocks.productId, sql.placeholder('productId')),
        shape === 'product'
          ? isNull(locationStocks.variantId)
          : eq(locationStocks.variantId, sql.placeholder('variantId')),
        eq(locationStocks.storeLocationId, sql.placeholder('locationId')),
        sql`${locationStocks.quantity} + ${delta} >= 0`,
      ),
    )
    .returning({ id: locationStocks.id })
    .prepare(`stock_move_at_location_${shape}`),
);

/** Moves the item's stock at one location by delta (creating its row on the way up). */
async function moveAtLocation(tx: Tx, item: StockItem, locationId: number, delta: number): Promise<void> {
  const updated = await moveAtLocationStatement(tx, item.variantId === null ? 'product' : 'variant').execute({
    productId: item.productId,
    variantId: item.variantId,
    locationId,
    delta,
  });
  if (updated.length > 0) return;
  if (delta < 0) throw new AppError('conflict', M.notEnoughStock('this item at this location', 0, -delta));
  await tx.insert(locationStocks).values({ ...item, storeLocationId: locationId, quantity: delta });
}

function notEnough(item: LockedItem, available: number, requested: number): AppError {
  return new AppError('conflict', M.notEnoughStock(item.name, Math.max(0, available), requested), undefined, {
    product_id: item.productId,
    variant_id: item.variantId,
    available: Math.max(0, available),
    requested,
  });
}

async function writeMovement(
  tx: Tx,
  item: StockItem,
  change: {
    locationId: number | null;
    before: number;
    after: number;
    reason: StockReason;
    reference?: StockReference;
    userId: number | null;
    notes?: string | null | undefined;
  },
): Promise<void> {
  await insertMovement(tx).execute({
    productId: item.productId,
    variantId: item.variantId,
    storeLocationId: change.locationId,
    movementType: movementTypeFor(change.before, change.after),
    reason: change.reason,
    quantityChanged: change.after - change.before,
    quantityBefore: change.before,
    quantityAfter: change.after,
    referenceType: change.reference?.type ?? null,
    referenceId: change.reference?.id ?? null,
    referenceLabel: change.reference?.label ?? null,
    userId: change.userId,
    notes: change.notes ?? null,
  });
}

const insertMovement = preparedStatement((db) =>
  db
    .insert(stockMovements)
    .values(
      placeholders(stockMovements, [
        'productId',
        'variantId',
        'storeLocationId',
        'movementType',
        'reason',
        'quantityChanged',
        'quantityBefore',
        'quantityAfter',
        'referenceType',
        'referenceId',
        'referenceLabel',
        'userId',
        'notes',
      ]),
    )
    .prepare('stock_movement_insert'),
);

/**
 * Queues the low-stock or out-of-stock e-mail a fall of stock calls for, when that notification is
 * switched on, with the job that mails it (stockAlertsMail) in the caller's transaction.
 */
async function queueAlert(tx: Tx, item: LockedItem, before: number, after: number): Promise<void> {
  const kind = stockAlertFor(before, after, item.threshold);
  if (kind === null) return;
  const settings = await getSettings(tx, ['low_stock_email_notifications', 'out_of_stock_notifications']);
  const wanted =
    kind === 'low_stock' ? settings.low_stock_email_notifications : settings.out_of_stock_notifications;
  if (!wanted) return;
  await tx.insert(stockAlerts).values({
    productId: item.productId,
    variantId: item.variantId,
    kind,
    quantity: after,
    threshold: item.threshold,
  });
  await stockAlertsMail.enqueue(tx, {}, new Date());
}

const referenceRow = (item: StockItem, reference: StockReference) =>
  and(
    eq(stockDeductions.referenceType, reference.type),
    eq(stockDeductions.referenceId, reference.id),
    eq(stockDeductions.productId, item.productId),
    item.variantId === null
      ? isNull(stockDeductions.variantId)
      : eq(stockDeductions.variantId, item.variantId),
  );

async function isDeducted(tx: Tx, item: StockItem, reference: StockReference): Promise<boolean> {
  const [row] = await tx
    .select({ id: stockDeductions.id })
    .from(stockDeductions)
    .where(referenceRow(item, reference));
  return row !== undefined;
}

/** Whether stock features are on (spec 2 §4 stock_management_enabled). */
export async function isStockManagementEnabled(tx: Tx): Promise<boolean> {
  return getSetting(tx, 'stock_management_enabled');
}

/** Whether any active store location exists: then a manual update must name one (spec 2 §5). */
export async function hasActiveStoreLocations(tx: Tx): Promise<boolean> {
  const [row] = await tx
    .select({ id: storeLocations.id })
    .from(storeLocations)
    .where(eq(storeLocations.isActive, true))
    .limit(1);
  return row !== undefined;
}

/** A placeholder with its type, where PostgreSQL cannot infer it (a select list, unnest). */
const param = (name: string, type: string) => sql`cast(${sql.placeholder(name)} as ${sql.raw(type)})`;

/**
 * A deduction in one statement (docs/decisions/0113), for a product or for a variant: the deduction's
 * row, then, only when it was inserted, the item's location rows (`placedAt`, `placedQuantities`),
 * its total (a variant's, then its product's sum), and its movements (`movedAt`: 0 for no location).
 * Each write is conditional, so no quantity goes below zero: answers how many rows each moved.
 */
const deductionStatement = preparedStatements((db, shape: 'product' | 'variant') => {
  const productId = param('productId', 'integer');
  const variantId = param('variantId', 'integer');
  const quantity = param('quantity', 'integer');
  const referenceType = param('referenceType', 'text');
  const referenceId = param('referenceId', 'integer');
  const inserted = sql`exists (select from deduction)`;
  const cte = <K extends string>(name: string, columns: readonly K[], body: SQL) =>
    db
      .$with(
        name,
        Object.fromEntries(columns.map((c) => [c, sql<number>`${sql.identifier(c)}`])) as Record<
          K,
          SQL<number>
        >,
      )
      .as(body);
  const deduction = cte(
    'deduction',
    ['id'],
    sql`insert into stock_deductions (reference_type, reference_id, product_id, variant_id, quantity, taken_from)
      values (${referenceType}, ${referenceId}, ${productId}, ${variantId}, ${quantity}, ${param('takenFrom', 'jsonb')})
      on conflict do nothing
      returning id`,
  );
  const placed = cte(
    'placed',
    ['id'],
    sql`update location_stocks ls set quantity = ls.quantity - t.quantity, updated_at = now()
      from unnest(${param('placedAt', 'integer[]')}, ${param('placedQuantities', 'integer[]')}) as t(location_id, quantity)
      where ls.product_id = ${productId}
        and ${shape === 'product' ? sql`ls.variant_id is null` : sql`ls.variant_id = ${variantId}`}
        and ls.store_location_id = t.location_id and ls.quantity - t.quantity >= 0 and ${inserted}
      returning ls.id`,
  );
  // A simple product's total is its stock_quantity; a variant's is its qty, and its product's
  // stock_quantity the sum of its variants' (productStockQuantity).
  const totals =
    shape === 'product'
      ? [
          cte(
            'item_total',
            ['total'],
            sql`update products set stock_quantity = stock_quantity - ${quantity}
              where id = ${productId} and stock_quantity - ${quantity} >= 0 and ${inserted}
              returning stock_quantity as total`,
          ),
        ]
      : [
          cte(
            'item_total',
            ['total'],
            sql`update product_stocks set qty = qty - ${quantity}
              where id = ${variantId} and product_id = ${productId} and qty - ${quantity} >= 0 and ${inserted}
              returning qty as total`,
          ),
          cte(
            'product_total',
            ['total'],
            sql`update products set stock_quantity = greatest(stock_quantity - ${quantity}, 0)
              where id = ${productId} and exists (select from item_total)
              returning stock_quantity as total`,
          ),
        ];
  const movements = cte(
    'movements',
    ['id'],
    sql`insert into stock_movements (product_id, variant_id, store_location_id, movement_type, reason,
        quantity_changed, quantity_before, quantity_after, reference_type, reference_id, reference_label,
        user_id, notes)
      select ${productId}, ${variantId}, nullif(m.location_id, 0), m.movement_type, ${param('reason', 'text')},
        m.after - m.before, m.before, m.after, ${referenceType}, ${referenceId},
        ${param('referenceLabel', 'text')}, ${param('userId', 'integer')}, ${param('notes', 'text')}
      from unnest(${param('movedAt', 'integer[]')}, ${param('befores', 'integer[]')}, ${param('afters', 'integer[]')},
        ${param('movementTypes', 'text[]')}) as m(location_id, before, after, movement_type)
      where ${inserted}
      returning id`,
  );
  return db
    .with(deduction, placed, ...totals, movements)
    .select({
      deducted: sql<number>`cast((select count(*) from deduction) as integer)`,
      placed: sql<number>`cast((select count(*) from placed) as integer)`,
      total: sql<number | null>`(select total from item_total)`,
    })
    .from(sql`(select 1) as one`)
    .prepare(`stock_deduction_${shape}`);
});

/**
 * Takes `quantity` of an item for an order or booking. Idempotent per reference and item
 * (DECISIONS 10): a second call answers `already_deducted` and changes nothing, until
 * `returnStock` gives the stock back. Not enough stock: 409 with the available quantity.
 */
export async function deduct(tx: Tx, input: DeductInput): Promise<DeductResult> {
  if (!Number.isInteger(input.quantity) || input.quantity <= 0)
    throw fieldError('quantity', M.deductQuantity);
  if (!(await isStockManagementEnabled(tx))) return { status: 'disabled' };
  const item = await lockItem(tx, { productId: input.productId, variantId: input.variantId });
  const holdings = await holdingsOf(tx, item);
  const plan = planDeduction(holdings, input.quantity, input.storeLocationId);
  if (!plan) {
    if (await isDeducted(tx, item, input.reference)) return { status: 'already_deducted' };
    const from = input.storeLocationId;
    const available = holdings
      .filter((h) => from == null || h.locationId === from)
      .reduce((sum, h) => sum + Math.max(0, h.quantity), 0);
    throw notEnough(item, available, input.quantity);
  }
  // One statement takes it all (docs/decisions/0113): the deduction (one per reference and item,
  // its unique index: a second one inserts nothing and moves nothing), the location rows, the totals
  // and one movement per place, each movement's quantities as they stand under the product's lock.
  const taken = plan.reduce((sum, t) => sum + t.quantity, 0);
  const placed = plan.filter((t) => t.locationId !== null);
  const movements = takeMovements(item.total, plan);
  const [row] = await deductionStatement(tx, item.variantId === null ? 'product' : 'variant').execute({
    referenceType: input.reference.type,
    referenceId: input.reference.id,
    referenceLabel: input.reference.label ?? null,
    productId: item.productId,
    variantId: item.variantId,
    quantity: taken,
    takenFrom: JSON.stringify(plan.map((t) => ({ location_id: t.locationId, quantity: t.quantity }))),
    placedAt: placed.map((t) => t.locationId!),
    placedQuantities: placed.map((t) => t.quantity),
    movedAt: movements.map((m) => m.locationId ?? 0),
    befores: movements.map((m) => m.before),
    afters: movements.map((m) => m.after),
    movementTypes: movements.map((m) => m.type),
    reason: input.reason ?? 'order_deduction',
    userId: input.userId,
    notes: input.notes ?? null,
  });
  if (!row || row.deducted === 0) return { status: 'already_deducted' };
  // The checks of the conditional writes: a caller's transaction rolls back on the throw.
  if (row.placed < placed.length)
    throw new AppError('conflict', M.notEnoughStock('this item at this location', 0, taken));
  if (row.total === null) throw notEnough(item, item.total, taken);
  const total = row.total;
  await queueAlert(tx, item, item.total, total);
  return { status: 'deducted', quantityBefore: item.total, quantityAfter: total, takenFrom: plan };
}

/**
 * Gives back what `deduct` took for this reference and item, to the places it came from (a location
 * deleted since then: to no location). Answers `not_deducted` when nothing is held, so a second
 * return changes nothing either.
 */
export async function returnStock(tx: Tx, input: ReturnInput): Promise<ReturnResult> {
  const item = await lockItem(tx, { productId: input.productId, variantId: input.variantId });
  const [held] = await tx
    .delete(stockDeductions)
    .where(referenceRow(item, input.reference))
    .returning({ quantity: stockDeductions.quantity, takenFrom: stockDeductions.takenFrom });
  if (!held) return { status: 'not_deducted' };

  let total = item.total;
  for (const part of held.takenFrom) {
    let locationId = part.location_id;
    if (locationId !== null) {
      // Shared lock: a location being deleted is waited for, then seen gone (not written to).
      const [location] = await tx
        .select({ id: storeLocations.id })
        .from(storeLocations)
        .where(eq(storeLocations.id, locationId))
        .for('share');
      if (location) await moveAtLocation(tx, item, locationId, part.quantity);
      else locationId = null;
    }
    const after = await moveTotal(tx, { ...item, total }, part.quantity);
    await writeMovement(tx, item, {
      locationId,
      before: total,
      after,
      reason: input.reason ?? 'order_cancellation',
      reference: input.reference,
      userId: input.userId,
      notes: input.notes,
    });
    total = after;
  }
  return { status: 'returned', quantity: held.quantity, quantityBefore: item.total, quantityAfter: total };
}

/**
 * Sets an item's stock to a counted quantity (spec 2 §5 stock update): at the named location when
 * one is named, which is required while active locations exist; else the item's total. The total
 * moves by the same difference. The history holds changes only (issue 11, docs/decisions/0026): a
 * count that confirms the stock writes no movement, and its notes, if any, are kept as a stock note.
 */
export async function adjust(tx: Tx, input: AdjustInput): Promise<AdjustResult> {
  if (!isValidStockQuantity(input.newQuantity)) throw fieldError('new_quantity', M.quantity);
  const item = await lockItem(tx, { productId: input.productId, variantId: input.variantId });
  const locationId = input.storeLocationId;
  if (locationId === null) {
    if (await hasActiveStoreLocations(tx)) throw fieldError('store_location_id', M.selectLocation);
  } else {
    // Shared lock: the location cannot be deleted or switched off until this count commits, and a
    // count that comes while it is being deleted waits and then hears it is gone.
    const [location] = await tx
      .select({ isActive: storeLocations.isActive })
      .from(storeLocations)
      .where(eq(storeLocations.id, locationId))
      .for('share');
    if (!location) throw fieldError('store_location_id', M.locationNotFound);
    if (!location.isActive) throw fieldError('store_location_id', M.locationInactive);
  }

  let oldQuantity = item.total;
  if (locationId !== null) {
    const [row] = await tx
      .select({ quantity: locationStocks.quantity })
      .from(locationStocks)
      .where(and(itemLocationRows(item), eq(locationStocks.storeLocationId, locationId)));
    oldQuantity = row?.quantity ?? 0;
  }
  const delta = input.newQuantity - oldQuantity;
  if (delta === 0) {
    if (input.notes)
      await tx.insert(stockNotes).values({
        productId: item.productId,
        variantId: item.variantId,
        note: input.notes,
        userId: input.userId,
      });
    return {
      oldQuantity,
      newQuantity: input.newQuantity,
      totalBefore: item.total,
      totalAfter: item.total,
      changed: false,
    };
  }
  if (locationId !== null) await moveAtLocation(tx, item, locationId, delta);
  const totalAfter = await moveTotal(tx, item, delta);
  await writeMovement(tx, item, {
    locationId,
    before: item.total,
    after: totalAfter,
    reason: input.reason ?? 'manual_update',
    userId: input.userId,
    notes: input.notes,
  });
  await queueAlert(tx, item, item.total, totalAfter);
  return { oldQuantity, newQuantity: input.newQuantity, totalBefore: item.total, totalAfter, changed: true };
}

export type SetInitialStockInput = StockItem & {
  quantity: number;
  userId: number | null;
  notes?: string | null;
};

/**
 * The stock a product form gives an item it creates (a new product, a new variation, or a product
 * that became simple): the item's total becomes `quantity`, placed at no location, with one
 * `initial_stock` movement. A quantity of 0 writes nothing. Existing items' stock changes only
 * through the stock update (`adjust`), deductions and returns (docs/decisions/0022).
 */
export async function setInitialStock(tx: Tx, input: SetInitialStockInput): Promise<void> {
  if (!isValidStockQuantity(input.quantity)) throw fieldError('stock_quantity', M.quantity);
  if (input.quantity === 0) return;
  const item = await lockItem(tx, { productId: input.productId, variantId: input.variantId });
  const after = await moveTotal(tx, item, input.quantity);
  await writeMovement(tx, item, {
    locationId: null,
    before: item.total,
    after,
    reason: 'initial_stock',
    userId: input.userId,
    notes: input.notes,
  });
}

export type DiscardInput = StockItem & { userId: number | null; notes?: string | null };

/**
 * Takes an item's whole stock out, at every location and at none, before the item goes away (a
 * variation removed in the product form, or a simple product's own stock when it becomes
 * variable): one `stock_adjustment` movement per place, so the history says where the stock went.
 */
export async function discardStock(tx: Tx, input: DiscardInput): Promise<void> {
  const item = await lockItem(tx, { productId: input.productId, variantId: input.variantId });
  let total = item.total;
  for (const holding of await holdingsOf(tx, item)) {
    if (holding.quantity <= 0) continue;
    if (holding.locationId !== null) await moveAtLocation(tx, item, holding.locationId, -holding.quantity);
    const after = await moveTotal(tx, { ...item, total }, -holding.quantity);
    await writeMovement(tx, item, {
      locationId: holding.locationId,
      before: total,
      after,
      reason: 'stock_adjustment',
      userId: input.userId,
      notes: input.notes,
    });
    total = after;
  }
}

export type PlaceInput = StockItem & {
  storeLocationId: number;
  quantity: number;
  userId: number | null;
  notes?: string | null;
};

/**
 * Puts stock held at no location (counted before locations existed) at a store location: the
 * item's total does not change, so the movement is an adjustment with reason `transfer_in`. Refuses
 * more than no location holds.
 */
export async function placeStock(tx: Tx, input: PlaceInput): Promise<void> {
  if (!Number.isInteger(input.quantity) || input.quantity <= 0)
    throw fieldError('quantity', M.deductQuantity);
  const item = await lockItem(tx, { productId: input.productId, variantId: input.variantId });
  const [unplaced] = await holdingsOf(tx, item);
  if (unplaced!.quantity < input.quantity) throw notEnough(item, unplaced!.quantity, input.quantity);
  await moveAtLocation(tx, item, input.storeLocationId, input.quantity);
  await writeMovement(tx, item, {
    locationId: input.storeLocationId,
    before: item.total,
    after: item.total,
    reason: 'transfer_in',
    userId: input.userId,
    notes: input.notes,
  });
}
