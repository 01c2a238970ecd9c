import { describe, expect, it } from 'vitest';
import type { OrderItemReply } from '../../../../contracts/orders';
import { cents } from '../../../../domain/money/money';
import {
  addRow,
  cancelEdit,
  chooseProduct,
  chooseVariant,
  emptyOrderValues,
  type ItemProduct,
  type ItemsState,
  itemsTotals,
  orderBody,
  orderFormErrors,
  orderItemsJson,
  rowOfItem,
  saveEdit,
  splitServerErrors,
  startEdit,
  updateRow,
  vatInfoOf,
} from './order-form-state';

const shirt: ItemProduct = {
  id: 7,
  name: 'Shirt',
  unit_selling_label: 'piece',
  is_variable_product: true,
  variants: [
    { id: 70, variant: 'Red', price: 12, qty: 3 },
    { id: 71, variant: 'Blue', price: 13, qty: 0 },
  ],
  vat: { type: 'percentage', rate: 15 },
};
const mug: ItemProduct = {
  id: 8,
  name: 'Mug',
  unit_selling_label: null,
  is_variable_product: false,
  variants: [],
  vat: null,
};

const savedItem: OrderItemReply = {
  id: 501,
  product_id: 8,
  product_stock_id: null,
  product_name: 'Mug',
  sku: null,
  variant: null,
  unit_selling_label: null,
  quantity: 2,
  price: '5.5',
  discount: 0,
  vat_id: null,
  vat_info: null,
  tax_amount: '0',
  line_total: '11.00',
};

/** A list with one saved mug row and nothing in edit. */
function withMug(): ItemsState {
  return { rows: [rowOfItem(savedItem)], editing: null };
}

const editingKey = (s: ItemsState) => s.editing?.key ?? '';

describe('item rows (spec 1 §4 item editing)', () => {
  it('adds one empty row in edit, and refuses a second empty row', () => {
    const one = addRow(withMug());
    expect(one.rows).toHaveLength(2);
    expect(one.editing?.key).toBe(one.rows[1]!.key);
    expect(addRow(one)).toBe(one);
    // Even after leaving the edit, an empty row already there blocks another.
    const notEditing = { ...one, editing: null };
    expect(addRow(notEditing)).toBe(notEditing);
  });

  it('edits one item at a time', () => {
    const two: ItemsState = {
      rows: [rowOfItem(savedItem), rowOfItem({ ...savedItem, id: 502 })],
      editing: null,
    };
    const editing = startEdit(two, two.rows[0]!.key);
    expect(editing.editing?.original).toEqual(two.rows[0]);
    expect(startEdit(editing, two.rows[1]!.key)).toBe(editing);
    expect(addRow(editing)).toBe(editing);
  });

  it('cancel restores the original product, variant, quantity and price', () => {
    const start = withMug();
    const key = start.rows[0]!.key;
    let state = startEdit(start, key);
    state = chooseProduct(state, key, shirt, 12);
    state = chooseVariant(state, key, 70).state;
    state = updateRow(state, key, { quantity: 9, price: '99.00' });
    const restored = cancelEdit(state);
    expect(restored.editing).toBeNull();
    expect(restored.rows[0]).toEqual(start.rows[0]);
  });

  it('removes a row without a product on save or on cancel', () => {
    const added = addRow(withMug());
    expect(cancelEdit(added).rows).toHaveLength(1);
    const saved = saveEdit(added);
    expect(saved.state.rows).toHaveLength(1);
    expect(saved.errors).toEqual({});
    // A new row that got a product and is cancelled goes too: it had none before the edit.
    const chosen = chooseProduct(added, editingKey(added), mug, 4);
    expect(cancelEdit(chosen).rows).toHaveLength(1);
  });

  it('refuses an out-of-stock variant and asks for a variant before saving', () => {
    const added = addRow(withMug());
    const key = editingKey(added);
    const chosen = chooseProduct(added, key, shirt, 12);
    const refused = chooseVariant(chosen, key, 71);
    expect(refused.error).toBe('Selected variant is out of stock');
    expect(refused.state).toBe(chosen);
    expect(saveEdit(chosen).errors).toEqual({ product_stock_id: 'Please select a variant' });
    const picked = chooseVariant(chosen, key, 70);
    expect(picked.error).toBeNull();
    expect(picked.state.rows[1]).toMatchObject({ product_stock_id: 70, price: '12.00' });
    expect(saveEdit(picked.state).state.editing).toBeNull();
  });

  it('checks quantity and price before saving a row', () => {
    const added = addRow(withMug());
    const key = editingKey(added);
    const bad = updateRow(chooseProduct(added, key, mug, 4), key, { quantity: 0, price: '-1' });
    expect(saveEdit(bad).errors).toEqual({
      quantity: 'Quantity must be greater than 0',
      price: 'The price must be a number of 0 or more.',
    });
  });
});

