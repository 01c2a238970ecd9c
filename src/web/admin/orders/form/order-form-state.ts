import type { OrderProduct } from '../../../../contracts/catalogue';
import {
  ORDER_MESSAGES,
  type OrderFormInput,
  type OrderItemReply,
  type OrderReply,
} from '../../../../contracts/orders';
import { type Cents, fromDecimal, toDecimalText } from '../../../../domain/money/money';
import type { DeliveryStatus, ShippingType } from '../../../../domain/orders/delivery-rules';
import {
  type DeliveryFields,
  deliveryAddressError,
  needsReason,
} from '../../../../domain/orders/delivery-rules';
import {
  immediatePaymentErrors,
  normalizePaymentType,
  type PaymentIntent,
} from '../../../../domain/orders/payment-rules';
import { type OrderTotals, orderTotals, type PricedLine } from '../../../../domain/pricing/totals';
import type { VatInfo, VatSettings } from '../../../../domain/pricing/vat';

const M = ORDER_MESSAGES;

/** What the form knows of an item's product: enough to price it and choose a variant. */
export type ItemProduct = {
  id: number;
  name: string;
  unit_selling_label: string | null;
  is_variable_product: boolean;
  variants: { id: number; variant: string; price: number; qty: number }[];
  vat: VatInfo | null;
};

export type ItemRow = {
  key: string;
  /** The saved order item's id; null for a new row. */
  id: number | null;
  product: ItemProduct | null;
  product_stock_id: number | null;
  quantity: number;
  /** Unit price as typed (decimal text). */
  price: string;
  discount: number;
};

/** spec 1 §4 item editing: one row at a time, with the row as it was before the edit began. */
export type ItemsState = {
  rows: ItemRow[];
  editing: { key: string; original: ItemRow } | null;
};

export const EMPTY_ITEMS: ItemsState = { rows: [], editing: null };

let nextKey = 0;
export function newRowKey(): string {
  nextKey += 1;
  return `row-${nextKey}`;
}

export function emptyRow(): ItemRow {
  return {
    key: newRowKey(),
    id: null,
    product: null,
    product_stock_id: null,
    quantity: 1,
    price: '0.00',
    discount: 0,
  };
}

/** A VAT reply (catalogue or order item) as the pricing rules read it; none when inactive. */
export function vatInfoOf(
  reply: { vat_status: boolean | 'active' | 'inactive'; type: string; rate: number } | null,
): VatInfo | null {
  if (!reply || reply.vat_status === false || reply.vat_status === 'inactive') return null;
  switch (reply.type) {
    case 'percentage':
      return { type: 'percentage', rate: reply.rate };
    case 'fixed':
      return { type: 'fixed', perUnit: fromDecimal(reply.rate) };
    case 'exempt':
      return { type: 'exempt' };
    default:
      return { type: 'zero' };
  }
}

export function itemProductOf(product: OrderProduct): ItemProduct {
  return {
    id: product.id,
    name: product.name,
    unit_selling_label: product.unit_selling_label,
    is_variable_product: product.is_variable_product,
    variants: product.product_stocks.map((v) => ({
      id: v.id,
      variant: v.variant,
      price: v.final_price,
      qty: v.qty,
    })),
    vat: vatInfoOf(product.vat_info),
  };
}

/** A saved order item as a row; its variant list arrives later from the variants batch. */
export function rowOfItem(item: OrderItemReply): ItemRow {
  return {
    key: newRowKey(),
    id: item.id,
    product:
      item.product_id === null
        ? null
        : {
            id: item.product_id,
            name: item.product_name,
            unit_selling_label: item.unit_selling_label,
            is_variable_product: item.product_stock_id !== null,
            variants:
              item.product_stock_id !== null
                ? [
                    {
                      id: item.product_stock_id,
                      variant: item.variant ?? '',
                      price: Number(item.price),
                      qty: 0,
                    },
                  ]
                : [],
            vat: vatInfoOf(item.vat_info),
          },
    product_stock_id: item.product_stock_id,
    quantity: item.quantity,
    price: toDecimalText(fromDecimal(item.price)),
    discount: item.discount,
  };
}

export const isEmptyRow = (row: ItemRow) => row.product === null;

/** Starts editing a row, unless another row is being edited (one item at a time). */
export function startEdit(state: ItemsState, key: string): ItemsState {
  if (state.editing) return state;
  const row = state.rows.find((r) => r.key === key);
  return row ? { ...state, editing: { key, original: row } } : state;
}

