import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { OrdersListQuery } from '../../../contracts/orders';
import type { PurchaseHistoryFilters } from '../../../contracts/stock';
import type { Executor } from '../../platform/db/database';
import {
  type ChangesScope,
  changesScope,
  changesSideRead,
  keptMatchesPage,
} from '../../platform/db/kept-by-changes';
import {
  type FirstPageKey,
  firstPageShape,
  inFirstIds,
  inIdsPlaceholder,
  isFirstPageRead,
  preparedStatement,
  preparedStatements,
} from '../../platform/db/prepared';
import { qualified } from '../../platform/db/qualified';
import { keptCountColumn, rowCount } from '../../platform/db/row-counts';
import { filteredPageIds, searchedIds } from '../../platform/db/searched-page';
import {
  inIdOrder,
  likePattern,
  type PageRows,
  paged,
  rowsOfPage,
  rowsWithTotal,
} from '../../platform/http/paging';
import { orderItems, orders } from './orders.tables';

export type OrderListFilters = Pick<
  OrdersListQuery,
  'search' | 'delivery_status' | 'payment_status' | 'order_from' | 'date_from' | 'date_to'
>;
export type OrderListOrder = Pick<OrdersListQuery, 'sort' | 'direction'>;

/** Exactly the expression of the trigram index orders_search_trgm (orders.tables.ts), so it is used. */
export const ORDER_SEARCH_TEXT = sql`(${orders.orderCode} || ' ' || coalesce(${orders.customerFirstName}, '') || ' ' || coalesce(${orders.customerLastName}, '') || ' ' || coalesce(${orders.customerEmail}, ''))`;

/** An order the shop still has: deleted orders (docs/decisions/0030) are in no list. */
export const orderNotDeleted = isNull(orders.deletedAt);

/**
 * A YYYY-MM-DD bound on a timestamp, read as a whole day of the shop's time zone: the day's start
 * (or the next day's start) as an instant, so the created_at index can serve the range.
 */
const onOrAfter = (column: SQL, date: string, timeZone: string) =>
  sql`${column} >= (${date}::date)::timestamp at time zone ${timeZone}`;
const onOrBefore = (column: SQL, date: string, timeZone: string) =>
  sql`${column} < ((${date}::date + 1)::timestamp at time zone ${timeZone})`;

export function orderFilters(query: OrderListFilters, timeZone: string): SQL {
  const createdAt = sql`${orders.createdAt}`;
  const conditions: (SQL | undefined)[] = [
    orderNotDeleted,
    query.search ? sql`${ORDER_SEARCH_TEXT} ilike ${likePattern(query.search)}` : undefined,
    query.delivery_status ? eq(orders.deliveryStatus, query.delivery_status) : undefined,
    query.payment_status ? eq(orders.paymentStatus, query.payment_status) : undefined,
    query.order_from ? eq(orders.orderFrom, query.order_from) : undefined,
    query.date_from ? onOrAfter(createdAt, query.date_from, timeZone) : undefined,
    query.date_to ? onOrBefore(createdAt, query.date_to, timeZone) : undefined,
  ];
  return and(...conditions)!;
}

const CUSTOMER_SORT = sql`lower(trim(coalesce(${orders.customerFirstName}, '') || ' ' || coalesce(${orders.customerLastName}, '')))`;

const SORT_COLUMNS: Record<OrderListOrder['sort'], SQL> = {
  created_at: sql`${orders.createdAt}`,
  order_code: sql`${orders.orderCode}`,
  customer: CUSTOMER_SORT,
  grand_total: sql`${orders.grandTotal}`,
  delivery_status: sql`${orders.deliveryStatus}`,
  payment_status: sql`${orders.paymentStatus}`,
};

/** The type each sort key is compared as, when a batch starts after a row (orderBatchAfter). */
const SORT_KEY_TYPES: Record<OrderListOrder['sort'], SQL> = {
  created_at: sql.raw('timestamptz'),
  order_code: sql.raw('text'),
  customer: sql.raw('text'),
  grand_total: sql.raw('numeric'),
  delivery_status: sql.raw('text'),
  payment_status: sql.raw('text'),
};

/** The list's order; equal values keep a stable order by id in the same direction. */
export function orderOrder(query: OrderListOrder): SQL[] {
  const by = query.direction === 'asc' ? asc : desc;
  return [by(SORT_COLUMNS[query.sort]), by(orders.id)];
}

const orderListColumns = {
  id: orders.id,
  orderCode: orders.orderCode,
  customerFirstName: orders.customerFirstName,
  customerLastName: orders.customerLastName,
  customerEmail: orders.customerEmail,
  orderFrom: orders.orderFrom,
  deliveryStatus: orders.deliveryStatus,
  paymentStatus: orders.paymentStatus,
  grandTotal: orders.grandTotal,
  amountPaid: orders.amountPaid,
  currencyCode: orders.currencyCode,
  currencySymbol: orders.currencySymbol,
  createdAt: orders.createdAt,
  // Each row's item count in the same statement (the page, the export's batch), through the
  // order_items index: no query per order, and no second round trip for the counts.
  itemsCount: sql<number>`(select cast(count(*) as integer) from ${orderItems} where ${qualified(orderItems.orderId)} = ${qualified(orders.id)})`,
};

