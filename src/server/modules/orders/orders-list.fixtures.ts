import type { Executor } from '../../platform/db/database';
import { orderItems, orders } from './orders.tables';

let counter = 0;

export type OrderFixtureItem = Partial<Omit<typeof orderItems.$inferInsert, 'orderId'>>;

/**
 * Test orders for the list, export, delete and purchase-history tests: rows written straight into
 * orders and order_items (order creation is another use case). Codes are unique per call.
 */
export async function insertOrder(
  db: Executor,
  overrides: Partial<typeof orders.$inferInsert> = {},
  items: OrderFixtureItem[] = [{}],
) {
  counter += 1;
  const [order] = await db
    .insert(orders)
    .values({
      orderCode: `ORD-TEST-${String(counter).padStart(4, '0')}-${Date.now().toString(36).toUpperCase()}`,
      customerFirstName: 'Ada',
      customerLastName: `Buyer ${counter}`,
      customerEmail: `buyer${counter}@example.test`,
      grandTotal: '100.00',
      ...overrides,
    })
    .returning();
  const lines =
    items.length === 0
      ? []
      : await db
          .insert(orderItems)
          .values(
            items.map((item, position) => ({
              productName: 'Fixture product',
              quantity: 1,
              price: '10.00',
              lineTotal: '10.00',
              position,
              ...item,
              orderId: order!.id,
            })),
          )
          .returning();
  return { ...order!, items: lines };
}
