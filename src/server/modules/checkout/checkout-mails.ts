import { asc, eq, sql } from 'drizzle-orm';
import { formatMoney, fromDecimal } from '../../../domain/money/money';
import type { Executor } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
import { defineJob } from '../../platform/jobs/job-queue';
import { shopMailRecipients } from '../../platform/mail/shop-recipients';
import { getSettings } from '../../platform/settings/settings-store';
import type { OrderItemRow, OrderRow } from '../orders';
import { orderItems, orders } from '../orders/orders.tables';

/** Prepared: two mails read it for every web order; the order with its items, one row per item. */
const orderStatement = preparedStatement((db) =>
  db
    .select({ order: orders, item: orderItems })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.position), asc(orderItems.id))
    .prepare('checkout_mail_order_with_items'),
);

/** The order and its items in one statement, where they were two for each mail. */
async function orderOf(
  db: Executor,
  orderId: number,
): Promise<{ order: OrderRow; items: OrderItemRow[] } | null> {
  const rows = await orderStatement(db).execute({ orderId });
  const first = rows[0];
  return first ? { order: first.order, items: rows.flatMap((row) => (row.item ? [row.item] : [])) } : null;
}

function itemLines(items: readonly OrderItemRow[], symbol: string): string {
  return items
    .map((i) => {
      const name = i.variantLabel ? `${i.productName} (${i.variantLabel})` : i.productName;
      return `  ${i.quantity} × ${name}  ${formatMoney(fromDecimal(i.lineTotal), symbol)}`;
    })
    .join('\n');
}

function totalsText(order: OrderRow): string {
  const m = (v: string) => formatMoney(fromDecimal(v), order.currencySymbol);
  return [
    `Items: ${m(order.itemsTotal)}`,
    `VAT: ${m(order.vatTotal)}`,
    `Shipping: ${m(order.shippingCost)}`,
    `Total: ${m(order.grandTotal)}`,
  ].join('\n');
}

type ConfirmationMail = { orderId: number; token: string };

/**
 * The buyer's order confirmation (issue 14), queued in the checkout's transaction: a rolled-back
 * order sends nothing. The receipt token is in the payload until the job is done, then removed.
 */
export const orderConfirmationMail = defineJob<ConfirmationMail>({
  name: 'checkout.order-confirmation-mail',
  secretKeys: ['token'],
  async run(ctx, { orderId, token }) {
    const found = await orderOf(ctx.db, orderId);
    const to = found?.order.customerEmail;
    if (!found || !to) return; // deleted since, or no address: nothing to send
    const { order, items } = found;
    const s = await getSettings(ctx.db, ['company_name', 'site_name']);
    const shop = s.company_name || s.site_name;
    const url = `${ctx.config.publicUrl}/order-confirmation/${order.orderCode}?token=${token}`;
    await ctx.mailer.send({
      to,
      subject: `Order confirmation ${order.orderCode} · ${shop}`,
      text:
        `Dear ${order.customerFirstName ?? 'customer'},\n\nThank you for your order ${order.orderCode}.\n\n` +
        `${itemLines(items, order.currencySymbol)}\n\n${totalsText(order)}\n\n` +
        `You can see your order here:\n${url}\n\nKind regards,\n${shop}\n`,
    });
  },
});

/** The shop's notice of a new web order, to whoever reads the shop's mail (shopMailRecipients). */
export const newOrderAdminMail = defineJob<{ orderId: number }>({
  name: 'checkout.new-order-admin-mail',
  async run(ctx, { orderId }) {
    const found = await orderOf(ctx.db, orderId);
    if (!found) return;
    const { order, items } = found;
    const s = await getSettings(ctx.db, ['site_name']);
    const to = await shopMailRecipients(ctx.db);
    if (to.length === 0) return;
    const name = [order.customerFirstName, order.customerLastName].filter(Boolean).join(' ');
    for (const recipient of to) {
      await ctx.mailer.send({
        to: recipient,
        subject: `New order ${order.orderCode} · ${s.site_name}`,
        text:
          `A new order was placed in the shop.\n\nOrder: ${order.orderCode}\nCustomer: ${name} <${order.customerEmail ?? ''}>\n` +
          `Payment: ${order.paymentType ?? '-'}\n\n${itemLines(items, order.currencySymbol)}\n\n${totalsText(order)}\n\n` +
          `${ctx.config.publicUrl}/admin/orders/${order.id}\n`,
      });
    }
  },
});
