import { eq } from 'drizzle-orm';
import { ORDER_MESSAGES as M, type OrderItemInput } from '../../../contracts/orders';
import { addFieldError, type FieldErrors } from '../../../domain/errors';
import { type Cents, fromDecimal, toDecimalText } from '../../../domain/money/money';
import { type OrderTotals, orderTotals, type PricedLine } from '../../../domain/pricing/totals';
import type { VatInfo, VatMethod, VatSettings } from '../../../domain/pricing/vat';
import type { Executor } from '../../platform/db/database';
import { inIdsPlaceholder, preparedStatement } from '../../platform/db/prepared';
import { getSettings } from '../../platform/settings/settings-store';
import { productStocks, products, vats } from '../catalogue/catalogue.tables';
import type { OrderItemRow } from './orders.queries';
import type { VatInfoSnapshot } from './orders.tables';

/** An item ready to store: what the body chose, and what the catalogue says about it. */
export type SnapshotItem = {
  productId: number;
  variantId: number | null;
  productName: string;
  sku: string | null;
  variantLabel: string | null;
  unitSellingLabel: string | null;
  quantity: number;
  price: Cents;
  discount: number;
  vatId: number | null;
  vatInfo: VatInfoSnapshot | null;
};

/** The website settings' VAT system and method (spec 1 §9): a new order is priced with them. */
export async function currentVatSettings(db: Executor): Promise<VatSettings> {
  const s = await getSettings(db, ['vat_system_enabled', 'vat_calculation_method']);
  return { enabled: s.vat_system_enabled, method: s.vat_calculation_method as VatMethod };
}

/**
 * The VAT an order is priced with: its own, stored when it was first priced (issue 12: editing an
 * order after the shop changed its VAT method must not reprice it with the new one), or the
 * current settings for a new order.
 */
export async function orderVatSettings(
  db: Executor,
  order: { vatEnabled: boolean; vatMethod: string } | null,
): Promise<VatSettings> {
  if (order === null) return currentVatSettings(db);
  return { enabled: order.vatEnabled, method: order.vatMethod as VatMethod };
}

/** The VAT snapshot as the pricing rules read it; an inactive VAT counts as none. */
export function vatOf(snapshot: VatInfoSnapshot | null): VatInfo | null {
  if (!snapshot?.vat_status) return null;
  switch (snapshot.type) {
    case 'percentage':
      return { type: 'percentage', rate: snapshot.rate };
    case 'fixed':
      return { type: 'fixed', perUnit: fromDecimal(snapshot.rate) };
    default:
      return { type: snapshot.type };
  }
}

// Prepared (docs/decisions/0091): every order saved, and every web order, reads its items' catalogue rows.
const itemProductsStatement = preparedStatement((db) =>
  db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      unitSellingLabel: products.unitSellingLabel,
      isVariable: products.isVariableProduct,
      deletedAt: products.deletedAt,
      vatId: products.vatId,
      vatType: vats.type,
      vatRate: vats.rate,
      vatIsActive: vats.isActive,
    })
    .from(products)
    .leftJoin(vats, eq(vats.id, products.vatId))
    .where(inIdsPlaceholder(products.id))
    .prepare('order_item_products'),
);
const itemVariantsStatement = preparedStatement((db) =>
  db
    .select({
      id: productStocks.id,
      productId: productStocks.productId,
      variant: productStocks.variant,
      sku: productStocks.sku,
      qty: productStocks.qty,
    })
    .from(productStocks)
    .where(inIdsPlaceholder(productStocks.id))
    .prepare('order_item_variants'),
);

/**
 * Loads each item's product and variant from the catalogue and checks them (spec 1 §5): the
 * product exists, a variable product needs a variant of its own, an out-of-stock variant is refused
 * while stock management is on (unless this order already holds that variant). Names, SKU, labels
 * and VAT are copied from the catalogue; price and discount are the body's (docs/decisions/0030).
 */
