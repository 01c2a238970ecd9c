import { type Paged, pageOf } from '../../../domain/paging/paging';

/**
 * One page of a list in SQL: `fetch` reads only the page's rows (LIMIT/OFFSET, so per-row
 * columns such as role lists are computed for those rows only), `count` the matching total. A first
 * page that is not full already holds every row, so it is not counted again.
 */
export async function paged<R>(
  page: number,
  perPage: number,
  fetch: (limit: number, offset: number) => Promise<R[]>,
  count: () => Promise<number>,
): Promise<Paged<R>> {
  const rows = await fetch(perPage, (page - 1) * perPage);
  const total = page === 1 && rows.length < perPage ? rows.length : await count();
  return pageOf(rows, total, page, perPage);
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
