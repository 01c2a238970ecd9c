// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderReply } from '../../../../contracts/orders';
import { renderWithProviders } from '../../../ui/render-for-test';
import OrderFormPage from './order-form-page';

const order: OrderReply = {
  id: 9,
  order_code: 'ORD-261123-WXYZ',
  user_id: null,
  customer: null,
  seller_id: null,
  carrier_id: null,
  order_from: 'backend',
  customer_email: 'guest@example.test',
  customer_first_name: 'Gail',
  customer_last_name: 'Guest',
  customer_phone: null,
  delivery_status: 'pending',
  status_reason: null,
  delivered_date: null,
  payment_status: 'partial',
  payment_intent: 'immediate_payment',
  payment_type: 'card',
  amount_paid: '4.00',
  delivery_required: false,
  delivery_address: null,
  shipping_cost: '0.00',
  shipping_type: 'standard',
  pickup_point_id: null,
  tracking_code: null,
  address: null,
  global_discount: 0,
  currency_id: 1,
  currency_code: 'USD',
  currency_symbol: '$',
  payment_date: null,
  transaction_id: null,
  payment_details: null,
  notified: false,
  delivery_date: null,
  additional_info: null,
  stock_deducted_at: null,
  vat_enabled: true,
  vat_method: 'exclusive',
  items_total: '11.00',
  vat_total: '0.00',
  discount_total: '0.00',
  grand_total: '11.00',
  items_locked: false,
  order_items: [
    {
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
      tax_amount: '0.00',
      line_total: '11.00',
    },
  ],
  payments: [
    {
      id: 31,
      status: 'completed',
      amount: '4.00',
      payment_type: 'card',
      payment_date: '2026-11-20',
      transaction_id: 'T-1',
      payment_details: null,
      created_at: '2026-11-20T10:00:00Z',
    },
  ],
  audit: [
    {
      id: 1,
      action: 'order.updated',
      user: 'Ada Admin',
      changes: { delivery_status: { from: 'pending', to: 'confirmed' } },
      created_at: '2026-11-21T09:00:00Z',
    },
  ],
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T09:00:00Z',
};

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
let calls: { key: string; body: unknown }[];
const ok = (body: unknown): Answer => ({ status: 200, body });

