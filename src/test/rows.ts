/**
 * A row of a whole list's first page as a later page reads it: the first page's rows keep the kept
 * count's column they were read with (rowsWithTotal, docs/decisions/0100); a later page's have none.
 */
export function withoutTotal<R extends object>(row: R): Omit<R, 'total'> {
  const { total: _, ...rest } = row as R & { total?: unknown };
  return rest;
}
