import { type Cents, fromDecimal } from '../money/money';

/** The customer areas of DECISIONS 2 built here (spec 3 §2): the supplier keeps its start page. */
export const CUSTOMER_AREA_ROLES = ['customer', 'partner', 'doctor', 'patient'] as const;
export type CustomerAreaRole = (typeof CUSTOMER_AREA_ROLES)[number];

/** Areas with orders (spec 3 §1 "orders and credit for customer and partner"). */
export const ORDER_AREA_ROLES = ['customer', 'partner'] as const;
export type OrderAreaRole = (typeof ORDER_AREA_ROLES)[number];

/** Orders per page of an area's order list; the dashboard shows the newest few. */
export const AREA_ORDERS_PER_PAGE = 10;
export const RECENT_ORDERS_COUNT = 5;

/** spec 9 Storefront "Redirect delays": modify order 1500 ms, pay now 1500 ms. */
export const MODIFY_ORDER_REDIRECT_MS = 1500;

/** The order fields the area's rules read. */
export type AreaOrderState = {
  delivery_status: string;
  payment_status: string;
  grand_total: string | number;
  amount_paid: string | number;
};

const due = (order: AreaOrderState): Cents =>
  (fromDecimal(String(order.grand_total)) - fromDecimal(String(order.amount_paid))) as Cents;

/**
 * "pay" on an area's order (spec 3 §7, DECISIONS 20): something is still due and the order is
 * still live (not cancelled or failed, not refunded). The same rule as the payment page's.
 */
export function canPayOrder(order: AreaOrderState): boolean {
  return (
    due(order) > 0 &&
    !['cancelled', 'failed'].includes(order.delivery_status) &&
    order.payment_status !== 'refunded'
  );
}

/**
 * "modify order" (spec 3 §4 Modify order: items back to the cart, the order cancelled): only an
 * order nobody has started on, neither paid in part nor moved past pending (docs/decisions/0058).
 * Anything else would cancel goods being packed or money already taken.
 */
export function canModifyOrder(order: AreaOrderState): boolean {
  return (
    order.delivery_status === 'pending' &&
    order.payment_status === 'unpaid' &&
    fromDecimal(String(order.amount_paid)) === 0
  );
}

/** The dashboard's greeting (spec 3 §3 Customer area "greeting"). */
export function areaGreeting(firstName: string | null, fullName: string): string {
  const name = firstName?.trim() || fullName.trim();
  return name ? `Welcome back, ${name}!` : 'Welcome back!';
}