export type OrderListDbRow = {
  id: number;
  orderCode: string;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerEmail: string | null;
  orderFrom: string;
  deliveryStatus: string;
  paymentStatus: string;
  grandTotal: string;
  amountPaid: string;
  currencyCode: string;
  currencySymbol: string;
  createdAt: Date;
  itemsCount: number;
};

/** Whether the list shows every order the shop keeps (no search, no filter). */
function isWholeList(query: OrderListFilters): boolean {
  return (
    !query.search &&
    !query.delivery_status &&
    !query.payment_status &&
    !query.order_from &&
    !query.date_from &&
    !query.date_to
  );
}

/**
 * The whole list's page of ids in each order, with the kept count of orders (decision 0044):
 * prepared, as the hot read (issue 13), from the sort's index of live orders alone, so a deep page
 * does not read every order before it (issue 18).
 */
const wholeListIds = preparedStatements(
  (db, key: `${OrderListOrder['sort']}:${OrderListOrder['direction']}`) => {
    const [sort, direction] = key.split(':') as [OrderListOrder['sort'], OrderListOrder['direction']];
    return db
      .select({ id: orders.id, total: keptCountColumn('orders') })
      .from(orders)
      .where(orderNotDeleted)
      .orderBy(...orderOrder({ sort, direction }))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`orders_page_${sort}_${direction}`);
  },
);

/** The page's orders by id, each with its item count. */
const rowsByIds = preparedStatement((db) =>
  db.select(orderListColumns).from(orders).where(inIdsPlaceholder(orders.id)).prepare('orders_list_rows'),
);

/**
 * The whole list's first page in each order and page size, each order with its item count, and the
 * kept count: one statement, planned once (docs/decisions/0099); a later page keeps its two.
 */
const wholeListFirstPage = preparedStatements((db, key: FirstPageKey<OrderListOrder['sort']>) => {
  const { sort, direction, size } = firstPageShape(key);
  const order = orderOrder({ sort, direction });
  return db
    .select({ ...orderListColumns, total: keptCountColumn('orders') })
    .from(orders)
    .where(inFirstIds(orders.id, orderNotDeleted, order, size))
    .orderBy(...order)
    .prepare(`orders_first_${sort}_${direction}_${size}`);
});

/**
 * Orders in list order, `limit` from `offset`, each with its item count: the page's ids, then those
 * rows, two statements each planned once (docs/decisions/0092). With the kept count of orders when
 * nothing is filtered, the count of the matches when searched. A search's matches are kept by this
 * process until an order the list shows changes (docs/decisions/0106): its next page reads only its
 * rows.
 */
async function orderPageWithTotal(
  db: Executor,
  query: OrderListFilters & OrderListOrder,
  timeZone: string,
  limit: number,
  offset: number,
  scope: ChangesScope | null,
): Promise<PageRows<OrderListDbRow>> {
  if (isWholeList(query) && isFirstPageRead(limit, offset)) {
    const rows = await wholeListFirstPage(db, `${query.sort}:${query.direction}:${limit}`).execute();
    return rowsWithTotal(rows);
  }
  if (isWholeList(query)) {
    const page = await wholeListIds(db, `${query.sort}:${query.direction}`).execute({ limit, offset });
    return rowsOfPage(page, (ids) => rowsByIds(db).execute({ ids }));
  }
  const list = {
    table: orders,
    id: orders.id,
    where: orderFilters(query, timeZone),
    sortKey: SORT_COLUMNS[query.sort],
    direction: query.direction,
  };
  if (query.search && scope) {
    const kept = await keptMatchesPage(scope, listKey(query, timeZone), limit, offset, (first) =>
      searchedIds(db, list, first),
    );
    if (kept) {
      const rows =
        kept.ids.length === 0 ? [] : inIdOrder(kept.ids, await rowsByIds(db).execute({ ids: kept.ids }));
      return { rows, total: kept.total };
    }
  }
  const page = await filteredPageIds(db, list, Boolean(query.search), limit, offset);
  return rowsOfPage(page, (ids) => rowsByIds(db).execute({ ids }));
}

/** What a list's rows depend on besides the orders: every filter, the sort, and the shop's time zone (its days). */
function listKey(query: OrderListFilters & OrderListOrder, timeZone: string): string {
  return JSON.stringify([
    query.search ?? null,
    query.delivery_status ?? null,
    query.payment_status ?? null,
    query.order_from ?? null,
    query.date_from ?? null,
    query.date_to ?? null,
    query.sort,
    query.direction,
    timeZone,
  ]);
}

