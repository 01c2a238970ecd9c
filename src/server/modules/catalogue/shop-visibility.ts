import { and, type SQL, sql } from 'drizzle-orm';
import { products } from './catalogue.tables';
import { notDeleted } from './products-list.queries';

/**
 * Shown in the shop to this role (spec 2 §6 shop visibility): active, not deleted, and shown to the
 * role or to guests (what guests see is public, so an account sees it too). The one rule for the
 * shop's lists and pages, the cart and checkout, the order form's product search and rental requests.
 *
 * Written so that PostgreSQL can estimate it without the role (decision 0109): "shown to guests"
 * is a constant whose share of the products the statistics know, where `&& array[$role, 'guest']`
 * is guessed at 0.5 % of them. With that guess a prepared page's plan that does not know the role
 * is priced far above one that does, so it was planned again on every execution.
 */
export function shopVisibleTo(role: SQL | string): SQL {
  return and(
    notDeleted,
    sql`${products.isActive}`,
    sql`(${products.shopVisibility} @> '{guest}'::text[] or ${products.shopVisibility} @> array[${role}]::text[])`,
  )!;
}
