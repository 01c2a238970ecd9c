// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderProduct } from '../../../../contracts/catalogue';
import type { OrderItemReply } from '../../../../contracts/orders';
import { renderWithProviders } from '../../../ui/render-for-test';
import { ItemsSection } from './items-section';
import { EMPTY_ITEMS, type ItemsState, rowOfItem } from './order-form-state';

const shirt: OrderProduct = {
  id: 7,
  name: 'Shirt',
  sku: 'SH',
  price: 12,
  discount: null,
  has_discount: false,
  discount_start_date: null,
  discount_end_date: null,
  unit_selling_label: 'piece',
  is_variable_product: true,
  min_variant_price: 12,
  max_variant_price: 13,
  has_price_range: true,
  product_stocks: [
    { id: 70, variant: 'Red', sku: null, price: 12, final_price: 12, qty: 3 },
    { id: 71, variant: 'Blue', sku: null, price: 13, final_price: 13, qty: 0 },
  ],
  vat_id: 1,
  vat_info: { vat_status: 'active', type: 'percentage', rate: 15 },
  total_discount_percentage: 0,
  final_price: 12,
  stock_quantity: 3,
  thumbnail_url: null,
};

const mugItem: OrderItemReply = {
  id: 501,
  product_id: 8,
  product_stock_id: null,
  product_name: 'Mug',
  sku: null,
  variant: null,
  unit_selling_label: null,
  quantity: 2,
  price: '5.50',
  discount: 0,
  vat_id: null,
  vat_info: null,
  tax_amount: '0',
  line_total: '11.00',
};

let searches: string[];

beforeEach(() => {
  searches = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://shop.test');
    if (url.pathname === '/api/order-products') {
      searches.push(url.searchParams.get('search') ?? '');
      return new Response(JSON.stringify({ data: [shirt] }));
    }
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ initial }: { initial: ItemsState }) {
  const [items, setItems] = useState(initial);
  const [discount, setDiscount] = useState(0);
  return (
    <ItemsSection
      items={items}
      onItemsChange={setItems}
      symbol="$"
      vat={{ enabled: true, method: 'exclusive' }}
      shipping="2.00"
      globalDiscount={discount}
      onGlobalDiscountChange={setDiscount}
    />
  );
}

/**
 * A Mantine Select's text input (its listbox carries the same label), focused: Mantine takes a
 * change of an unfocused input for autofill.
 */
function input(label: string): HTMLInputElement {
  const el = screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT') as HTMLInputElement;
  el.focus();
  return el;
}

const render = (initial: ItemsState = EMPTY_ITEMS) => renderWithProviders(<Harness initial={initial} />);

async function chooseShirt() {
  fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
  const product = input('Product');
  fireEvent.focus(product);
  fireEvent.click(product);
  fireEvent.change(product, { target: { value: 'Sh' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Shirt' }, { timeout: 2000 }));
}

describe('ItemsSection (spec 1 §4 item editing, §5, §9)', () => {
  it('searches products from 2 characters only', async () => {
    render();
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const product = input('Product');
    fireEvent.click(product);
    fireEvent.change(product, { target: { value: 'S' } });
    await new Promise((r) => setTimeout(r, 450));
    expect(searches).toEqual([]);
    expect(screen.getByText('Type at least 2 characters')).toBeTruthy();
    fireEvent.change(product, { target: { value: 'Sh' } });
    await waitFor(() => expect(searches).toEqual(['Sh']));
    expect(await screen.findByRole('option', { name: 'Shirt' })).toBeTruthy();
  });

  it('keeps only one empty row', () => {
    render();
    const add = screen.getByRole('button', { name: 'Add item' });
    fireEvent.click(add);
    expect(screen.getAllByTestId('editing-row')).toHaveLength(1);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(add);
    expect(screen.getAllByTestId('editing-row')).toHaveLength(1);
    // Cancel of an item without product removes it; adding works again.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel item' }));
    expect(screen.queryByTestId('editing-row')).toBeNull();
    expect((add as HTMLButtonElement).disabled).toBe(false);
  });

  it('cancel restores the original quantity and price', () => {
    render({ rows: [rowOfItem(mugItem)], editing: null });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Mug' }));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '1.25' } });
    expect(screen.getByTestId('items-total').textContent).toBe('$11.25');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel item' }));
    const row = screen.getByText('Mug').closest('tr')!;
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('$5.50')).toBeTruthy();
    expect(screen.getByTestId('items-total').textContent).toBe('$11.00');
  });

  it('refuses an out-of-stock variant, then saves with an available one; live totals', async () => {
    render({ rows: [rowOfItem(mugItem)], editing: null });
    await chooseShirt();
    const variant = input('Variant');
    fireEvent.click(variant);
    fireEvent.click(await screen.findByRole('option', { name: 'Blue (out of stock)' }));
    expect(await screen.findByText('Selected variant is out of stock')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save item' }));
    expect(screen.getByTestId('editing-row')).toBeTruthy();
    fireEvent.click(input('Variant'));
    fireEvent.click(await screen.findByRole('option', { name: 'Red' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(screen.queryByTestId('editing-row')).toBeNull());
    // Mug 11.00 + shirt 12.00 = 23.00; VAT 15% of 12.00 = 1.80; shipping 2.00 → 26.80.
    expect(screen.getByTestId('items-total').textContent).toBe('$23.00');
    expect(screen.getByTestId('vat-total').textContent).toBe('$1.80');
    expect(screen.getByTestId('shipping-total').textContent).toBe('$2.00');
    expect(screen.getByTestId('grand-total').textContent).toBe('$26.80');
    fireEvent.change(screen.getByLabelText('Global discount %'), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByTestId('grand-total').textContent).toBe('$24.12'));
  });
});
