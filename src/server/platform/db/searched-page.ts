import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database';

/** A filtered list's rows: its table, id, condition, and sort (the key, then the id, one direction). */
export type FilteredList = {
  table: PgTable;
  id: AnyPgColumn;
  where: SQL;
  sortKey: SQL;
  direction: 'asc' | 'desc';
};

/**
 * A filtered list's page of ids (docs/decisions/0092). Searched, with the number of its matches in
 * the same statement: the matches are found once, through the search's own index (a trigram
 * bitmap scan), then sorted and cut, where a separate count ran the search a second time. The
 * inner query's `offset 0` keeps PostgreSQL from merging it into the outer one: merged, the count
 * over the page made it walk the sort's index through every row of the table to find the matches
 * (360 ms for a surname in 200,000 orders, where the page and a separate count took 25 ms).
 * Not searched, without a count: the page stops at its first rows in the sort's index, and a wide
 * filter (a status, a stock state) is counted on its own only when it is needed.
 */
export async function filteredPageIds(
  db: Executor,
  list: FilteredList,
  searched: boolean,
  limit: number,
  offset: number,
): Promise<{ id: number; total?: number }[]> {
  const by = list.direction === 'asc' ? asc : desc;
  if (!searched) {
    return db
      .select({ id: sql<number>`${list.id}` })
      .from(list.table)
      .where(list.where)
      .orderBy(by(list.sortKey), by(list.id))
      .limit(limit)
      .offset(offset);
  }
  const matches = db
    .select({ id: sql<number>`${list.id}`.as('id'), sortKey: sql`${list.sortKey}`.as('sort_key') })
    .from(list.table)
    .where(list.where)
    // Drizzle leaves out an offset of 0: written as SQL, it is kept.
    .offset(sql`0` as unknown as number)
    .as('matches');
  return db
    .select({ id: matches.id, total: sql<number>`cast(count(*) over () as integer)` })
    .from(matches)
    .orderBy(by(matches.sortKey), by(matches.id))
    .limit(limit)
    .offset(offset);
}

/**
 * A searched list's first `first` ids in list order, and the number of its matches (what a process
 * keeps of a search, docs/decisions/0106): the matches found once through the search's index, as
 * for a page, then counted, sorted and cut. The ids come back as one text, so a few thousand of
 * them cost one row to send and to read instead of a row each.
 */
export async function searchedIds(
  db: Executor,
  list: FilteredList,
  first: number,
): Promise<{ ids: number[]; total: number }> {
  const direction = sql.raw(list.direction);
  const result = (await db.execute(sql`
    with matches as (select ${list.id} as id, ${list.sortKey} as sort_key from ${list.table} where ${list.where})
    select cast((select count(*) from matches) as integer) as total,
      (select string_agg(cast(p.id as text), ',' order by p.sort_key ${direction}, p.id ${direction})
         from (select id, sort_key from matches order by sort_key ${direction}, id ${direction} limit ${first}) p) as ids`)) as unknown as {
    rows: { total: number | string; ids: string | null }[];
  };
  const row = result.rows[0];
  return { ids: row?.ids ? row.ids.split(',').map(Number) : [], total: Number(row?.total ?? 0) };
}
