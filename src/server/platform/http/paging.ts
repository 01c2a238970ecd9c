import { type Paged, pageOf } from '../../../domain/paging/paging';

/** A page's rows, with the matching total when the statement that read them knew it. */
export type PageRows<R> = { rows: R[]; total?: number };

/**
 * One page of a list in SQL: `fetch` reads only the page's rows (LIMIT/OFFSET, so per-row
 * columns such as role lists are computed for those rows only), `count` the matching total. A first
 * page that is not full already holds every row, and a fetch that read the total with its rows
 * (a kept count, a search's matches: docs/decisions/0092) answers it, so neither is counted again.
 */
export async function paged<R>(
  page: number,
  perPage: number,
  fetch: (limit: number, offset: number) => Promise<R[] | PageRows<R>>,
  count: () => Promise<number>,
): Promise<Paged<R>> {
  const fetched = await fetch(perPage, (page - 1) * perPage);
  const { rows, total: known }: PageRows<R> = Array.isArray(fetched) ? { rows: fetched } : fetched;
  const total = page === 1 && rows.length < perPage ? rows.length : (known ?? (await count()));
  return pageOf(rows, total, page, perPage);
}

/**
 * The rows of a page of ids, read by id (`read`: one statement, `= any(ids)`, in no order) and put
 * back in the page's order, with the total the ids statement carried (docs/decisions/0092).
 */
export async function rowsOfPage<R extends { id: number }>(
  page: readonly { id: number; total?: number }[],
  read: (ids: number[]) => Promise<R[]>,
): Promise<PageRows<R>> {
  if (page.length === 0) return { rows: [] };
  const ids = page.map((p) => p.id);
  return { rows: inIdOrder(ids, await read(ids)), total: page[0]!.total };
}

/**
 * A page read in one statement whose rows each carry the total (a kept count as a column: decision
 * 0099). The rows are answered as read, their total column left on them for the presenters, which
 * pick their fields: copying each wide row without it cost a list page more than its statement on
 * Node 20 (decision 0100).
 */
export function rowsWithTotal<R>(rows: (R & { total: number })[]): PageRows<R> {
  return rows[0] ? { rows, total: rows[0].total } : { rows };
}

/** Escapes % and _ so a search box matches its text literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows read by id (`= any(ids)`, in no order) put back in the order of the page's ids. */
export function inIdOrder<R extends { id: number }>(ids: readonly number[], rows: readonly R[]): R[] {
  const position = new Map(ids.map((id, i) => [id, i]));
  return [...rows].sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}
