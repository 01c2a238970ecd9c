import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, Db } from '../server/platform/db/database';

/** The same database through drizzle's logger: `sent` collects the text of every statement sent. */
export function loggedDb(database: Database): { db: Db; sent: string[] } {
  const sent: string[] = [];
  const logger: Logger = { logQuery: (query) => sent.push(query) };
  const db = (database.kind === 'pglite'
    ? drizzlePglite({ client: database.pglite!, logger })
    : drizzleNodePg({ client: database.pool!, logger })) as unknown as Db;
  return { db, sent };
}