export async function snapshotItems(
  db: Executor,
  items: readonly OrderItemInput[],
  options: { stockManagement: boolean; existing?: readonly OrderItemRow[] },
): Promise<{ items: SnapshotItem[]; errors: FieldErrors }> {
  const productIds = [...new Set(items.map((i) => i.product_id).filter((id): id is number => id !== null))];
  const variantIds = [
    ...new Set(items.map((i) => i.product_stock_id).filter((id): id is number => typeof id === 'number')),
  ];
  const productRows = productIds.length ? await itemProductsStatement(db).execute({ ids: productIds }) : [];
  const variantRows = variantIds.length ? await itemVariantsStatement(db).execute({ ids: variantIds }) : [];
  const productById = new Map(productRows.map((p) => [p.id, p]));
  const variantById = new Map(variantRows.map((v) => [v.id, v]));
  const held = new Set((options.existing ?? []).map((i) => i.variantId).filter((id) => id !== null));

  const errors: FieldErrors = {};
  const result: SnapshotItem[] = [];
  items.forEach((item, i) => {
    const at = (field: string) => `order_items.${i}.${field}`;
    const product = item.product_id === null ? undefined : productById.get(item.product_id);
    if (!product || product.deletedAt !== null) {
      // A product deleted since the order was taken stays on it as it was saved (its snapshot).
      const kept = (options.existing ?? []).find(
        (row) => row.productId === item.product_id && row.variantId === (item.product_stock_id ?? null),
      );
      if (kept && item.product_id !== null) {
        result.push({ ...snapshotOf(kept), productId: item.product_id, ...fromBody(item) });
        return;
      }
      addFieldError(
        errors,
        at('product_id'),
        item.product_id === null ? M.productRequired : M.productNotFound,
      );
      return;
    }
    let variant: (typeof variantRows)[number] | undefined;
    if (product.isVariable) {
      if (item.product_stock_id == null) {
        addFieldError(errors, at('product_stock_id'), M.selectVariant);
        return;
      }
      variant = variantById.get(item.product_stock_id);
      if (!variant || variant.productId !== product.id) {
        addFieldError(errors, at('product_stock_id'), M.variantNotFound);
        return;
      }
      if (options.stockManagement && variant.qty <= 0 && !held.has(variant.id)) {
        addFieldError(errors, at('product_stock_id'), M.variantOutOfStock);
        return;
      }
    }
    // A line already on the order keeps the VAT it was priced with (issue 12); a new one takes the
    // product's VAT as it is now.
    const stored = (options.existing ?? []).find(
      (row) => row.productId === product.id && row.variantId === (variant?.id ?? null),
    );
    result.push({
      productId: product.id,
      variantId: variant?.id ?? null,
      productName: product.name,
      sku: variant?.sku ?? product.sku,
      variantLabel: variant?.variant ?? null,
      unitSellingLabel: product.unitSellingLabel,
      ...fromBody(item),
      ...(stored
        ? { vatId: stored.vatId, vatInfo: stored.vatInfo ?? null }
        : {
            vatId: product.vatId,
            vatInfo:
              product.vatType === null || product.vatRate === null
                ? null
                : {
                    vat_status: product.vatIsActive ?? false,
                    type: product.vatType as VatInfoSnapshot['type'],
                    rate: Number(product.vatRate),
                  },
          }),
    });
  });
  return { items: result, errors };
}

/** What the body decides for an item: quantity, the agreed unit price and the item discount. */
function fromBody(item: OrderItemInput) {
  return { quantity: item.quantity, price: fromDecimal(item.price), discount: item.discount };
}

function snapshotOf(row: OrderItemRow): Omit<SnapshotItem, 'productId' | 'quantity' | 'price' | 'discount'> {
  return {
    variantId: row.variantId,
    productName: row.productName,
    sku: row.sku,
    variantLabel: row.variantLabel,
    unitSellingLabel: row.unitSellingLabel,
    vatId: row.vatId,
    vatInfo: row.vatInfo ?? null,
  };
}

export type PricedOrder = OrderTotals & { lines: PricedLine[] };

/** spec 1 §9, DECISIONS 7: the order's totals from its items, shipping, global discount and VAT settings. */
export function priceOrder(
  items: readonly Pick<SnapshotItem, 'price' | 'quantity' | 'discount' | 'vatInfo'>[],
  options: { shipping: Cents; globalDiscountPercent: number; vat: VatSettings },
): PricedOrder {
  return orderTotals(
    items.map((item) => ({
      unitPrice: item.price,
      quantity: item.quantity,
      discountPercent: item.discount,
      vat: vatOf(item.vatInfo),
    })),
    options,
  );
}

/** The order columns that hold the totals. */
export function totalsColumns(totals: PricedOrder) {
  return {
    itemsTotal: toDecimalText(totals.itemsAmount),
    vatTotal: toDecimalText(totals.vat),
    discountTotal: toDecimalText(totals.globalDiscount),
    grandTotal: toDecimalText(totals.grandTotal),
  };
}

/** Stored items back as pricing input (their snapshot, never today's catalogue). */
export function storedItems(rows: readonly OrderItemRow[]) {
  return rows.map((row) => ({
    price: fromDecimal(row.price),
    quantity: row.quantity,
    discount: Number(row.discount),
    vatInfo: row.vatInfo ?? null,
  }));
}
