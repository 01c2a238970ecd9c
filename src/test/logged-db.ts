import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { type Database, type Db, drizzleOnPglite } from '../server/platform/db/database';

/** The same database through drizzle's logger: `sent` collects the text of every statement sent. */
export function loggedDb(database: Database): { db: Db; sent: string[] } {
  const sent: string[] = [];
  const logger: Logger = { logQuery: (query) => sent.push(query) };
  const db = (database.kind === 'pglite'
    ? drizzleOnPglite(database.pglite!, logger)
    : drizzleNodePg({ client: database.pool!, logger })) as unknown as Db;
  return { db, sent };
}
