// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderListRow } from '../../../../contracts/orders';
import { renderWithProviders } from '../../../ui/render-for-test';
import { OrdersPage } from './orders-page';

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
let calls: { method: string; url: URL }[];

/** Answers the app's calls by method and path; anything not listed is a 404. */
function stubServer() {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    if (url.pathname.startsWith('/api/ui-settings')) return new Response(JSON.stringify({}), { status: 404 });
    const answer = answers[`${method} ${url.pathname}`] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
}

const row = (over: Partial<OrderListRow> = {}): OrderListRow => ({
  id: 5,
  order_code: 'ORD-261101-AAAA',
  customer_name: 'Zoe Martin',
  customer_email: 'zoe@example.test',
  order_from: 'backend',
  delivery_status: 'in_transit',
  payment_status: 'partial',
  grand_total: '1250.00',
  amount_paid: '100.00',
  currency_symbol: '€',
  items_count: 3,
  created_at: '2026-11-01T10:00:00.000Z',
  ...over,
});

const page = (data: OrderListRow[], over: Record<string, number | null> = {}) => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: 10,
  total: data.length,
  from: data.length ? 1 : null,
  to: data.length ? data.length : null,
  ...over,
});

const listCalls = () => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/admin/orders');

beforeEach(() => {
  answers = {};
  stubServer();
});
afterEach(cleanup);

const renderPage = (path = '/admin/orders') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <OrdersPage />
    </MemoryRouter>,
  );

describe('OrdersPage', () => {
  it('lists orders with links to their edit pages, badges and totals in the order currency', async () => {
    answers['GET /admin/orders'] = {
      status: 200,
      body: page([
        row(),
        row({
          id: 6,
          order_code: 'ORD-261102-BBBB',
          order_from: 'web',
          items_count: 1,
          payment_status: 'paid',
          delivery_status: 'delivered',
          currency_symbol: '$',
          grand_total: '20.00',
        }),
      ]),
    };
    renderPage();
    const link = await screen.findByRole('link', { name: 'ORD-261101-AAAA' });
    expect(link.getAttribute('href')).toBe('/admin/orders/5/edit');
    expect(screen.getByRole('link', { name: 'Edit order ORD-261102-BBBB' }).getAttribute('href')).toBe(
      '/admin/orders/6/edit',
    );
    const table = within(screen.getByRole('table', { name: 'Orders' }));
    expect(table.getByText('€1,250.00')).toBeTruthy();
    expect(table.getByText('€100.00 paid')).toBeTruthy();
    expect(table.getByText('$20.00')).toBeTruthy();
    expect(table.getByText('In transit')).toBeTruthy();
    expect(table.getByText('Partial')).toBeTruthy();
    expect(table.getByText('Paid')).toBeTruthy();
    expect(table.getByText('Delivered')).toBeTruthy();
    expect(table.getByText('Web shop · 1 item')).toBeTruthy();
    expect(table.getByText('Back office · 3 items')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New order' }).getAttribute('href')).toBe('/admin/orders/create');
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    // Newest first, 10 a page, by default.
    const query = listCalls()[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      per_page: '10',
      sort: 'created_at',
      direction: 'desc',
    });
  });

  it('sends the search, filters, sort and page kept in the address bar', async () => {
    answers['GET /admin/orders'] = {
      status: 200,
      body: page([row()], { current_page: 2, last_page: 9, total: 90, from: 11, to: 20 }),
    };
    renderPage(
      '/admin/orders?search=zoe&delivery_status=shipped&payment_status=paid&order_from=web&date_from=2026-11-01&sort=grand_total&direction=asc&page=2',
    );
    await screen.findByRole('link', { name: 'ORD-261101-AAAA' });
    expect(Object.fromEntries(listCalls()[0]!.url.searchParams)).toEqual({
      page: '2',
      per_page: '10',
      sort: 'grand_total',
      direction: 'asc',
      search: 'zoe',
      delivery_status: 'shipped',
      payment_status: 'paid',
      order_from: 'web',
      date_from: '2026-11-01',
    });
    // More than 5 pages: first, neighbours, last, with ellipses (spec 1 §2).
    const strip = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(strip)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '9']);
    fireEvent.click(within(strip).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('page')).toBe('3'));
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Customer' }));
    await waitFor(() => expect(listCalls().at(-1)!.url.searchParams.get('sort')).toBe('customer'));
    expect(listCalls().at(-1)!.url.searchParams.get('page')).toBe('1');
  });

  it('shows every page when there are at most 5', async () => {
    answers['GET /admin/orders'] = { status: 200, body: page([row()], { last_page: 5, total: 50, to: 10 }) };
    renderPage();
    const strip = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(strip).getAllByRole('button', { name: /^Page / })).toHaveLength(5);
  });

  it('shows the empty state and the list-load error in the spec’s words', async () => {
    answers['GET /admin/orders'] = { status: 200, body: page([]) };
    renderPage();
    expect(await screen.findByText('No orders found')).toBeTruthy();
    cleanup();
    // A 4xx is not retried, so the message shows at once (a 5xx shows it after the query's retries).
    answers['GET /admin/orders'] = { status: 400, body: { message: 'Bad request' } };
    renderPage();
    expect(await screen.findByText('Failed to load data. Please try again.')).toBeTruthy();
  });

  it('deletes an order after confirmation and reloads the list', async () => {
    answers['GET /admin/orders'] = { status: 200, body: page([row()]) };
    answers['DELETE /admin/orders/5'] = { status: 200, body: { message: 'Order deleted successfully' } };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete order ORD-261101-AAAA' }));
    expect(await screen.findByText('Delete order ORD-261101-AAAA?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-button'));
    expect(await screen.findByText('Order deleted successfully')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/admin/orders/5')).toBe(true);
    await waitFor(() => expect(listCalls().length).toBeGreaterThanOrEqual(2));
  });

  it('says "Failed to delete item. Please try again." when the delete fails', async () => {
    answers['GET /admin/orders'] = { status: 200, body: page([row()]) };
    answers['DELETE /admin/orders/5'] = { status: 404, body: { message: 'Order not found.' } };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete order ORD-261101-AAAA' }));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByText('Failed to delete item. Please try again.')).toBeTruthy();
  });
});
