import { pageOf } from '../../../../domain/paging/paging';
import type { ListState } from '../../../ui/list/use-list-state';

/** A whole list shown in the paged table (methods and zones are short lists). */
export function wholeList<T>(rows: T[] | undefined) {
  return rows === undefined ? undefined : pageOf(rows, rows.length, 1, Math.max(rows.length, 1));
}

/** The table state of a list that is not paged or sorted. */
export const WHOLE_LIST_STATE: ListState = {
  page: 1,
  per_page: 100,
  search: '',
  sort: 'name',
  direction: 'asc',
  filters: {},
};

/** "1–3 days", "Next day" for a method's delivery window. */
export function deliveryDays(min: number, max: number): string {
  if (min === max) return `${min} ${min === 1 ? 'day' : 'days'}`;
  return `${min}–${max} days`;
}

/** An amount field's value for a form: '' for none. */
export const amountField = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
