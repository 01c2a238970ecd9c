import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { stockWordLabel } from '../../../domain/stock/stock-rules';
import type { AppContext } from '../../platform/context';
import { defineJob } from '../../platform/jobs/job-queue';
import { shopMailRecipients } from '../../platform/mail/shop-recipients';
import { productStocks, products } from '../catalogue/catalogue.tables';
import { stockAlerts } from './stock.tables';

/** Alerts mailed together in one e-mail. */
const BATCH = 100;
/** A mail that failed this often is left for a person to look at (last_error says why). */
const MAX_ATTEMPTS = 5;

type Log = { error(obj: object, msg: string): void };

/**
 * The job that mails stock alerts (docs/decisions/0046), queued by the stock service in the
 * transaction that wrote the alert; one waiting job mails every alert there is. When the mail
 * fails the job fails too, so the queue tries again after its backoff.
 */
export const stockAlertsMail = defineJob<Record<string, never>>({
  name: 'stock.alerts-mail',
  single: true,
  async run(ctx) {
    for (;;) {
      const { sent, error } = await mailStockAlerts(ctx);
      if (error) throw new Error(error);
      if (sent === 0) return;
    }
  },
});

/** Mails the queued alerts once (see mailStockAlerts) and answers how many were sent. */
export async function sendStockAlerts(ctx: AppContext, log?: Log): Promise<number> {
  const { sent, error, alerts } = await mailStockAlerts(ctx);
  if (error) log?.error({ err: error, alerts }, 'stock alert e-mail failed');
  return sent;
}

/**
 * Mails the queued low-stock and out-of-stock alerts (written by the stock service in the
 * transaction that crossed the line): claims a batch with one statement, mails it as one e-mail,
 * and puts it back with the error when the mail fails, to be tried again on the next run.
 */
async function mailStockAlerts(
  ctx: AppContext,
): Promise<{ sent: number; error: string | null; alerts: number }> {
  const claimed = await ctx.db
    .update(stockAlerts)
    .set({ sentAt: ctx.now(), attempts: sql`${stockAlerts.attempts} + 1` })
    .where(
      inArray(
        stockAlerts.id,
        ctx.db
          .select({ id: stockAlerts.id })
          .from(stockAlerts)
          .where(and(isNull(stockAlerts.sentAt), sql`${stockAlerts.attempts} < ${MAX_ATTEMPTS}`))
          .orderBy(asc(stockAlerts.id))
          .limit(BATCH)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: stockAlerts.id });
  if (claimed.length === 0) return { sent: 0, error: null, alerts: 0 };
  const ids = claimed.map((c) => c.id);
  try {
    const rows = await ctx.db
      .select({
        kind: stockAlerts.kind,
        quantity: stockAlerts.quantity,
        threshold: stockAlerts.threshold,
        productId: stockAlerts.productId,
        variantId: stockAlerts.variantId,
        name: products.name,
        sku: products.sku,
        variant: productStocks.variant,
        variantSku: productStocks.sku,
      })
      .from(stockAlerts)
      .innerJoin(products, eq(products.id, stockAlerts.productId))
      .leftJoin(productStocks, eq(productStocks.id, stockAlerts.variantId))
      .where(inArray(stockAlerts.id, ids))
      .orderBy(asc(stockAlerts.id));
    const to = await shopMailRecipients(ctx.db);
    if (to.length === 0) throw new Error('no recipient: set the admin e-mail in the e-mail settings');
    const out = rows.filter((r) => r.kind === 'out_of_stock');
    const low = rows.filter((r) => r.kind === 'low_stock');
    const line = (r: (typeof rows)[number]) => {
      const name = r.variant ? `${r.name} (${r.variant})` : r.name;
      const sku = r.variantSku ?? r.sku;
      const where = `${ctx.config.publicUrl}/admin/stock/stock-history/${r.productId}${r.variantId ? `/${r.variantId}` : ''}`;
      return `- ${name}${sku ? ` [${sku}]` : ''}: ${r.quantity} left${r.kind === 'low_stock' ? ` (low at ${r.threshold})` : ''}\n  ${where}`;
    };
    const sections = [
      out.length > 0 ? `${stockWordLabel('out_of_stock')}:\n${out.map(line).join('\n')}` : null,
      low.length > 0 ? `${stockWordLabel('low_stock')}:\n${low.map(line).join('\n')}` : null,
    ].filter((s) => s !== null);
    const subject =
      rows.length === 1
        ? `${rows[0]!.kind === 'out_of_stock' ? 'Out of stock' : 'Low stock'}: ${rows[0]!.variant ? `${rows[0]!.name} (${rows[0]!.variant})` : rows[0]!.name}`
        : `Stock alerts: ${out.length} out of stock, ${low.length} low`;
    await ctx.mailer.send({
      to: to.join(', '),
      subject,
      text: `${sections.join('\n\n')}\n\nStock sheet: ${ctx.config.publicUrl}/admin/stock-sheet\n`,
    });
    return { sent: rows.length, error: null, alerts: ids.length };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ctx.db
      .update(stockAlerts)
      .set({ sentAt: null, lastError: message })
      .where(inArray(stockAlerts.id, ids));
    return { sent: 0, error: message, alerts: ids.length };
  }
}
