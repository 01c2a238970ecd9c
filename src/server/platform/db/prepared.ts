import type { Executor } from './database';

/**
 * A statement built once per database handle (issue 13): drizzle turns the query into SQL once
 * instead of on every request, and PostgreSQL parses and plans the named statement once per
 * connection. `build` must take everything that varies through `sql.placeholder`. A transaction
 * handle gets its own statement (a prepared query runs on the handle it was built on), built once
 * per transaction; the name stays the same, so a connection keeps one parsed copy.
 */
export function preparedStatement<T>(build: (db: Executor) => T): (db: Executor) => T {
  const byHandle = new WeakMap<Executor, T>();
  return (db) => {
    let statement = byHandle.get(db);
    if (statement === undefined) {
      statement = build(db);
      byHandle.set(db, statement);
    }
    return statement;
  };
}

/**
 * The same, for a statement that comes in a few shapes (a list's sort and direction): one
 * statement per shape and handle, named after its shape by `build`.
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
