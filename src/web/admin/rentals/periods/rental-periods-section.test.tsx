// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RENTAL_PERIOD_MESSAGES as M, PERIOD_PAYMENT_MESSAGES } from '../../../../contracts/rental-periods';
import { renderWithProviders } from '../../../ui/render-for-test';
import { RentalPeriodsSection } from './rental-periods-section';

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer | Answer[]>;
let calls: { key: string; body: unknown }[];

/** Answers by "METHOD /path" (a list is answered in turn); anything not listed is a 404. */
function stubServer() {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    if (url.pathname.startsWith('/api/ui-settings')) return new Response(JSON.stringify({}), { status: 404 });
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const listed = answers[key];
    const answer = Array.isArray(listed) ? (listed.length > 1 ? listed.shift()! : listed[0]!) : listed;
    if (!answer) return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
}

const OPTIONS_ALL = ['pending', 'quoted', 'active_unpaid', 'active_paid', 'returned'].map((value) => ({
  value,
  label: value === 'active_unpaid' ? 'Active (unpaid)' : value === 'active_paid' ? 'Active (paid)' : value,
}));

const period = (over: Record<string, unknown> = {}) => ({
  id: 11,
  booking_id: 5,
  period_number: 1,
  start_date: '2026-01-01',
  end_date: '2026-01-31',
  days_count: 31,
  status: 'active_unpaid',
  status_text: 'Active (unpaid)',
  total_amount: '120.00',
  amount_paid: '50.00',
  remaining_balance: '70.00',
  is_fully_paid: false,
  invoice_status: 'pending',
  invoice_status_text: 'Pending',
  items: [
    {
      id: 21,
      product_id: 3,
      product_stock_id: null,
      product_name: 'Hospital bed',
      variants: null,
      quantity: 2,
      daily_rate: '2.00',
      amount: '100.00',
      vat_info: null,
      stored_vat_amount: '0.00',
    },
  ],
  services: [
    { id: 31, service_name: 'Cleaning', service_type: 'recurring', amount: '20.00', description: null },
  ],
  notes: { customer: null, admin: null },
  payments: [],
  status_options: OPTIONS_ALL,
  ...over,
});

const list = (periods: unknown[], next: string | null = '2026-02-01') => ({
  status: 200,
  body: { success: true, message: '', data: { periods, next_start_date: next, today: '2026-11-26' } },
});

beforeEach(() => {
  answers = {};
  stubServer();
});
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
  cleanup();
});

/** A Mantine Select's input, focused (Mantine takes a change of an unfocused input for autofill). */
function selectInput(label: string | RegExp): HTMLInputElement {
  const el = screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT') as HTMLInputElement;
  el.focus();
  return el;
}