/** Adds an empty row and edits it; refused while a row is edited or an empty row exists. */
export function addRow(state: ItemsState): ItemsState {
  if (state.editing || state.rows.some(isEmptyRow)) return state;
  const row = emptyRow();
  return { rows: [...state.rows, row], editing: { key: row.key, original: row } };
}

export function updateRow(state: ItemsState, key: string, patch: Partial<ItemRow>): ItemsState {
  return { ...state, rows: state.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) };
}

/** Chooses a product: its price and the first variant-free state. */
export function chooseProduct(
  state: ItemsState,
  key: string,
  product: ItemProduct,
  price: number,
): ItemsState {
  return updateRow(state, key, {
    product,
    product_stock_id: null,
    price: toDecimalText(fromDecimal(price)),
  });
}

/** spec 1 §5: an out-of-stock variant cannot be chosen. */
export function chooseVariant(
  state: ItemsState,
  key: string,
  variantId: number,
): { state: ItemsState; error: string | null } {
  const row = state.rows.find((r) => r.key === key);
  const variant = row?.product?.variants.find((v) => v.id === variantId);
  if (!row || !variant) return { state, error: null };
  if (variant.qty <= 0) return { state, error: M.variantOutOfStock };
  return {
    state: updateRow(state, key, {
      product_stock_id: variant.id,
      price: toDecimalText(fromDecimal(variant.price)),
    }),
    error: null,
  };
}

/** spec 1 §5 item rules for one row; keys are the row's fields. */
export function rowErrors(row: ItemRow): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!row.product) errors.product_id = M.productRequired;
  if (row.product?.is_variable_product && row.product.variants.length > 0 && row.product_stock_id === null)
    errors.product_stock_id = M.selectVariant;
  if (!Number.isInteger(row.quantity) || row.quantity <= 0) errors.quantity = M.quantityPositive;
  if (!isPrice(row.price)) errors.price = M.priceNotNegative;
  if (!(row.discount >= 0 && row.discount <= 100)) errors.discount = M.discountRange;
  return errors;
}

/** spec 1 §5: price accepts only non-negative numbers. */
export function isPrice(text: string): boolean {
  return /^\d+(\.\d{0,2})?$/.test(text.trim());
}

/**
 * Saves the edited row: a row without a product is removed (spec 1 §4); otherwise the row must
 * pass the item rules, and stays in edit with its errors when it does not.
 */
export function saveEdit(state: ItemsState): { state: ItemsState; errors: Record<string, string> } {
  if (!state.editing) return { state, errors: {} };
  const key = state.editing.key;
  const row = state.rows.find((r) => r.key === key);
  if (!row || isEmptyRow(row))
    return { state: { rows: state.rows.filter((r) => r.key !== key), editing: null }, errors: {} };
  const errors = rowErrors(row);
  if (Object.keys(errors).length > 0) return { state, errors };
  return { state: { ...state, editing: null }, errors: {} };
}

/** Cancel restores the original product, variant, quantity and price; a row that had no product goes. */
export function cancelEdit(state: ItemsState): ItemsState {
  if (!state.editing) return state;
  const { key, original } = state.editing;
  if (isEmptyRow(original)) return { rows: state.rows.filter((r) => r.key !== key), editing: null };
  return { rows: state.rows.map((r) => (r.key === key ? original : r)), editing: null };
}

export function removeRow(state: ItemsState, key: string): ItemsState {
  return {
    rows: state.rows.filter((r) => r.key !== key),
    editing: state.editing?.key === key ? null : state.editing,
  };
}

/** Rows that count: those with a product (the empty row being edited does not). */
export const filledRows = (rows: readonly ItemRow[]) => rows.filter((r) => !isEmptyRow(r));

function priceCents(text: string): Cents {
  return isPrice(text) ? fromDecimal(text.trim()) : (0 as Cents);
}

/** Live totals with the shared rules (spec 1 §9, DECISIONS 7). */
export function itemsTotals(
  rows: readonly ItemRow[],
  options: { shipping: string; globalDiscount: number; vat: VatSettings },
): OrderTotals & { lines: PricedLine[] } {
  return orderTotals(
    filledRows(rows).map((r) => ({
      unitPrice: priceCents(r.price),
      quantity: Number.isInteger(r.quantity) && r.quantity > 0 ? r.quantity : 0,
      discountPercent: r.discount,
      vat: r.product?.vat ?? null,
    })),
    {
      shipping: priceCents(options.shipping),
      globalDiscountPercent: options.globalDiscount || 0,
      vat: options.vat,
    },
  );
}

