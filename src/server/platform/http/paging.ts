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
