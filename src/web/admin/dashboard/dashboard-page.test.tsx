// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardData } from '../../../contracts/dashboard';
import { presetRange } from '../../../domain/dashboard/dashboard-range';
import { isoDateInZone } from '../../../domain/dates/date-format';
import { DEFAULT_UI_SETTINGS } from '../../lib/ui-settings';
import { renderWithProviders } from '../../ui/render-for-test';
import { DashboardPage } from './dashboard-page';

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
let calls: URL[];

function stubServer() {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://shop.test');
    calls.push(url);
    if (url.pathname === '/api/ui-settings') return new Response(JSON.stringify(DEFAULT_UI_SETTINGS));
    const answer = answers[url.pathname] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
}

const entry = (count: number, amount: string, percentage: number) => ({ count, amount, percentage });

function figures(over: Partial<DashboardData['salesOverview']> = {}): DashboardData {
  return {
    date_from: '2026-11-26',
    date_to: '2026-11-26',
    salesOverview: {
      total_orders: 3,
      total_sales_amount: '1250.50',
      amount_paid: '1000.00',
      amount_unpaid: '250.50',
      average_order_amount: '416.83',
      selected_period_summary: {
        date_from: '2026-11-26',
        date_to: '2026-11-26',
        count: 3,
        amount: '1250.50',
        days: [{ date: '2026-11-26', count: 3, amount: '1250.50' }],
      },
      ...over,
    },
    paymentMethodStats: [
      { payment_type: 'card', label: 'Card', count: 2, amount: '1000.00', percentage: 100 },
    ],
    paymentStatusBreakdown: {
      paid: entry(2, '1000.00', 66.7),
      unpaid: entry(1, '250.50', 33.3),
      partial: entry(0, '0.00', 0),
      credit: entry(0, '0.00', 0),
    },
    recentActivity: { orders: [], payments: [] },
    currency: { symbol: 'Rs ', code: 'MUR' },
  };
}

const pending = { data: { pending_count: 0, recent_pending_count: 0, pending_users: [] } };

function renderPage() {
  renderWithProviders(
    <MemoryRouter>
      <DashboardPage />
    </MemoryRouter>,
  );
}

const dashboardCalls = () => calls.filter((u) => u.pathname === '/api/admin/dashboard');

beforeEach(() => {
  answers = {
    '/api/users/pending-stats': { status: 200, body: pending },
    '/api/auth/status': { status: 200, body: { data: { authenticated: true, user: null, token: null } } },
  };
  stubServer();
});
afterEach(cleanup);

describe('DashboardPage', () => {
  it("asks for today in the shop's time zone and shows the figures in the shop's currency", async () => {
    answers['/api/admin/dashboard'] = { status: 200, body: { success: true, data: figures(), error: null } };
    renderPage();
    const orders = await screen.findByRole('region', { name: 'Orders' });
    expect(orders.textContent).toContain('3');
    expect(screen.getByRole('region', { name: 'Sales' }).textContent).toContain('Rs 1,250.50');
    expect(screen.getByRole('region', { name: 'Unpaid' }).textContent).toContain('Rs 250.50');
    const today = isoDateInZone(new Date(), DEFAULT_UI_SETTINGS.timezone);
    const first = dashboardCalls()[0]!;
    expect(first.searchParams.get('date_from')).toBe(today);
    expect(first.searchParams.get('date_to')).toBe(today);
    const statuses = screen.getByRole('region', { name: 'Payment status' });
    expect(within(statuses).getByText('66.7 %')).toBeTruthy();
    expect(screen.queryByText('No sales in this period')).toBeNull();
    // The status chart is a figure named by its caption; one day has no sales-over-time chart.
    expect(screen.getByRole('figure', { name: /orders by payment status/ })).toBeTruthy();
    expect(screen.getByText('Paid: 2 (66.7 %)')).toBeTruthy();
    expect(screen.queryByRole('figure', { name: /^Sales per day/ })).toBeNull();
  });

  it('draws the sales of a longer period as a chart beside its table', async () => {
    const days = [
      { date: '2026-11-25', count: 1, amount: '250.50' },
      { date: '2026-11-26', count: 2, amount: '1000.00' },
    ];
    answers['/api/admin/dashboard'] = {
      status: 200,
      body: {
        success: true,
        data: figures({
          selected_period_summary: {
            date_from: '2026-11-25',
            date_to: '2026-11-26',
            count: 3,
            amount: '1250.50',
            days,
          },
        }),
        error: null,
      },
    };
    renderPage();
    expect(
      await screen.findByRole('figure', { name: /^Sales per day, 25\/11\/2026 to 26\/11\/2026\./ }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sales per day, newest first' })).toBeTruthy();
  });

  it('asks for the last 30 days when that preset is chosen', async () => {
    answers['/api/admin/dashboard'] = { status: 200, body: { success: true, data: figures(), error: null } };
    renderPage();
    await screen.findByRole('region', { name: 'Orders' });
    fireEvent.click(screen.getByRole('radio', { name: 'Last 30 days' }));
    const today = isoDateInZone(new Date(), DEFAULT_UI_SETTINGS.timezone);
    const range = presetRange('last_30_days', today)!;
    await waitFor(() =>
      expect(dashboardCalls().some((u) => u.searchParams.get('date_from') === range.from)).toBe(true),
    );
    expect(dashboardCalls().at(-1)!.searchParams.get('date_to')).toBe(today);
  });

  it('says so when the period has no sales', async () => {
    answers['/api/admin/dashboard'] = {
      status: 200,
      body: {
        success: true,
        data: figures({
          total_orders: 0,
          total_sales_amount: '0.00',
          amount_paid: '0.00',
          amount_unpaid: '0.00',
        }),
        error: null,
      },
    };
    renderPage();
    expect(await screen.findByText('No sales in this period')).toBeTruthy();
  });

  it("shows spec 3 §8's words and a way to try again when the figures cannot be read", {
    timeout: 15_000,
  }, async () => {
    answers['/api/admin/dashboard'] = { status: 500, body: { message: 'Server Error' } };
    renderPage();
    // A 5xx is asked twice more (the app's query client) before it counts as failed.
    const shown = await screen.findAllByText('Failed to load dashboard data', {}, { timeout: 8000 });
    expect(shown.length).toBeGreaterThan(0);
    const before = dashboardCalls().length;
    answers['/api/admin/dashboard'] = { status: 200, body: { success: true, data: figures(), error: null } };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Orders' });
    expect(dashboardCalls().length).toBeGreaterThan(before);
  });
});
