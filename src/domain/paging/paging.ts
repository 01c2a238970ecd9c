/** The paged-list reply every list route gives (ARCHITECTURE "HTTP conventions"). */
export type Paged<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
};

export function pageOf<T>(data: T[], total: number, page: number, perPage: number): Paged<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = data.length === 0 ? null : (page - 1) * perPage + 1;
  const to = from === null ? null : from + data.length - 1;
  return { data, current_page: page, last_page: lastPage, per_page: perPage, total, from, to };
}

export type PageStripItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page-number strip of spec 1 §2 / spec 2 §9: every page while there are at most `showAllUpTo`
 * (5 on order lists, 7 on stock lists); otherwise the first, the neighbours of the current page,
 * the last, with an ellipsis for each gap.
 */
export function pageStrip(current: number, last: number, showAllUpTo: number): PageStripItem[] {
  if (last <= 0) return [];
  if (last <= showAllUpTo) return Array.from({ length: last }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), last);
  const middle = [page - 1, page, page + 1].filter((p) => p > 1 && p < last);
  const items: PageStripItem[] = [1];
  if (middle.length > 0 && middle[0]! > 2) items.push('ellipsis-start');
  items.push(...middle);
  if (middle.length > 0 && middle[middle.length - 1]! < last - 1) items.push('ellipsis-end');
  if (middle.length === 0 && last > 2) items.push('ellipsis-end');
  items.push(last);
  return items;
}
