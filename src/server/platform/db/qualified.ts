import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';

/**
 * A column written with its table ("roles"."id"). Drizzle leaves columns bare in a select that
 * reads a single table, so inside a correlated subquery a bare "id" would name the subquery's own
 * column when it has one: outer columns in subqueries must use this.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
