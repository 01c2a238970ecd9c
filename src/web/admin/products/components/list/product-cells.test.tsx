// @vitest-environment happy-dom
import { act, cleanup, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductListItem } from '../../../../../contracts/catalogue';
import { renderWithProviders } from '../../../../ui/render-for-test';
import { PriceCell, StockBadge } from './product-cells';
import { useRowSelection } from './use-row-selection';

afterEach(cleanup);

const base: ProductListItem = {
  id: 1,
  name: 'Chair',
  slug: 'chair',
  sku: 'CH-1',
  thumbnail_url: null,
  price: 80,
  final_price: 80,
  min_variant_price: null,
  max_variant_price: null,
  has_price_range: false,
  brand: null,
  categories: [],
  supplier: null,
  is_active: true,
  is_variable_product: false,
  is_rental_product: false,
  variant_count: 0,
  stock_quantity: 12,
  stock_status: 'in_stock',
  shop_visibility: ['guest'],
  shop_visibility_label: 'Guest Visitors',
  discount_data: {
    has_discount: false,
    final_price: 80,
    original_price: 80,
    total_discount_percentage: 0,
    total_discount_amount: 0,
    source: 'none',
    rule: null,
  },
  created_at: '2026-11-21T10:00:00.000Z',
};

describe('PriceCell', () => {
  it('shows one price when nothing is taken off', () => {
    renderWithProviders(<PriceCell product={base} />);
    expect(screen.getByTestId('product-price').textContent).toBe('$80.00');
    expect(screen.queryByLabelText('Price before discount')).toBeNull();
  });

  it('strikes the original through when a discount applies', () => {
    renderWithProviders(
      <PriceCell
        product={{
          ...base,
          final_price: 60,
          discount_data: { ...base.discount_data, has_discount: true, final_price: 60, source: 'product' },
        }}
      />,
    );
    const original = screen.getByLabelText('Price before discount');
    expect(original.querySelector('del')?.textContent).toBe(original.textContent);
    expect(original.textContent).toBe('$80.00');
    expect(screen.getByTestId('product-price').textContent).toContain('$60.00');
  });

  it('shows a variable product from its cheapest variant, with the range', () => {
    renderWithProviders(
      <PriceCell
        product={{
          ...base,
          is_variable_product: true,
          price: 20,
          final_price: 20,
          min_variant_price: 20,
          max_variant_price: 1250,
          has_price_range: true,
        }}
      />,
    );
    expect(screen.getByTestId('product-price').textContent).toBe('From$20.00$20.00 – $1,250.00');
  });
});

describe('StockBadge', () => {
  it.each([
    ['in_stock', 'In stock'],
    ['low_stock', 'Low stock'],
    ['out_of_stock', 'Out of stock'],
  ] as const)('%s reads %s', (status, label) => {
    renderWithProviders(<StockBadge product={{ ...base, stock_status: status }} />);
    expect(screen.getByTestId('stock-status').textContent).toBe(label);
  });
});

describe('useRowSelection', () => {
  it('selects rows of the page, all of them, and forgets them when the page changes', () => {
    const { result, rerender } = renderHook(({ ids, key }) => useRowSelection(ids, key), {
      initialProps: { ids: [1, 2, 3], key: 'page=1' },
    });
    act(() => result.current.toggle(2));
    expect(result.current.ids).toEqual([2]);
    expect(result.current.someSelected).toBe(true);
    act(() => result.current.toggleAll());
    expect(result.current.allSelected).toBe(true);
    expect(result.current.count).toBe(3);
    // A row that left the page (deleted) is no longer counted.
    rerender({ ids: [1, 3], key: 'page=1' });
    expect(result.current.ids.sort()).toEqual([1, 3]);
    rerender({ ids: [4, 5], key: 'page=2' });
    expect(result.current.count).toBe(0);
    act(() => result.current.toggleAll());
    act(() => result.current.toggleAll());
    expect(result.current.count).toBe(0);
  });
});