/** order_items_json as the server reads it (spec 1 §7). */
export function orderItemsJson(rows: readonly ItemRow[]): string {
  return JSON.stringify(
    filledRows(rows).map((r) => ({
      ...(r.id !== null ? { id: r.id } : {}),
      product_id: r.product?.id ?? null,
      product_stock_id: r.product_stock_id,
      quantity: r.quantity,
      price: r.price.trim(),
      discount: r.discount,
    })),
  );
}

/** The order's own fields as the form holds them. */
export type OrderFormValues = {
  user_id: number | null;
  seller_id: string | null;
  carrier_id: string | null;
  customer_email: string;
  customer_first_name: string;
  customer_last_name: string;
  customer_phone: string;
  delivery_status: DeliveryStatus;
  status_reason: string;
  payment_intent: PaymentIntent;
  payment_type: string | null;
  amount_paid: string;
  payment_date: string | null;
  transaction_id: string;
  payment_details: string;
  delivery_required: boolean;
  delivery_address: string;
  shipping_cost: string;
  shipping_type: ShippingType;
  pickup_point_id: string | null;
  tracking_code: string;
  address: string;
  global_discount: number;
  currency_id: string | null;
  delivery_date: string | null;
  additional_info: string;
  notified: boolean;
};

export function emptyOrderValues(): OrderFormValues {
  return {
    user_id: null,
    seller_id: null,
    carrier_id: null,
    customer_email: '',
    customer_first_name: '',
    customer_last_name: '',
    customer_phone: '',
    delivery_status: 'pending',
    status_reason: '',
    payment_intent: 'payment_later',
    payment_type: null,
    amount_paid: '',
    payment_date: null,
    transaction_id: '',
    payment_details: '',
    delivery_required: false,
    delivery_address: '',
    shipping_cost: '0.00',
    shipping_type: 'standard',
    pickup_point_id: null,
    tracking_code: '',
    address: '',
    global_discount: 0,
    currency_id: null,
    delivery_date: null,
    additional_info: '',
    notified: false,
  };
}

const idText = (id: number | null) => (id === null ? null : String(id));

export function valuesOfOrder(order: OrderReply): OrderFormValues {
  return {
    user_id: order.user_id,
    seller_id: idText(order.seller_id),
    carrier_id: idText(order.carrier_id),
    customer_email: order.customer_email ?? '',
    customer_first_name: order.customer_first_name ?? '',
    customer_last_name: order.customer_last_name ?? '',
    customer_phone: order.customer_phone ?? '',
    delivery_status: order.delivery_status as DeliveryStatus,
    status_reason: order.status_reason ?? '',
    payment_intent: order.payment_intent as PaymentIntent,
    payment_type: order.payment_type,
    amount_paid: order.amount_paid,
    payment_date: order.payment_date,
    transaction_id: order.transaction_id ?? '',
    payment_details: order.payment_details ?? '',
    delivery_required: order.delivery_required,
    delivery_address: order.delivery_address ?? '',
    shipping_cost: toDecimalText(fromDecimal(order.shipping_cost)),
    shipping_type: order.shipping_type as ShippingType,
    pickup_point_id: idText(order.pickup_point_id),
    tracking_code: order.tracking_code ?? '',
    address: order.address ?? '',
    global_discount: order.global_discount,
    currency_id: idText(order.currency_id),
    delivery_date: order.delivery_date,
    additional_info: order.additional_info ?? '',
    notified: order.notified,
  };
}

/** The delivery fields in the shape the shared delivery rules take, and back. */
export function deliveryFieldsOf(values: OrderFormValues): DeliveryFields {
  return {
    delivery_required: values.delivery_required,
    delivery_address: values.delivery_address || null,
    shipping_type: values.shipping_type,
    shipping_cost: priceCents(values.shipping_cost),
    carrier_id: values.carrier_id === null ? null : Number(values.carrier_id),
    pickup_point_id: values.pickup_point_id === null ? null : Number(values.pickup_point_id),
    tracking_code: values.tracking_code || null,
    delivery_status: values.delivery_status,
    status_reason: values.status_reason || null,
  };
}

