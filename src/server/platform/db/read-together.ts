import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './database';

/**
 * Independent reads: at once on the pool (each on a connection of its own), one after the other
 * in a transaction, which holds one connection. node-postgres queues queries sent together on one
 * client, a use it has deprecated and removes in pg@9 ("Calling client.query() when the client is
 * already executing a query"); a use case that may run in a caller's transaction reads through
 * this instead of Promise.all.
 */
export async function readTogether<T extends readonly unknown[]>(
  db: Executor,
  reads: { readonly [K in keyof T]: () => T[K] },
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  type Answers = { -readonly [K in keyof T]: Awaited<T[K]> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Answers;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers;
}
