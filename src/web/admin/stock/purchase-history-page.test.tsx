// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PurchaseHistoryReply } from '../../../contracts/stock';
import { renderWithProviders } from '../../ui/render-for-test';
import { PurchaseHistoryPage } from './purchase-history-page';

let answers: Record<string, { status: number; body: unknown }>;
let calls: URL[];

beforeEach(() => {
  answers = {};
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://shop.test');
    calls.push(url);
    const answer = answers[url.pathname] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
});
afterEach(cleanup);

const reply = (data: PurchaseHistoryReply['data']): PurchaseHistoryReply => ({
  success: true,
  item: {
    product_id: 13,
    variant_id: 21,
    product_name: 'Beach robe',
    variant_name: 'Palm / M',
    sku: 'TEX-113-PM',
    current_stock: 7,
    is_variable: true,
  },
  data,
  pagination: {
    current_page: 1,
    last_page: 1,
    per_page: 20,
    total: data.length,
    from: data.length ? 1 : null,
    to: data.length || null,
  },
});

const renderAt = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/stock/purchase-history/:productId" element={<PurchaseHistoryPage />} />
        <Route path="/admin/stock/purchase-history/:productId/:variantId" element={<PurchaseHistoryPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('PurchaseHistoryPage', () => {
  it('lists the orders that bought a variant, linked to the order, with the other histories', async () => {
    answers['/api/stock/purchase-history/13/variant/21'] = {
      status: 200,
      body: reply([
        {
          id: 1,
          order_id: 40,
          order_code: 'ORD-261110-EPX7',
          order_url: '/admin/orders/40/edit',
          date: '2026-11-10T10:00:00.000Z',
          customer: 'Zoe Martin',
          variant_name: 'Palm / M',
          quantity: 3,
          unit_price: '19.90',
          line_total: '59.70',
          currency_symbol: '€',
          payment_status: 'paid',
          delivery_status: 'in_transit',
        },
      ]),
    };
    renderAt('/admin/stock/purchase-history/13/21?date_from=2026-11-01');
    const link = await screen.findByRole('link', { name: 'ORD-261110-EPX7' });
    expect(link.getAttribute('href')).toBe('/admin/orders/40/edit');
    const table = within(screen.getByRole('table', { name: 'Purchases' }));
    expect(table.getByText('€59.70')).toBeTruthy();
    expect(table.getByText('€19.90')).toBeTruthy();
    expect(table.getByText('Zoe Martin')).toBeTruthy();
    expect(table.getByText('In transit')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Stock history' }).getAttribute('href')).toBe(
      '/admin/stock/stock-history/13/21',
    );
    expect(screen.getByRole('link', { name: 'Notes history' }).getAttribute('href')).toBe(
      '/admin/stock/notes-history/13/21',
    );
    const query = Object.fromEntries(
      calls.find((u) => u.pathname.includes('purchase-history'))!.searchParams,
    );
    expect(query).toEqual({ page: '1', per_page: '20', date_from: '2026-11-01' });
  });

  it('shows the empty state, and says when the product is gone', async () => {
    answers['/api/stock/purchase-history/13'] = { status: 200, body: reply([]) };
    renderAt('/admin/stock/purchase-history/13');
    expect(await screen.findByText('No purchases yet')).toBeTruthy();
    cleanup();
    renderAt('/admin/stock/purchase-history/99');
    expect(await screen.findByText('Product information not available')).toBeTruthy();
  });
});
