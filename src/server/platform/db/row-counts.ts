import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from './database';
import { preparedStatement } from './prepared';
import { rowCounts } from './row-counts.tables';

/** The tables whose rows are counted by triggers (migration 0017): kept rows of products and orders, all users. */
export type CountedTable = 'products' | 'orders' | 'users';

const countStatement = preparedStatement((db) =>
  db
    .select({ count: rowCounts.count })
    .from(rowCounts)
    .where(eq(rowCounts.name, sql.placeholder('name')))
    .prepare('row_count'),
);

/**
 * The table's row count as its triggers keep it (docs/decisions/0044): exact, and current as of
 * the last commit, like the count(*) it stands for.
 */
export async function rowCount(db: Executor, table: CountedTable): Promise<number> {
  const [row] = await countStatement(db).execute({ name: table });
  return row?.count ?? 0;
}

/**
 * The same kept count as a column of a list's page statement, so the page and its total are one
 * round trip (docs/decisions/0092). An integer on both engines (the column is a bigint).
 */
export function keptCountColumn(table: CountedTable): SQL<number> {
  return sql<number>`cast((select ${rowCounts.count} from ${rowCounts} where ${rowCounts.name} = ${sql.raw(`'${table}'`)}) as integer)`;
}
