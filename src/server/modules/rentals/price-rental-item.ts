import { eq, inArray } from 'drizzle-orm';
import { RENTAL_MESSAGES as M, RENTAL_REQUEST_MESSAGES } from '../../../contracts/rentals';
import { addDays } from '../../../domain/dates/date-format';
import { addFieldError, type FieldErrors } from '../../../domain/errors';
import { type Cents, fromDecimal, toDecimalText, ZERO } from '../../../domain/money/money';
import { lineVat, type VatInfo, type VatMethod, type VatSettings } from '../../../domain/pricing/vat';
import { rentalItemCost } from '../../../domain/rentals/rental-cost';
import type { Executor } from '../../platform/db/database';
import { readTogether } from '../../platform/db/read-together';
import { getSettings } from '../../platform/settings/settings-store';
import { vatInfoOf } from '../catalogue';
import { productStocks, products, vats } from '../catalogue/catalogue.tables';
import type { rentalItems } from './rentals.tables';

/** What an item row asks for, before the catalogue is read. */
export type ItemRequest = {
  id?: number | undefined;
  product_id?: number | undefined;
  product_stock_id?: number | null | undefined;
  quantity: number;
  rental_duration: number;
  rental_start_date: string;
  daily_rate?: number | undefined;
  discount: number;
};

/** A priced item ready to store (without its booking id). */
export type PricedItem = Omit<typeof rentalItems.$inferInsert, 'bookingId' | 'id'> & {
  id: number | undefined;
  cost: Cents;
};

type ProductRow = {
  id: number;
  name: string;
  isRental: boolean;
  rentalPrice: string | null;
  isVariable: boolean;
  deletedAt: Date | null;
  vatId: number | null;
  vatName: string | null;
  vatType: string | null;
  vatRate: string | null;
  vatIsActive: boolean | null;
};

export async function rentalVatSettings(db: Executor): Promise<VatSettings> {
  const s = await getSettings(db, ['vat_system_enabled', 'vat_calculation_method']);
  return { enabled: s.vat_system_enabled, method: s.vat_calculation_method as VatMethod };
}

/** The product's VAT as the pricing rules read it; an inactive VAT counts as none. */
function vatOf(p: ProductRow): VatInfo | null {
  if (p.vatType === null || p.vatRate === null || !p.vatIsActive) return null;
  return vatInfoOf({ type: p.vatType, rate: p.vatRate });
}

/** The end date of spec 3 §9: start + duration − 1 day. */
export const rentalEndDate = (start: string, durationDays: number) => addDays(start, durationDays - 1);

/**
 * Prices rental items on the server (spec 3 §9): the product must be a rental product (a variable
 * one needs one of its variants); the daily rate is the body's or the product's rental price; the
 * cost is rentalItemCost; VAT is the product's under the shop's VAT settings, stored per item.
 * Field errors are keyed `<prefix>.<index>.<field>`.
 */
export async function priceRentalItems(
  db: Executor,
  requests: readonly ItemRequest[],
  prefix = 'rental_items',
): Promise<{ items: PricedItem[]; errors: FieldErrors }> {
  const productIds = [...new Set(requests.map((r) => r.product_id).filter((v): v is number => !!v))];
  const variantIds = [
    ...new Set(requests.map((r) => r.product_stock_id).filter((v): v is number => typeof v === 'number')),
  ];
  const [productRows, variantRows, vatSettings] = await readTogether(db, [
    () =>
      productIds.length
        ? db
            .select({
              id: products.id,
              name: products.name,
              isRental: products.isRentalProduct,
              rentalPrice: products.rentalPrice,
              isVariable: products.isVariableProduct,
              deletedAt: products.deletedAt,
              vatId: products.vatId,
              vatName: vats.name,
              vatType: vats.type,
              vatRate: vats.rate,
              vatIsActive: vats.isActive,
            })
            .from(products)
            .leftJoin(vats, eq(vats.id, products.vatId))
            .where(inArray(products.id, productIds))
        : [],
    () =>
      variantIds.length
        ? db
            .select({
              id: productStocks.id,
              productId: productStocks.productId,
              variant: productStocks.variant,
            })
            .from(productStocks)
            .where(inArray(productStocks.id, variantIds))
        : [],
    () => rentalVatSettings(db),
  ]);
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const variantById = new Map(variantRows.map((v) => [v.id, v]));
  const errors: FieldErrors = {};
  const items: PricedItem[] = [];
  requests.forEach((request, index) => {
    const at = (field: string) => `${prefix}.${index}.${field}`;
    const product = request.product_id ? productById.get(request.product_id) : undefined;
    if (!product || product.deletedAt !== null) {
      addFieldError(errors, at('product_id'), M.product);
      return;
    }
    if (!product.isRental || product.rentalPrice === null) {
      addFieldError(errors, at('product_id'), RENTAL_REQUEST_MESSAGES.notRentable);
      return;
    }
    let variant: (typeof variantRows)[number] | undefined;
    if (product.isVariable) {
      variant = request.product_stock_id ? variantById.get(request.product_stock_id) : undefined;
      if (!variant || variant.productId !== product.id) {
        addFieldError(errors, at('product_stock_id'), 'Please choose a variant.');
        return;
      }
    } else if (request.product_stock_id) {
      addFieldError(errors, at('product_stock_id'), 'This product has no variants.');
      return;
    }
    const dailyRate =
      request.daily_rate === undefined ? fromDecimal(product.rentalPrice) : fromDecimal(request.daily_rate);
    const discount = fromDecimal(request.discount);
    const cost = rentalItemCost({
      dailyRate,
      quantity: request.quantity,
      durationDays: request.rental_duration,
      discount,
    });
    const vat = vatOf(product);
    const vatAmount = lineVat(cost, request.quantity, vat, vatSettings);
    items.push({
      id: request.id,
      productId: product.id,
      productStockId: variant?.id ?? null,
      productName: product.name,
      variants: variant?.variant ?? null,
      quantity: request.quantity,
      rentalDuration: request.rental_duration,
      rentalStartDate: request.rental_start_date,
      rentalEndDate: rentalEndDate(request.rental_start_date, request.rental_duration),
      dailyRate: toDecimalText(dailyRate),
      discount: toDecimalText(discount),
      totalRentalCost: toDecimalText(cost),
      deliveryCost: toDecimalText(ZERO),
      pickupCost: toDecimalText(ZERO),
      serviceCost: toDecimalText(ZERO),
      totalCost: toDecimalText(cost),
      vatId: product.vatId,
      vatInfo:
        product.vatName !== null && product.vatRate !== null
          ? { name: product.vatName, rate: product.vatRate }
          : null,
      storedVatAmount: toDecimalText(vatAmount),
      cost,
    });
  });
  return { items, errors };
}
