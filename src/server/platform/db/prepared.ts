import { getTableColumns, Param, type SQL, sql, type Table } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './database';
import { qualified } from './qualified';

/** What drizzle's sessions and prepared queries (node-postgres and PGlite alike) run on. */
type Connected = { client?: unknown };

/** The connection a handle runs on: the pool or PGlite for a database, the held connection for a transaction. */
function connectionOf(db: Executor): object | null {
  const session = (db as unknown as { session?: Connected }).session;
  const client = session?.client;
  return typeof client === 'object' && client !== null ? client : null;
}

/**
 * The drizzle database a handle belongs to: its session's options (logger, cache), which its
 * transactions' sessions share. A statement built for it runs on any of its connections.
 */
function databaseOf(db: Executor): object | null {
  const options = (db as unknown as { session?: { options?: unknown } }).session?.options;
  return typeof options === 'object' && options !== null ? options : null;
}

/**
 * A statement built once per database (issue 13, docs/decisions/0091), so once per process in
 * production: drizzle turns the query into SQL once instead of on every request, and PostgreSQL
 * parses and plans the named statement once per connection. `build` must take everything that
 * varies through `sql.placeholder`. A prepared query runs on the connection it holds (`client`); for another
 * handle, a database or a transaction, it is the same query over that handle's connection: an
 * object whose own `client` is the handle's and whose prototype is the built query, made once per
 * connection. So a transaction's statements cost no build either, and run inside the transaction.
 */
export function preparedStatement<T>(build: (db: Executor) => T): (db: Executor) => T {
  // Per database: the built query, and its copy for each connection that ran it.
  const built = new WeakMap<object, { template: T; byConnection: WeakMap<object, T> }>();
  // A statement that cannot move to another connection, built for its handle.
  const byHandle = new WeakMap<Executor, T>();
  const forHandle = (db: Executor, statement = build(db)) => {
    byHandle.set(db, statement);
    return statement;
  };
  return (db) => {
    const own = byHandle.get(db);
    if (own !== undefined) return own;
    const connection = connectionOf(db);
    const database = databaseOf(db);
    // Not a drizzle session over a client (no such handle today): built for the handle itself.
    if (connection === null || database === null) return forHandle(db);
    let kept = built.get(database);
    if (kept === undefined) {
      const template = build(db);
      // Not a prepared query: it runs where it was built, so it is built for each handle.
      if (!isConnected(template)) return forHandle(db, template);
      // The template keeps no connection of its own (a transaction's, or a test database's PGlite).
      template.client = null;
      kept = { template, byConnection: new WeakMap() };
      built.set(database, kept);
    }
    let statement = kept.byConnection.get(connection);
    if (statement === undefined) {
      statement = Object.create(kept.template as object, { client: { value: connection } }) as T;
      kept.byConnection.set(connection, statement);
    }
    return statement;
  };
}

function isConnected(statement: unknown): statement is Connected {
  return typeof statement === 'object' && statement !== null && Object.hasOwn(statement, 'client');
}

/**
 * The same, for a statement that comes in a few shapes (a list's sort and direction): one
 * statement per shape, named after its shape by `build`.
 */
export function preparedStatements<K extends string, T>(
  build: (db: Executor, key: K) => T,
): (db: Executor, key: K) => T {
  const byKey = new Map<K, (db: Executor) => T>();
  return (db, key) => {
    let statement = byKey.get(key);
    if (!statement) {
      statement = preparedStatement((handle) => build(handle, key));
      byKey.set(key, statement);
    }
    return statement(db);
  };
}

/**
 * `column` is one of a list of integer ids given at execution (`execute({ [name]: ids })`): the
 * prepared form of `inArray`, one statement whatever the list's length.
 */
export function inIdsPlaceholder(column: AnyPgColumn, name = 'ids'): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::integer[])`;
}

/**
 * The page sizes the back office's lists offer (their pickers, src/web/admin), and 12, the shop
 * listing's (SHOP_PAGE_SIZE): only these get a first-page statement of their own, so a connection
 * keeps a bounded number of them whatever sizes a client asks for; any other size reads its first
 * page as a later page is read.
 */
const FIRST_PAGE_SIZES: ReadonlySet<number> = new Set([10, 12, 15, 20, 25, 50, 100]);

/** A whole list's read of `limit` rows from `offset` that has a first-page statement of its own. */
export function isFirstPageRead(limit: number, offset: number): boolean {
  return offset === 0 && FIRST_PAGE_SIZES.has(limit);
}

/** A whole list's first-page statement's shape, its key in `preparedStatements`: `sort:direction:size`. */
export type FirstPageKey<S extends string> = `${S}:${'asc' | 'desc'}:${number}`;

export function firstPageShape<S extends string>(
  key: FirstPageKey<S>,
): { sort: S; direction: 'asc' | 'desc'; size: number } {
  const [sort, direction, size] = key.split(':') as [S, 'asc' | 'desc', string];
  return { sort, direction, size: Number(size) };
}

/**
 * `column` is one of the first `size` ids of its table that match `where`, in `order`: a whole
 * list's first page inside the statement that reads its rows (docs/decisions/0099). The size is
 * written into the statement, not given as a parameter: with `limit $1` PostgreSQL cannot tell a
 * page from a tenth of the table, so it plans such a statement again on every execution (decision
 * 0092). Build one statement per size (`preparedStatements`), for the reads of isFirstPageRead.
 */
export function inFirstIds(column: AnyPgColumn, where: SQL, order: SQL[], size: number): SQL {
  if (!isFirstPageRead(size, 0)) throw new Error(`Not a page size the lists offer: ${size}`);
  const id = qualified(column);
  return sql`${id} in (select ${id} from ${column.table} where ${where}
    order by ${sql.join(order, sql`, `)} limit ${sql.raw(String(size))})`;
}

/**
 * Values for an insert's columns, each given at execution under its column's name. Drizzle encodes
 * a placeholder's value through its column even when it is null (a null numeric would be sent as
 * "null", a null timestamp would throw): a null is sent as null here, as an inline value would be.
 */
export function placeholders<TTable extends Table, const K extends keyof TTable['$inferInsert'] & string>(
  table: TTable,
  keys: readonly K[],
): Record<K, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    keys.map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`${key} is not a column of this table`);
      const encoder = {
        mapToDriverValue: (value: unknown) => (value === null ? null : column.mapToDriverValue(value)),
      };
      return [key, sql`${new Param(sql.placeholder(key), encoder)}`];
    }),
  ) as Record<K, SQL>;
}
