// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopDisplay, ShopProductDetail, ShopVariant } from '../../../contracts/shop-catalogue';
import { renderWithProviders } from '../../ui/render-for-test';
import { ADD_TO_CART_EVENT, ProductPage } from './product-page';

afterEach(cleanup);

const display: ShopDisplay = {
  stock: { stock_management_enabled: true, show_stock_quantities: true, show_low_stock_warning: true },
  currency: { code: 'USD', symbol: '$' },
};
const discount = (price: number) => ({
  has_discount: false,
  final_price: price,
  original_price: price,
  total_discount_percentage: 0,
  total_discount_amount: 0,
});
const variant = (id: number, color: number, size: number, price: number, qty: number): ShopVariant => ({
  id,
  variant: `v${id}`,
  price,
  qty,
  discount_data: discount(price),
  color_ids: [color],
  attribute_data: [{ attribute_id: 7, attribute: 'Size', value_id: size, value: size === 70 ? 'S' : 'M' }],
  gallery_image_data: [],
});
const variants = [
  variant(1, 1, 70, 10, 2),
  variant(2, 1, 71, 20, 6),
  variant(3, 2, 70, 11, 0),
  variant(4, 2, 71, 12, 4),
];
const detail: ShopProductDetail = {
  product: {
    id: 5,
    name: 'Shirt',
    slug: 'shirt',
    description: null,
    brand: null,
    categories: [],
    sku: null,
    price: 10,
    is_variable_product: true,
    is_rental_product: false,
    rental_price: null,
    min_variant_price: 10,
    max_variant_price: 20,
    discount_data: discount(10),
    unit_selling_label: null,
    unit_rental_label: null,
    stock_quantity: 12,
    low_stock_threshold: 5,
    is_out_of_stock: false,
    productStocks: variants,
  },
  attributeValues: [
    { id: 70, attribute_id: 7, attribute: 'Size', value: 'S', color_code: null },
    { id: 71, attribute_id: 7, attribute: 'Size', value: 'M', color_code: null },
  ],
  attributeIds: [7],
  colors: [
    { id: 1, name: 'Red', code: '#f00' },
    { id: 2, name: 'Blue', code: '#00f' },
  ],
  variantsByColor: { '1': variants.slice(0, 2), '2': variants.slice(2) },
  variantsWithoutColors: [],
  galleryImages: { product: [], variants: {} },
};

describe('ProductPage (spec 3 §4, §5)', () => {
  it('asks for a colour, then the options, and shows the chosen variant’s price and stock', () => {
    renderWithProviders(<ProductPage detail={detail} display={display} />);
    const add = screen.getByRole('button', { name: 'Add to cart' });
    fireEvent.click(add);
    expect(screen.getByRole('alert').textContent).toBe('Please select a color');

    // Red: 10 and 20 are more than 20 % apart, so no size is chosen for the visitor.
    fireEvent.click(screen.getByRole('radio', { name: /Red/ }));
    fireEvent.click(add);
    expect(screen.getByRole('alert').textContent).toBe('Please select all required options');
    fireEvent.click(screen.getByRole('radio', { name: 'S' }));
    expect(screen.getByTestId('product-price').textContent).toContain('$10.00');
    expect(screen.getByTestId('stock-notice').textContent).toBe('Only 2 left');
  });

  it('auto-selects within a 20 % spread, and a colour resets the choice', () => {
    renderWithProviders(<ProductPage detail={detail} display={display} />);
    // Blue: 11 and 12 are within 20 %: the first in stock (M) is selected.
    fireEvent.click(screen.getByRole('radio', { name: /Blue/ }));
    expect((screen.getByRole('radio', { name: 'M' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('product-price').textContent).toContain('$12.00');
    fireEvent.click(screen.getByRole('radio', { name: /Red/ }));
    expect((screen.getByRole('radio', { name: 'M' }) as HTMLInputElement).checked).toBe(false);
  });

  it('says out of stock and will not add a sold-out variant', () => {
    renderWithProviders(<ProductPage detail={detail} display={display} />);
    fireEvent.click(screen.getByRole('radio', { name: /Blue/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'S' }));
    expect(screen.getByTestId('stock-notice').textContent).toBe('Out of stock');
    expect((screen.getByRole('button', { name: 'Out of stock' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('posts the choice to the cart, says so, and raises the add-to-cart event with the count', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      posted.push([String(input), JSON.parse(String(init?.body))]);
      return new Response(
        JSON.stringify({
          success: true,
          message: 'Product added to cart successfully!',
          cartCount: 3,
          current_cart_quantity: 1,
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    });
    renderWithProviders(<ProductPage detail={detail} display={display} />);
    const raised: unknown[] = [];
    const listener = (event: Event) => raised.push((event as CustomEvent).detail);
    window.addEventListener(ADD_TO_CART_EVENT, listener);
    try {
      fireEvent.click(screen.getByRole('radio', { name: /Red/ }));
      fireEvent.click(screen.getByRole('radio', { name: 'M' }));
      fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect((await screen.findByTestId('added-to-cart')).textContent).toContain(
        'Product added to cart successfully!',
      );
      const choice = { product_id: 5, product_stock_id: 2, color_id: 1, quantity: 1 };
      expect(posted).toEqual([['/cart/add', choice]]);
      expect(raised).toEqual([{ ...choice, cartCount: 3 }]);
    } finally {
      window.removeEventListener(ADD_TO_CART_EVENT, listener);
      vi.unstubAllGlobals();
    }
  });

  it('shows a stock refusal with what is left and what the cart holds', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            success: false,
            message: 'Not enough stock for this product.',
            stock_error: true,
            available_quantity: 2,
            current_cart_quantity: 2,
          }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        ),
    );
    try {
      renderWithProviders(<ProductPage detail={detail} display={display} />);
      fireEvent.click(screen.getByRole('radio', { name: /Red/ }));
      fireEvent.click(screen.getByRole('radio', { name: 'M' }));
      fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect((await screen.findByTestId('choice-problem')).textContent).toBe(
        'Not enough stock for this product. (Only 2 available, 2 already in cart)',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