export function valuesWithDelivery(values: OrderFormValues, fields: DeliveryFields): OrderFormValues {
  return {
    ...values,
    delivery_required: fields.delivery_required,
    delivery_address: fields.delivery_address ?? '',
    shipping_type: fields.shipping_type,
    shipping_cost: toDecimalText(fields.shipping_cost),
    carrier_id: idText(fields.carrier_id),
    pickup_point_id: idText(fields.pickup_point_id),
    tracking_code: fields.tracking_code ?? '',
    delivery_status: fields.delivery_status,
    status_reason: fields.status_reason ?? '',
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const idOrNull = (text: string | null) => (text === null || text === '' ? null : Number(text));

/** The body of POST /admin/orders and PUT /admin/orders/{id}. */
export function orderBody(
  values: OrderFormValues,
  rows: readonly ItemRow[],
  grandTotal: Cents,
): OrderFormInput {
  const immediate = values.payment_intent === 'immediate_payment';
  return {
    user_id: values.user_id,
    seller_id: idOrNull(values.seller_id),
    carrier_id: idOrNull(values.carrier_id),
    customer_email: orNull(values.customer_email),
    customer_first_name: orNull(values.customer_first_name),
    customer_last_name: orNull(values.customer_last_name),
    customer_phone: orNull(values.customer_phone),
    delivery_status: values.delivery_status,
    status_reason: needsReason(values.delivery_status) ? orNull(values.status_reason) : null,
    payment_intent: values.payment_intent,
    payment_type: values.payment_intent === 'credit' ? 'credit' : immediate ? values.payment_type : null,
    ...(immediate && values.amount_paid.trim() !== '' ? { amount_paid: values.amount_paid.trim() } : {}),
    payment_date: immediate ? values.payment_date : null,
    transaction_id: immediate ? orNull(values.transaction_id) : null,
    payment_details: immediate ? orNull(values.payment_details) : null,
    delivery_required: values.delivery_required,
    delivery_address: orNull(values.delivery_address),
    shipping_cost: values.shipping_cost.trim() || '0',
    shipping_type: values.shipping_type,
    pickup_point_id: idOrNull(values.pickup_point_id),
    tracking_code: orNull(values.tracking_code),
    address: orNull(values.address),
    global_discount: values.global_discount,
    currency_id: idOrNull(values.currency_id),
    delivery_date: values.delivery_date,
    additional_info: orNull(values.additional_info),
    notified: values.notified,
    order_items_json: orderItemsJson(rows),
    grand_total: toDecimalText(grandTotal),
  };
}

/**
 * The spec 1 §5 checks the form makes before sending; keys are the body's fields. `isNew`: a new
 * order's immediate payment needs a method and an amount not above the total.
 */
export function orderFormErrors(
  values: OrderFormValues,
  rows: readonly ItemRow[],
  options: { grandTotal: Cents; symbol: string; isNew: boolean },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (filledRows(rows).length === 0) errors.order_items = M.atLeastOneProduct;
  const address = deliveryAddressError(deliveryFieldsOf(values));
  if (address) errors.delivery_address = address;
  if (needsReason(values.delivery_status) && !values.status_reason.trim())
    errors.status_reason = M.reasonRequired;
  if (options.isNew && values.payment_intent === 'immediate_payment') {
    const amount = values.amount_paid.trim();
    Object.assign(
      errors,
      immediatePaymentErrors({
        paymentType: values.payment_type ? normalizePaymentType(values.payment_type) : null,
        amount: amount === '' ? null : isPrice(amount) ? fromDecimal(amount) : null,
        grandTotal: options.grandTotal,
        symbol: options.symbol,
      }),
    );
    if (amount !== '' && !isPrice(amount)) errors.amount_paid = M.priceNotNegative;
  }
  return errors;
}

/** 422 field errors: "order_items.2.quantity" → the row's field; the rest by their first segment. */
export function splitServerErrors(
  errors: Record<string, string[]>,
  rows: readonly ItemRow[],
): { fields: Record<string, string>; items: Record<string, Record<string, string>> } {
  const fields: Record<string, string> = {};
  const items: Record<string, Record<string, string>> = {};
  const filled = filledRows(rows);
  for (const [path, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    const item = /^order_items(?:_json)?\.(\d+)\.(\w+)/.exec(path);
    const row = item ? filled[Number(item[1])] : undefined;
    if (item && row) {
      items[row.key] = { ...items[row.key], [item[2]!]: message };
      continue;
    }
    const key = path.startsWith('order_items') ? 'order_items' : path.split('.')[0]!;
    fields[key] ??= message;
  }
  return { fields, items };
}