describe('RentalPeriodsSection', () => {
  it('shows an empty state, then the periods with totals, paid, balance and badges', async () => {
    answers['GET /admin/api/rental-periods/booking/5'] = list([], null);
    renderWithProviders(<RentalPeriodsSection bookingId={5} />);
    expect(await screen.findByText(/No periods yet/)).toBeTruthy();
    cleanup();

    answers['GET /admin/api/rental-periods/booking/5'] = list([period()]);
    renderWithProviders(<RentalPeriodsSection bookingId={5} />);
    const card = await screen.findByRole('article', { name: 'Period 1' });
    expect(within(card).getByText('$120.00')).toBeTruthy();
    expect(within(card).getByText('$50.00')).toBeTruthy();
    expect(within(card).getByText('$70.00')).toBeTruthy();
    expect(within(card).getAllByText('Active (unpaid)').length).toBeGreaterThan(0);
    expect(within(card).getByText('Invoice: Pending')).toBeTruthy();
    expect(within(card).getByText('Hospital bed')).toBeTruthy();
    expect(within(card).getByText('Cleaning')).toBeTruthy();
  });

  it('creates a period starting the day after the latest end, and says so when it fails', async () => {
    answers['GET /admin/api/rental-periods/booking/5'] = list([period()]);
    answers['POST /admin/api/rental-periods/booking/5'] = [
      { status: 500, body: { message: 'Server Error' } },
      {
        status: 422,
        body: { message: M.overlaps('2026-02-01'), errors: { start_date: [M.overlaps('2026-02-01')] } },
      },
      { status: 200, body: { success: true, message: 'Period 2 created.', data: {} } },
    ];
    renderWithProviders(<RentalPeriodsSection bookingId={5} />);
    await screen.findByRole('article', { name: 'Period 1' });
    fireEvent.click(screen.getByRole('button', { name: 'New period' }));
    const dialog = await screen.findByRole('dialog', { name: 'New period' });
    expect((within(dialog).getByLabelText(/Start date/) as HTMLInputElement).value).toBe('01/02/2026');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create period' }));
    expect(await screen.findByText(M.createFailed)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create period' }));
    expect(await within(dialog).findByText(M.overlaps('2026-02-01'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create period' }));
    expect(await screen.findByText('Period 2 created.')).toBeTruthy();
    const posts = calls.filter((c) => c.key === 'POST /admin/api/rental-periods/booking/5');
    expect(posts.at(-1)!.body).toEqual({
      start_date: '2026-02-01',
      duration_months: '1',
      copy_items_from_period: true,
      inherit_recurring_services: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New period' })).toBeNull());
  });

  it('shows the remaining balance in the payment modal and refuses above it before sending', async () => {
    answers['GET /admin/api/rental-periods/booking/5'] = list([period()]);
    answers['GET /admin/api/rental-periods/11/payment-info'] = {
      status: 200,
      body: {
        success: true,
        message: '',
        data: {
          total_amount: '120.00',
          amount_paid: '50.00',
          remaining_balance: '70.00',
          is_fully_paid: false,
        },
      },
    };
    answers['POST /admin/api/rental-periods/11/payments'] = {
      status: 500,
      body: { message: 'Server Error' },
    };
    renderWithProviders(<RentalPeriodsSection bookingId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add payment' }));
    const dialog = await screen.findByRole('dialog', { name: /Add a payment/ });
    expect(await within(dialog).findByText('$70.00')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '70.01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add payment' }));
    expect(await within(dialog).findByText(PERIOD_PAYMENT_MESSAGES.tooMuch('$70.00'))).toBeTruthy();
    expect(calls.some((c) => c.key === 'POST /admin/api/rental-periods/11/payments')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '70' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add payment' }));
    expect(await screen.findByText(M.paymentFailed)).toBeTruthy();
  });

  it('refuses a payment on a fully paid period in the modal', async () => {
    answers['GET /admin/api/rental-periods/booking/5'] = list([period()]);
    answers['GET /admin/api/rental-periods/11/payment-info'] = {
      status: 200,
      body: {
        success: true,
        message: '',
        data: {
          total_amount: '120.00',
          amount_paid: '120.00',
          remaining_balance: '0.00',
          is_fully_paid: true,
        },
      },
    };
    renderWithProviders(<RentalPeriodsSection bookingId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add payment' }));
    const dialog = await screen.findByRole('dialog', { name: /Add a payment/ });
    expect(await within(dialog).findByText(PERIOD_PAYMENT_MESSAGES.fullyPaid)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Add payment' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('changes the status through the allowed options, and says so when it fails', async () => {
    answers['GET /admin/api/rental-periods/booking/5'] = list([period()]);
    answers['PUT /admin/api/rental-periods/11/status'] = { status: 500, body: { message: 'Server Error' } };
    renderWithProviders(<RentalPeriodsSection bookingId={5} />);
    await screen.findByRole('article', { name: 'Period 1' });
    fireEvent.click(selectInput('Period status'));
    fireEvent.click(await screen.findByRole('option', { name: 'returned' }));
    expect(await screen.findByText(M.statusFailed)).toBeTruthy();
    expect(calls.find((c) => c.key === 'PUT /admin/api/rental-periods/11/status')!.body).toEqual({
      status: 'returned',
    });
  });

  it('asks before deleting an item, warning that it cannot be undone', async () => {
    answers['GET /admin/api/rental-periods/booking/5'] = list([period()]);
    answers['DELETE /admin/api/rental-periods/items/21'] = {
      status: 200,
      body: { success: true, message: 'Product removed.', data: {} },
    };
    renderWithProviders(<RentalPeriodsSection bookingId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Hospital bed' }));
    expect(await screen.findByText(/This action cannot be undone/)).toBeTruthy();
    fireEvent.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByText('Product removed.')).toBeTruthy();
    expect(calls.some((c) => c.key === 'DELETE /admin/api/rental-periods/items/21')).toBe(true);
  });

  it('adds a service with the spec words when name and amount are missing', async () => {
    answers['GET /admin/api/rental-periods/booking/5'] = list([period()]);
    answers['POST /admin/api/rental-periods/11/services'] = {
      status: 200,
      body: { success: true, message: 'Service added.', data: {} },
    };
    renderWithProviders(<RentalPeriodsSection bookingId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add service' }));
    const dialog = await screen.findByRole('dialog', { name: /Add a service/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect((await within(dialog).findAllByText(M.serviceNameAndAmount)).length).toBe(2);
    fireEvent.change(within(dialog).getByLabelText(/Service name/), { target: { value: 'Setup' } });
    fireEvent.change(within(dialog).getByLabelText(/Amount/), { target: { value: '12.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add service' }));
    expect(await screen.findByText('Service added.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /admin/api/rental-periods/11/services')!.body).toMatchObject({
      service_name: 'Setup',
      service_type: 'one_time',
      amount: '12.50',
    });
  });

  it('sends the payment link and shows a load failure with a retry', async () => {
    answers['GET /admin/api/rental-periods/booking/5'] = [
      { status: 403, body: { message: 'This action is unauthorized.' } },
      list([period()]),
    ];
    answers['POST /admin/api/rental-periods/11/payment-link'] = {
      status: 200,
      body: { success: true, message: 'The payment request is on its way to the customer.', data: {} },
    };
    renderWithProviders(<RentalPeriodsSection bookingId={5} />);
    expect(await screen.findByText('This action is unauthorized.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send payment link' }));
    expect(await screen.findByText('The payment request is on its way to the customer.')).toBeTruthy();
  });

  it('searches rental products from 2 characters and adds the chosen one with its quantity', async () => {
    answers['GET /admin/api/rental-periods/booking/5'] = list([period()]);
    answers['GET /api/rental-products'] = {
      status: 200,
      body: {
        data: [
          { id: 3, name: 'Hospital bed', rental_price: '2.00', is_variable_product: false, variations: [] },
        ],
      },
    };
    answers['POST /admin/api/rental-periods/11/items'] = {
      status: 200,
      body: { success: true, message: 'Product added.', data: {} },
    };
    renderWithProviders(<RentalPeriodsSection bookingId={5} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: /Add a product/ });
    const product = selectInput(/^Product/);
    fireEvent.click(product);
    fireEvent.change(product, { target: { value: 'H' } });
    expect(await screen.findByText('Type at least 2 characters')).toBeTruthy();
    expect(calls.some((c) => c.key === 'GET /api/rental-products')).toBe(false);
    fireEvent.change(product, { target: { value: 'Ho' } });
    fireEvent.click(await screen.findByRole('option', { name: /Hospital bed/ }, { timeout: 2000 }));
    fireEvent.change(within(dialog).getByLabelText(/Quantity/), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Product added.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /admin/api/rental-periods/11/items')!.body).toEqual({
      product_id: '3',
      variant_id: '',
      quantity: '3',
    });
  });

  it('copies the items and recurring services of the previous period into a later one', async () => {
    answers['GET /admin/api/rental-periods/booking/5'] = list([
      period(),
      period({
        id: 12,
        period_number: 2,
        start_date: '2026-02-01',
        end_date: '2026-02-28',
        items: [],
        services: [],
      }),
    ]);
    answers['POST /admin/api/rental-periods/12/copy-items'] = {
      status: 200,
      body: { success: true, message: '1 item copied.', data: {} },
    };
    answers['POST /admin/api/rental-periods/12/copy-services'] = {
      status: 200,
      body: { success: true, message: '1 service copied.', data: {} },
    };
    renderWithProviders(<RentalPeriodsSection bookingId={5} />);
    const second = await screen.findByRole('article', { name: 'Period 2' });
    expect(
      within(await screen.findByRole('article', { name: 'Period 1' })).queryByText(/Copy items/),
    ).toBeNull();
    fireEvent.click(within(second).getByRole('button', { name: 'Copy items of period 1' }));
    expect(await screen.findByText('1 item copied.')).toBeTruthy();
    fireEvent.click(within(second).getByRole('button', { name: 'Copy recurring services of period 1' }));
    expect(await screen.findByText('1 service copied.')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /admin/api/rental-periods/12/copy-services')!.body).toEqual({
      source_period_id: 11,
      service_type: 'recurring',
    });
  });
});
