import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from './database';
import { preparedStatement } from './prepared';
import { rowCounts } from './row-counts.tables';

/** The tables whose rows are counted by triggers (migration 0017): kept rows of products and orders, all users. */
export type CountedTable = 'products' | 'orders' | 'users';

/**
 * The tables whose committed changes are counted for what their lists show: the orders list
 * (migration 0040, docs/decisions/0106) and the order form's customer search (0041, decision 0108).
 */
export type ChangedTable = 'orders' | 'users';

const keptStatement = preparedStatement((db) =>
  db
    .select({ count: rowCounts.count, changes: rowCounts.changes })
    .from(rowCounts)
    .where(eq(rowCounts.name, sql.placeholder('name')))
    .prepare('row_counts'),
);

/**
 * The table's row count as its triggers keep it (docs/decisions/0044): exact, and current as of
 * the last commit, like the count(*) it stands for.
 */
export async function rowCount(db: Executor, table: CountedTable): Promise<number> {
  const [row] = await keptStatement(db).execute({ name: table });
  return row?.count ?? 0;
}

/** The count of the table's committed changes of what its lists show (docs/decisions/0106). */
export async function rowChanges(db: Executor, table: ChangedTable): Promise<number> {
  const [row] = await keptStatement(db).execute({ name: table });
  return row?.changes ?? 0;
}

/**
 * The same kept count as a column of a list's page statement, so the page and its total are one
 * round trip (docs/decisions/0092). An integer on both engines (the column is a bigint).
 */
export function keptCountColumn(table: CountedTable): SQL<number> {
  return sql<number>`cast(${keptFigure(rowCounts.count, sql.raw(`'${table}'`))} as integer)`;
}

/** The change count as text, by the name bound to `placeholder`: a session side read's column (decision 0103). */
export function keptChangesText(placeholder: string): SQL<string> {
  return sql<string>`cast(${keptFigure(rowCounts.changes, sql.placeholder(placeholder))} as text)`;
}

function keptFigure(column: typeof rowCounts.count | typeof rowCounts.changes, name: SQL | Placeholder): SQL {
  return sql`(select ${column} from ${rowCounts} where ${rowCounts.name} = ${name})`;
}