beforeEach(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
    });
  calls = [];
  answers = {
    'GET /api/orders/9': ok({ data: order }),
    'GET /api/orders/form/reference-data': ok({
      data: { users: [], sellers: [], carriers: [], pickup_points: [] },
    }),
    'GET /api/pickup-points/active': ok({ pickup_points: [] }),
    'GET /api/payment-methods/active': ok({ payment_methods: [{ id: 1, name: 'Card', code: 'card' }] }),
    'GET /api/currencies/default': ok({
      id: 1,
      code: 'USD',
      name: 'US Dollar',
      symbol: '$',
      is_default: true,
    }),
    'GET /api/currencies/active': ok({ data: [] }),
    'GET /api/customers': ok({ data: [] }),
    'POST /api/products/variants/batch': ok({ 8: [] }),
    'GET /api/orders/9/stock-status': ok({
      success: true,
      data: {
        stock_management_enabled: true,
        deduction_timing: 'on_order',
        stock_deducted_at: null,
        is_credit_order: false,
        items: [
          {
            order_item_id: 501,
            product_name: 'Mug',
            variant: null,
            quantity: 2,
            available: 8,
            deducted: false,
          },
        ],
      },
    }),
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : null });
    const answer = answers[key] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditPage() {
  const router = createMemoryRouter([{ path: '/admin/orders/:id/edit', element: <OrderFormPage /> }], {
    initialEntries: ['/admin/orders/9/edit'],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

function input(
  label: string | RegExp,
  scope: Pick<typeof screen, 'getAllByLabelText'> = screen,
): HTMLInputElement {
  const el = scope.getAllByLabelText(label).find((e) => e.tagName === 'INPUT') as HTMLInputElement;
  el.focus();
  return el;
}

const orderReads = () => calls.filter((c) => c.key === 'GET /api/orders/9').length;

describe('OrderFormPage: edit (spec 1 §2, §4, §5, §7, §8)', () => {
  it('shows a loader, then the order with its payments, stock status and audit trail', async () => {
    renderEditPage();
    expect(screen.getByTestId('order-loading')).toBeTruthy();
    expect(await screen.findByText('Order ORD-261123-WXYZ', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByText('T-1')).toBeTruthy();
    expect(await screen.findByText('Not deducted')).toBeTruthy();
    expect(screen.getByText('delivery_status: pending → confirmed')).toBeTruthy();
    expect(screen.queryByTestId('items-locked')).toBeNull();
  });

  it('locks the items of a paid order', async () => {
    answers['GET /api/orders/9'] = ok({ data: { ...order, payment_status: 'paid', items_locked: true } });
    renderEditPage();
    expect(await screen.findByTestId('items-locked', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add item' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Mug' })).toBeNull();
  });

  it('shows "Order Locked" when the server refuses an item save of a paid order', async () => {
    answers['POST /admin/orders/9/update-items'] = {
      status: 422,
      body: {
        message: 'This order is paid: its items cannot be changed.',
        error_type: 'paid_order_restriction',
      },
    };
    renderEditPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Mug' }, { timeout: 2000 }));
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save item' }));
    expect(await screen.findByText('Order Locked')).toBeTruthy();
    const sent = calls.find((c) => c.key === 'POST /admin/orders/9/update-items')?.body as Record<
      string,
      string
    >;
    expect(sent.grand_total).toBe('16.50');
    expect(JSON.parse(sent.order_items_json ?? '')).toEqual([
      { id: 501, product_id: 8, product_stock_id: null, quantity: 3, price: '5.50', discount: 0 },
    ]);
    expect(screen.getByTestId('editing-row')).toBeTruthy();
  });

  it('checks a payment record with the spec 1 §5 rules, then reads the order again in place', async () => {
    renderEditPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add payment' }, { timeout: 2000 }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(input(/^Payment type/, dialog));
    fireEvent.click(await screen.findByRole('option', { name: 'Card' }));
    const amount = dialog.getByLabelText(/^Amount/);
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.change(dialog.getByLabelText(/^Payment date/), { target: { value: '31/02/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment' }));
    expect(await screen.findByText('Payment amount must be greater than 0')).toBeTruthy();
    expect(screen.getByText('Please enter a valid date in DD/MM/YYYY format.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '7.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment' }));
    expect(
      await screen.findByText('Payment amount would exceed grand total. Maximum allowed: $7.00'),
    ).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /admin/orders/9/add-payment')).toBe(false);

    answers['POST /admin/orders/9/add-payment'] = ok({ message: 'Payment added successfully' });
    fireEvent.change(amount, { target: { value: '7.00' } });
    fireEvent.change(dialog.getByLabelText(/^Payment date/), { target: { value: '22/11/2026' } });
    const before = orderReads();
    fireEvent.click(screen.getByRole('button', { name: 'Save payment' }));
    expect(await screen.findByText('Payment added successfully')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /admin/orders/9/add-payment')?.body).toEqual({
      payment_type: 'card',
      amount: '7.00',
      payment_date: '2026-11-22',
      transaction_id: null,
      payment_details: null,
    });
    await waitFor(() => expect(orderReads()).toBeGreaterThan(before));
  }, 20_000);

  it('asks for a status different from the current one in the quick update', async () => {
    renderEditPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Update status' }, { timeout: 2000 }));
    expect(await screen.findByText('Please select a status to update to.')).toBeTruthy();
    fireEvent.click(input('New status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Selected status is the same as current status.')).toBeTruthy();
    fireEvent.click(input('New status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText('Reason is required when marking order as failed')).toBeTruthy();
  });
});
