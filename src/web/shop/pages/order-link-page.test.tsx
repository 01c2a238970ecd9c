// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderLinkView } from '../../../contracts/orders';
import { renderWithProviders } from '../../ui/render-for-test';
import { OrderLinkGatePage } from './order-link-page';

afterEach(cleanup);

const VIEW: OrderLinkView = {
  order_code: 'ORD-2026-0042',
  created_at: '2026-11-20T10:00:00.000Z',
  customer_name: 'Ada Lovelace',
  currency_symbol: '$',
  items: [{ id: 1, name: 'Teak side table', variant: null, quantity: 2, unit_price: 100, line_total: 200 }],
  items_total: 200,
  vat_total: 0,
  shipping_cost: 10,
  discount_total: 0,
  grand_total: 210,
  amount_paid: 50,
  amount_due: 160,
  payment_status: 'partially_paid',
  delivery_status: 'pending',
  pay_url: '/payment/ORD-2026-0042?token=tok',
  uses_remaining: 2,
  expires_at: '2026-11-27T10:00:00.000Z',
};

/** What the server answers to POST /order-link/{token}; the browser boundary is the only stand-in. */
let answer: { status: number; body: unknown };
let posted: string[] = [];

beforeEach(() => {
  posted = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith('/order-link/') && init?.method === 'POST') {
      posted.push(String(input));
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }
    return original(input, init);
  }) as typeof fetch;
  renderWithProviders(
    <OrderLinkGatePage token="tok/1" uses_remaining={3} expires_at="2026-11-27T10:00:00.000Z" />,
  );
});

const open = () => fireEvent.click(screen.getByRole('button', { name: 'Open my order' }));

describe('OrderLinkGatePage (DECISIONS 11, docs/decisions/0032)', () => {
  it('shows no order until the button is pressed, and how many views are left', () => {
    expect(screen.getByRole('heading', { name: 'Your order' })).toBeTruthy();
    expect(screen.getByText('This link can be opened 3 more times until 27/11/2026.')).toBeTruthy();
    expect(screen.queryByText(/ORD-2026-0042/)).toBeNull();
    expect(posted).toEqual([]);
  });

  it('opens the order with one POST and shows it with Pay now', async () => {
    answer = { status: 200, body: { data: VIEW } };
    open();
    expect(await screen.findByRole('heading', { name: 'Order ORD-2026-0042' })).toBeTruthy();
    expect(posted).toEqual(['/order-link/tok%2F1']);
    expect(screen.getByText('Amount due: $160.00', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(VIEW.pay_url);
    expect(screen.getByText('This link can be opened 2 more times until 27/11/2026.')).toBeTruthy();
  });

  it("says why a link that no longer opens refuses, in the server's words", async () => {
    answer = { status: 410, body: { message: 'This link has been used the maximum number of times.' } };
    open();
    expect(await screen.findByText('This link has been used the maximum number of times.')).toBeTruthy();
    expect(screen.queryByText(/ORD-2026-0042/)).toBeNull();
  });
});
