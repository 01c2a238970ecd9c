// @vitest-environment happy-dom

import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderProduct } from '../../../../contracts/catalogue';
import { renderWithProviders } from '../../../ui/render-for-test';
import OrderFormPage from './order-form-page';

const mug: OrderProduct = {
  id: 8,
  name: 'Mug',
  sku: 'MUG',
  price: 5.5,
  discount: null,
  has_discount: false,
  discount_start_date: null,
  discount_end_date: null,
  unit_selling_label: null,
  is_variable_product: false,
  min_variant_price: null,
  max_variant_price: null,
  has_price_range: false,
  product_stocks: [],
  vat_id: null,
  vat_info: null,
  total_discount_percentage: 0,
  final_price: 5.5,
  stock_quantity: 10,
  thumbnail_url: null,
};

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
let posts: { url: string; body: Record<string, unknown> }[];

const ok = (body: unknown): Answer => ({ status: 200, body });

beforeEach(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  posts = [];
  answers = {
    'GET /api/orders/form/reference-data': ok({
      data: { users: [], sellers: [{ id: 1, name: 'Ada Admin' }], carriers: [], pickup_points: [] },
    }),
    'GET /api/pickup-points/active': ok({ pickup_points: [] }),
    'GET /api/payment-methods/active': ok({
      payment_methods: [{ id: 1, name: 'Card', code: 'card' }],
    }),
    'GET /api/currencies/default': ok({
      id: 1,
      code: 'USD',
      name: 'US Dollar',
      symbol: '$',
      is_default: true,
    }),
    'GET /api/currencies/active': ok({
      data: [{ id: 1, code: 'USD', name: 'US Dollar', symbol: '$', is_default: true }],
    }),
    'GET /api/customers': ok({ data: [] }),
    'GET /api/order-products': ok({ data: [mug] }),
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (init?.method === 'POST')
      posts.push({ url: url.pathname, body: JSON.parse(String(init.body ?? '{}')) });
    const answer = answers[key] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => {
  cleanup();
  // Toasts live in a store shared by the tests of this file: each test starts without any.
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
});

function renderCreatePage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/orders/create', element: <OrderFormPage /> },
      { path: '/admin/orders/:id/edit', element: <p>Edit page reached</p> },
    ],
    { initialEntries: ['/admin/orders/create'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** A Mantine Select's input, focused (Mantine takes a change of an unfocused input for autofill). */
function input(label: string): HTMLInputElement {
  const el = screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT') as HTMLInputElement;
  el.focus();
  return el;
}

async function choose(label: string, option: string) {
  fireEvent.click(input(label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function addMug() {
  fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
  const product = input('Product');
  fireEvent.click(product);
  fireEvent.change(product, { target: { value: 'Mu' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Mug' }, { timeout: 2000 }));
  fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save item' }));
  await waitFor(() => expect(screen.queryByTestId('editing-row')).toBeNull());
}

describe('OrderFormPage: create (spec 1 §2, §5, §8)', () => {
  it('checks the immediate payment and items before sending (spec 1 §5)', async () => {
    renderCreatePage();
    expect(await screen.findByText('Guest customer', {}, { timeout: 2000 })).toBeTruthy();
    await choose('Payment intent', 'Immediate payment');
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('At least one product is required')).toBeTruthy();
    expect(screen.getByText('Payment method is required for immediate payment')).toBeTruthy();
    expect(screen.getByText('Payment amount is required for immediate payment')).toBeTruthy();
    expect(posts).toEqual([]);

    await addMug();
    await choose('Payment type', 'Card');
    fireEvent.change(screen.getByLabelText('Amount paid'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('Payment amount cannot exceed order total ($11.00)')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('sends the body, shows 422 errors per field and on the item row, then navigates to the edit page', async () => {
    const router = renderCreatePage();
    await screen.findByText('Guest customer', {}, { timeout: 2000 });
    await addMug();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ann@x' } });
    answers['POST /admin/orders'] = {
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: {
          customer_email: ['Please enter a valid email address'],
          'order_items.0.quantity': ['Quantity must be greater than 0'],
        },
      },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect((await screen.findAllByText('Please correct the validation errors.')).length).toBeGreaterThan(0);
    const row = screen.getAllByText('Mug')[0]!.closest('tr')!;
    expect(within(row).getByText('Quantity must be greater than 0')).toBeTruthy();
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body;
    expect(body).toMatchObject({
      user_id: null,
      customer_email: 'ann@x',
      payment_intent: 'payment_later',
      grand_total: '11.00',
    });
    expect(JSON.parse(body.order_items_json as string)).toEqual([
      { product_id: 8, product_stock_id: null, quantity: 2, price: '5.50', discount: 0 },
    ]);

    answers['POST /admin/orders'] = ok({
      message: 'Order created successfully',
      order: { id: 55, order_code: 'ORD-261123-ABCD', grand_total: '11.00' },
      stock_reversed: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findByText('Edit page reached')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/orders/55/edit');
  });

  it('shows the server message, or the fallback, when saving fails otherwise', async () => {
    renderCreatePage();
    await screen.findByText('Guest customer', {}, { timeout: 2000 });
    await addMug();
    answers['POST /admin/orders'] = { status: 500, body: { message: 'boom' } };
    fireEvent.click(screen.getByRole('button', { name: 'Create order' }));
    expect(
      await screen.findByText('An error occurred while saving the order.', {}, { timeout: 4000 }),
    ).toBeTruthy();
  });
  it('says so when the payment methods or the reference lists cannot be loaded (issue 12)', async () => {
    answers['GET /api/payment-methods/active'] = { status: 500, body: { message: 'Server Error' } };
    answers['GET /api/orders/form/reference-data'] = { status: 500, body: { message: 'Server Error' } };
    renderCreatePage();
    expect(
      await screen.findByText('Failed to load payment methods. Please try again.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(
      await screen.findByText('Failed to load data. Please try again.', {}, { timeout: 4000 }),
    ).toBeTruthy();
  });
});
