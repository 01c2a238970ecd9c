import { type PGlite, parse, protocol, type Transaction } from '@electric-sql/pglite';

type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;
type Results = Awaited<ReturnType<PGlite['query']>>;
type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** What drizzle's PGlite session calls on its client: `query`, and `transaction` for a transaction's. */
export type PgliteClient = {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
};

/** A statement PGlite has parsed and planned under a name, with what its executions need. */
type Named = { name: string; paramTypes: number[]; rowDescription: Message | undefined };

/**
 * How many named statements one PGlite keeps (each holds its parse tree and plan). The code has a
 * few hundred distinct statements; a one-off statement (a migration's) ages out.
 */
export const KEPT_STATEMENTS = 500;

const { serialize } = protocol;
const clients = new WeakMap<PGlite, PgliteClient>();

/**
 * PGlite's `query`, with each statement parsed and planned once (issue 13, docs/decisions/0095).
 * PGlite's own `query` sends every statement unnamed, in six calls into PostgreSQL (parse, describe
 * the statement, bind, describe the portal, execute, sync), so PostgreSQL parses and plans it on
 * every execution: three quarters of a hot read's time on PGlite. Here a statement's text is parsed
 * under a name once (parse, describe, sync in one call), and each execution is one call (bind,
 * execute, sync), decoded with the row description kept from the first. The results, errors and
 * type conversions are PGlite's own (`parseResults`, its serializers and parsers). One client per
 * PGlite, so the process shares its statements.
 */
export function pgliteClient(pglite: PGlite): PgliteClient {
  let client = clients.get(pglite);
  if (client) return client;
  const statements = new Map<string, Named>();
  // Names to close with the next parse: evicted statements, and stale ones PostgreSQL may still hold.
  const closing: string[] = [];
  let counter = 0;

  function forget(text: string): void {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    closing.push(statement.name);
  }

  async function call(message: Uint8Array): Promise<Message[]> {
    return pglite.execProtocolStream(message, { syncToFs: false });
  }

  /** The named statement for `text`, parsing it first (and closing the oldest when too many are kept). */
  async function named(text: string): Promise<Named> {
    const kept = statements.get(text);
    if (kept) {
      // Most recently used last: the first in the map is the one to close.
      statements.delete(text);
      statements.set(text, kept);
      return kept;
    }
    if (statements.size >= KEPT_STATEMENTS) forget(statements.keys().next().value as string);
    const name = `emporium_${++counter}`;
    const messages = await call(
      Buffer.concat([
        ...closing.splice(0).map((old) => serialize.close({ type: 'S', name: old })),
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const statement: Named = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === 'rowDescription'),
    };
    statements.set(text, statement);
    return statement;
  }

  async function execute(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results> {
    const statement = await named(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? pglite.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await call(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    if (statement.rowDescription) messages.unshift(statement.rowDescription);
    return parse.parseResults(
      messages,
      parsersFor(options),
      options && { ...options, parsers: undefined },
    )[0]!;
  }

  /**
   * PGlite's parsers with a query's own over them. `parseResults` merges them itself on every call,
   * copying a few hundred parsers each time (0.1 ms a statement); drizzle gives each of its statements
   * the same options object, so the merge is made once per options object.
   */
  const merged = new WeakMap<object, typeof pglite.parsers>();
  function parsersFor(options: QueryOptions | undefined): typeof pglite.parsers {
    const own = options?.parsers;
    if (!own) return pglite.parsers;
    let parsers = merged.get(own);
    if (!parsers) {
      parsers = { ...pglite.parsers, ...own };
      merged.set(own, parsers);
    }
    return parsers;
  }

  /** One statement, under PGlite's query lock; outside a transaction its writes are synced as PGlite does. */
  async function run(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ) {
    const results = await pglite._runExclusiveQuery(async () => {
      try {
        return await execute(text, params, options);
      } catch (error) {
        if (!isStale(error)) throw withQuery(error, text, params, options);
        // The statement's result columns changed under it (a migration), or it was deallocated: it
        // is parsed again on its next use. Outside a transaction that use is now; inside one the
        // error has aborted the transaction, so the next transaction parses it.
        forget(text);
        if (inTransaction) throw withQuery(error, text, params, options);
        return execute(text, params, options).catch((again) => {
          throw withQuery(again, text, params, options);
        });
      }
    });
    if (!inTransaction) await pglite.syncToFs();
    return results;
  }

  client = {
    async query(text, params = [], options) {
      if (leftToPglite(options)) return pglite.query(text, params, options);
      await pglite._checkReady();
      // Outside a transaction, wait for one that runs (as PGlite's query does).
      return pglite._runExclusiveTransaction(() => run(text, params, options, false));
    },
    transaction(fn) {
      return pglite.transaction((tx) =>
        fn(
          Object.create(tx, {
            query: {
              value: (text: string, params: unknown[] = [], options?: QueryOptions) => {
                if (leftToPglite(options)) return tx.query(text, params, options);
                if (tx.closed) throw new Error('Transaction is closed');
                return run(text, params, options, true);
              },
            },
          }) as Transaction,
        ),
      );
    },
  };
  clients.set(pglite, client);
  return client;
}

/** What this client does not do itself, COPY's blobs and given parameter types: PGlite's own query does it. */
function leftToPglite(options: QueryOptions | undefined): boolean {
  return Boolean(options?.blob || options?.paramTypes);
}

/**
 * A kept statement PostgreSQL no longer runs: its result columns changed since it was parsed, or
 * `DEALLOCATE ALL` / `DISCARD ALL` dropped it.
 */
function isStale(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  return (
    code === '26000' ||
    (code === '0A000' && error.message.includes('cached plan must not change result type'))
  );
}

/** As PGlite's own query does: the error names the statement, its parameters and options. */
function withQuery(
  error: unknown,
  query: string,
  params: unknown[],
  options: QueryOptions | undefined,
): unknown {
  if (error instanceof Error && 'code' in error)
    Object.assign(error, { query, params, queryOptions: options });
  return error;
}