/** Where the previous batch of an export ended: its last row's sort key and id. */
export type OrderBatchCursor = { sortKey: string; id: number };
export type OrderExportRow = OrderListDbRow & OrderBatchCursor;

/**
 * The export's next batch in list order, after `cursor` (keyset paging): each batch reads only its
 * own rows through the sort's index, where OFFSET batches read every row before them again (the
 * 100,000-row export slowed with every batch, issue 18). Rows carry their sort key as text for the
 * next batch.
 */
export async function orderBatchAfter(
  db: Executor,
  query: OrderListFilters & OrderListOrder,
  timeZone: string,
  limit: number,
  cursor: OrderBatchCursor | null,
): Promise<OrderExportRow[]> {
  const key = SORT_COLUMNS[query.sort];
  const after = cursor
    ? sql`(${key}, ${orders.id}) ${sql.raw(query.direction === 'asc' ? '>' : '<')} (cast(${cursor.sortKey} as ${SORT_KEY_TYPES[query.sort]}), ${cursor.id})`
    : undefined;
  return db
    .select({ ...orderListColumns, sortKey: sql<string>`(${key})::text` })
    .from(orders)
    .where(and(orderFilters(query, timeZone), after))
    .orderBy(...orderOrder(query))
    .limit(limit);
}

/**
 * The matching total: the kept orders' count that triggers maintain when nothing is filtered, else
 * an exact count through the filter's index (docs/decisions/0044).
 */
async function countOrders(db: Executor, query: OrderListFilters, timeZone: string): Promise<number> {
  if (isWholeList(query)) return rowCount(db, 'orders');
  const [row] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(orders)
    .where(orderFilters(query, timeZone));
  return row?.n ?? 0;
}

/**
 * One page of the orders list (spec 1 §2, §7), kept by this process under the orders' change count
 * (docs/decisions/0106): the same page again reads only that count, with the session when the
 * route's statement carried it (`knownChanges`, ordersChangesSideRead).
 */
export async function listOrders(
  db: Executor,
  query: OrdersListQuery,
  timeZone: string,
  knownChanges?: string | null,
) {
  const scope = await changesScope(db, 'orders', knownChanges);
  const read = () =>
    paged(
      query.page,
      query.per_page,
      (limit, offset) => orderPageWithTotal(db, query, timeZone, limit, offset, scope),
      () => countOrders(db, query, timeZone),
    );
  return scope
    ? scope.keep(`page\u0000${listKey(query, timeZone)}\u0000${query.page}\u0000${query.per_page}`, read)
    : read();
}

/** The orders list's change count, read with the session by the list's route (decision 0103). */
export const ordersChangesSideRead = changesSideRead('orders');

// Purchase history (DECISIONS 13) ----------------------------------------------------------------

export type PurchaseItem = { productId: number; variantId: number | null };

function purchaseConditions(item: PurchaseItem, filters: PurchaseHistoryFilters, timeZone: string): SQL {
  const createdAt = sql`${orders.createdAt}`;
  return and(
    orderNotDeleted,
    eq(orderItems.productId, item.productId),
    item.variantId === null ? undefined : eq(orderItems.variantId, item.variantId),
    filters.date_from ? onOrAfter(createdAt, filters.date_from, timeZone) : undefined,
    filters.date_to ? onOrBefore(createdAt, filters.date_to, timeZone) : undefined,
  )!;
}

export type PurchaseDbRow = {
  id: number;
  orderId: number;
  orderCode: string;
  createdAt: Date;
  customerFirstName: string | null;
  customerLastName: string | null;
  customerEmail: string | null;
  variantLabel: string | null;
  quantity: number;
  price: string;
  lineTotal: string;
  currencySymbol: string;
  paymentStatus: string;
  deliveryStatus: string;
};

/** One page of the order lines that bought a product (any variant) or one variant, newest first. */
export async function purchasePage(
  db: Executor,
  item: PurchaseItem,
  filters: PurchaseHistoryFilters,
  timeZone: string,
  page: number,
  perPage: number,
) {
  const where = purchaseConditions(item, filters, timeZone);
  return paged<PurchaseDbRow>(
    page,
    perPage,
    (limit, offset) =>
      db
        .select({
          id: orderItems.id,
          orderId: orders.id,
          orderCode: orders.orderCode,
          createdAt: orders.createdAt,
          customerFirstName: orders.customerFirstName,
          customerLastName: orders.customerLastName,
          customerEmail: orders.customerEmail,
          variantLabel: orderItems.variantLabel,
          quantity: orderItems.quantity,
          price: orderItems.price,
          lineTotal: orderItems.lineTotal,
          currencySymbol: orders.currencySymbol,
          paymentStatus: orders.paymentStatus,
          deliveryStatus: orders.deliveryStatus,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id), asc(orderItems.position), asc(orderItems.id))
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: sql<number>`cast(count(*) as integer)` })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(where)
      )[0]?.n ?? 0,
  );
}