describe('totals and bodies', () => {
  it('prices the rows with the shared rules: exclusive VAT, shipping, global discount', () => {
    const added = addRow(withMug());
    const key = editingKey(added);
    const rows = chooseVariant(chooseProduct(added, key, shirt, 12), key, 70).state.rows;
    // Mug 2 × 5.50 = 11.00; shirt 12.00 + 15% VAT 1.80; shipping 2.20 → 27.00; 10% off → 24.30.
    const totals = itemsTotals(rows, {
      shipping: '2.20',
      globalDiscount: 10,
      vat: { enabled: true, method: 'exclusive' },
    });
    expect(totals).toMatchObject({ itemsAmount: 2300, vat: 180, subtotal: 2700, grandTotal: 2430 });
    const inclusive = itemsTotals(rows, {
      shipping: '0',
      globalDiscount: 0,
      vat: { enabled: true, method: 'inclusive' },
    });
    expect(inclusive).toMatchObject({ itemsAmount: 2300, vat: 157, grandTotal: 2300 });
  });

  it('builds order_items_json from rows with a product only', () => {
    const added = addRow(withMug());
    expect(JSON.parse(orderItemsJson(added.rows))).toEqual([
      { id: 501, product_id: 8, product_stock_id: null, quantity: 2, price: '5.50', discount: 0 },
    ]);
  });

  it('turns the form into the create body: guest, immediate payment, pickup', () => {
    const values = {
      ...emptyOrderValues(),
      customer_first_name: ' Ann ',
      customer_email: 'ann@example.test',
      payment_intent: 'immediate_payment' as const,
      payment_type: 'card',
      amount_paid: '11.00',
      payment_date: '2026-11-21',
      delivery_required: true,
      shipping_type: 'pickup' as const,
      pickup_point_id: '3',
      shipping_cost: '2.50',
    };
    const body = orderBody(values, withMug().rows, cents(1350));
    expect(body).toMatchObject({
      user_id: null,
      customer_first_name: 'Ann',
      customer_last_name: null,
      payment_intent: 'immediate_payment',
      payment_type: 'card',
      amount_paid: '11.00',
      payment_date: '2026-11-21',
      pickup_point_id: 3,
      shipping_cost: '2.50',
      grand_total: '13.50',
    });
    expect(orderBody({ ...values, payment_intent: 'credit' }, [], cents(0))).toMatchObject({
      payment_type: 'credit',
      payment_date: null,
    });
    expect(orderBody({ ...values, payment_intent: 'credit' }, [], cents(0))).not.toHaveProperty(
      'amount_paid',
    );
  });

  it('checks the spec 1 §5 order rules before sending', () => {
    const values = {
      ...emptyOrderValues(),
      payment_intent: 'immediate_payment' as const,
      delivery_required: true,
      delivery_status: 'failed' as const,
    };
    expect(orderFormErrors(values, [], { grandTotal: cents(1000), symbol: '$', isNew: true })).toEqual({
      order_items: 'At least one product is required',
      delivery_address: 'Delivery address is required',
      status_reason: 'Reason is required for failed or cancelled status',
      payment_type: 'Payment method is required for immediate payment',
      amount_paid: 'Payment amount is required for immediate payment',
    });
    const over = {
      ...emptyOrderValues(),
      payment_intent: 'immediate_payment' as const,
      payment_type: 'cod',
      amount_paid: '10.02',
    };
    expect(
      orderFormErrors(over, withMug().rows, { grandTotal: cents(1000), symbol: '$', isNew: true }),
    ).toEqual({
      amount_paid: 'Payment amount cannot exceed order total ($10.00)',
    });
    // Editing: payments go through payment records, not these fields.
    expect(
      orderFormErrors(over, withMug().rows, { grandTotal: cents(1000), symbol: '$', isNew: false }),
    ).toEqual({});
  });

  it('maps 422 errors: order_items.{i}.{field} onto the row, the rest onto fields', () => {
    const state = addRow(withMug());
    const split = splitServerErrors(
      {
        'order_items.0.quantity': ['Quantity must be greater than 0'],
        order_items_json: ['At least one product is required'],
        customer_email: ['Please enter a valid email address'],
      },
      state.rows,
    );
    expect(split.items).toEqual({ [state.rows[0]!.key]: { quantity: 'Quantity must be greater than 0' } });
    expect(split.fields).toEqual({
      order_items: 'At least one product is required',
      customer_email: 'Please enter a valid email address',
    });
  });

  it('reads VAT replies of both shapes, and none when inactive', () => {
    expect(vatInfoOf({ vat_status: 'active', type: 'fixed', rate: 1.5 })).toEqual({
      type: 'fixed',
      perUnit: 150,
    });
    expect(vatInfoOf({ vat_status: true, type: 'percentage', rate: 15 })).toEqual({
      type: 'percentage',
      rate: 15,
    });
    expect(vatInfoOf({ vat_status: 'inactive', type: 'percentage', rate: 15 })).toBeNull();
  });
});
