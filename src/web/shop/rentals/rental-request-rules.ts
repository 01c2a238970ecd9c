import { wholeNumber } from '../../../contracts/common';
import { RENTAL_REQUEST_MESSAGES } from '../../../contracts/rentals';

/** The public request form as typed (spec 3 §5 "Public rental request modal"). */
export type RequestValues = {
  product_id: number;
  product_stock_id: string | null;
  name: string;
  email: string;
  phone: string;
  start_date: string;
  rental_months: string;
  quantity: string;
  delivery_method: 'delivery' | 'pickup';
  delivery_address: string;
  pickup_point_id: string | null;
  notes: string;
};

/** Today as YYYY-MM-DD in the visitor's own calendar: the date input's days are local days. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * What the shared schema cannot know: the start date is not in the past, the quantity is within
 * this product's maximum, and a variable product needs its variant. The server checks the same
 * with the same messages.
 */
export function requestProblems(
  values: Pick<RequestValues, 'start_date' | 'quantity' | 'product_stock_id'>,
  { max, today, needsVariant }: { max: number; today: string; needsVariant: boolean },
): Record<string, string> {
  const problems: Record<string, string> = {};
  // ISO dates compare as text.
  if (/^\d{4}-\d{2}-\d{2}$/.test(values.start_date) && values.start_date < today)
    problems.start_date = RENTAL_REQUEST_MESSAGES.startDate;
  const quantity = wholeNumber('x').safeParse(values.quantity);
  if (!quantity.success || quantity.data < 1 || quantity.data > max)
    problems.quantity = RENTAL_REQUEST_MESSAGES.quantity(max);
  if (needsVariant && !values.product_stock_id) problems.product_stock_id = 'Please choose a variant.';
  return problems;
}
