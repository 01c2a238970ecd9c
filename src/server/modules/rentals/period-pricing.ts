import { and, eq, inArray, isNull } from 'drizzle-orm';
import { RENTAL_PERIOD_MESSAGES as M } from '../../../contracts/rental-periods';
import { fieldError } from '../../../domain/errors';
import { type Cents, fromDecimal, toDecimalText } from '../../../domain/money/money';
import { lineVat, type VatInfo, type VatSettings } from '../../../domain/pricing/vat';
import { DAYS_PER_BILLED_MONTH, rentalItemCost } from '../../../domain/rentals/rental-cost';
import { matchDurationMonths } from '../../../domain/rentals/rental-periods';
import type { Executor } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import { vatInfoOf } from '../catalogue';
import { productStocks, products, vats } from '../catalogue/catalogue.tables';
import { rentalVatSettings } from './price-rental-item';
import type { rentalPeriodItems } from './rentals.tables';

type VatRow = { id: number; name: string; type: string; rate: string; isActive: boolean };
export type PeriodItemValues = Omit<typeof rentalPeriodItems.$inferInsert, 'periodId'>;

/** A VAT row as the pricing rules read it; an inactive VAT counts as none. */
const vatInfo = (row: VatRow | undefined): VatInfo | null => (row?.isActive ? vatInfoOf(row) : null);

/** The VAT rows of these ids, one query. */
export async function vatRows(db: Executor, ids: readonly (number | null)[]): Promise<Map<number, VatRow>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: vats.id, name: vats.name, type: vats.type, rate: vats.rate, isActive: vats.isActive })
    .from(vats)
    .where(inArray(vats.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * spec 3 §9: an item of a period costs daily rate × quantity × its billed months; its VAT is stored
 * beside it (vat_info, stored_vat_amount) with the shop's VAT settings, as the booking's items. A
 * period runs whole calendar months (start + months − 1 day), 28 to 184 days: it bills the months
 * its length matches (matchDurationMonths, within 15 days), so a 31-day month is one month, not
 * two started 30-day blocks (docs/decisions/0068).
 */
export function pricePeriodLine(
  line: { dailyRate: Cents; quantity: number; vatId: number | null },
  days: number,
  vat: Map<number, VatRow>,
  settings: VatSettings,
): Pick<PeriodItemValues, 'amount' | 'dailyRate' | 'vatInfo' | 'storedVatAmount'> {
  const amount = rentalItemCost({
    dailyRate: line.dailyRate,
    quantity: line.quantity,
    durationDays: matchDurationMonths(days) * DAYS_PER_BILLED_MONTH,
  });
  const row = line.vatId === null ? undefined : vat.get(line.vatId);
  return {
    dailyRate: toDecimalText(line.dailyRate),
    amount: toDecimalText(amount),
    vatInfo: row ? { name: row.name, rate: row.rate } : null,
    storedVatAmount: toDecimalText(lineVat(amount, line.quantity, vatInfo(row), settings)),
  };
}

/**
 * A product (or one of its variants) to add to a period: it must be a rental product with a rental
 * price (the variants share the product's), and a variable product needs one of its variants.
 */
export async function periodItemOfProduct(
  db: Executor,
  input: { productId: number; variantId?: number | undefined; quantity: number },
  days: number,
): Promise<PeriodItemValues> {
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, input.productId), isNull(products.deletedAt)))
    .limit(1);
  if (!product) throw fieldError('product_id', M.product);
  if (!product.isRentalProduct || product.rentalPrice === null) throw fieldError('product_id', M.notRentable);
  let variant: { id: number; label: string } | null = null;
  if (input.variantId !== undefined) {
    const [row] = await db
      .select({ id: productStocks.id, label: productStocks.variant })
      .from(productStocks)
      .where(and(eq(productStocks.id, input.variantId), eq(productStocks.productId, product.id)))
      .limit(1);
    if (!row) throw fieldError('variant_id', M.variant);
    variant = row;
  } else if (product.isVariableProduct) {
    throw fieldError('variant_id', M.variant);
  }
  const [vat, settings] = await readTogether(db, [
    () => vatRows(db, [product.vatId]),
    () => rentalVatSettings(db),
  ]);
  return {
    productId: product.id,
    productStockId: variant?.id ?? null,
    productName: product.name,
    variants: variant?.label ?? null,
    quantity: input.quantity,
    vatId: product.vatId,
    ...pricePeriodLine(
      { dailyRate: fromDecimal(product.rentalPrice), quantity: input.quantity, vatId: product.vatId },
      days,
      vat,
      settings,
    ),
  };
}

/** Items copied from another period or the booking, repriced for the new period's days. */
export async function repricedLines(
  db: Executor,
  lines: readonly {
    productId: number;
    productStockId: number | null;
    productName: string;
    variants: string | null;
    quantity: number;
    dailyRate: string;
    vatId: number | null;
  }[],
  days: number,
): Promise<PeriodItemValues[]> {
  if (lines.length === 0) return [];
  const [vat, settings] = await readTogether(db, [
    () =>
      vatRows(
        db,
        lines.map((l) => l.vatId),
      ),
    () => rentalVatSettings(db),
  ]);
  return lines.map((line) => ({
    productId: line.productId,
    productStockId: line.productStockId,
    productName: line.productName,
    variants: line.variants,
    quantity: line.quantity,
    vatId: line.vatId,
    ...pricePeriodLine(
      { dailyRate: fromDecimal(line.dailyRate), quantity: line.quantity, vatId: line.vatId },
      days,
      vat,
      settings,
    ),
  }));
}
