// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENTAL_REQUEST_MESSAGES } from '../../../contracts/rentals';
import { addDays } from '../../../domain/dates/date-format';
import { renderWithProviders } from '../../ui/render-for-test';
import RentalRequestDialog from './rental-request-dialog';
import { requestProblems, todayIso } from './rental-request-rules';

let submitted: unknown[];
/** What the stubbed product-info says the shop's date is (undefined: it says nothing). */
let shopToday: string | undefined;
let costBodies: unknown[];

beforeEach(() => {
  submitted = [];
  costBodies = [];
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    if (url.pathname === '/api/rental/product-info/4')
      return Response.json({ success: true, data: { available_units: 3, today: shopToday } });
    if (url.pathname === '/api/checkout/pickup-points')
      return Response.json({
        success: true,
        pickup_points: [{ id: 2, name: 'Depot', address: '2 Yard Lane', service_fee: '5.00' }],
      });
    if (url.pathname === '/api/rental/calculate-cost') {
      costBodies.push(JSON.parse(String(init?.body)));
      return Response.json({ success: true, data: { base_cost: '75.00', formatted_cost: '$75.00' } });
    }
    if (url.pathname === '/api/rental/submit-booking') {
      submitted.push(JSON.parse(String(init?.body)));
      return Response.json({ success: true, message: 'Thank you', booking_number: 'RB-2026-0001' });
    }
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  shopToday = undefined;
  cleanup();
  vi.unstubAllGlobals();
});

const product = { id: 4, name: 'Party tent', is_variable_product: false, productStocks: [] };

describe('the public rental request modal (spec 3 §5)', () => {
  it('starts on the shop’s today when the shop’s calendar is ahead of the visitor’s', async () => {
    shopToday = addDays(todayIso(), 1);
    renderWithProviders(<RentalRequestDialog product={product} symbol="$" onClose={() => {}} />);
    const start = (await screen.findByLabelText(/^Start date/)) as HTMLInputElement;
    await waitFor(() => expect(start.value).toBe(shopToday));
    expect(start.min).toBe(shopToday);
  });

  it('shows the spec messages beside the fields and sends nothing', async () => {
    renderWithProviders(<RentalRequestDialog product={product} symbol="$" onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(RENTAL_REQUEST_MESSAGES.name)).toBeTruthy();
    expect(screen.getByText(RENTAL_REQUEST_MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(RENTAL_REQUEST_MESSAGES.phone)).toBeTruthy();
    expect(screen.getByText(RENTAL_REQUEST_MESSAGES.deliveryAddress)).toBeTruthy();
    expect(submitted).toEqual([]);
  });

  it('follows the cost, bounds the quantity by the free units and shows the booking number', async () => {
    renderWithProviders(<RentalRequestDialog product={product} symbol="$" onClose={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('rental-cost').textContent).toBe('Estimated cost: $75.00'));
    expect(costBodies[0]).toEqual({ product_id: 4, product_stock_id: '', quantity: '1', rental_months: '1' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ann Guest' } });
    fireEvent.change(screen.getByRole('textbox', { name: /E-mail/ }), {
      target: { value: 'ann@example.test' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Phone/ }), { target: { value: '555 0101' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Delivery address/ }), {
      target: { value: '1 Hill Road' },
    });
    await screen.findByText('At most 3');
    fireEvent.change(screen.getByRole('textbox', { name: /Quantity/ }), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText(RENTAL_REQUEST_MESSAGES.quantity(3))).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Quantity/ }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByTestId('booking-number')).textContent).toBe('RB-2026-0001');
    expect(submitted).toEqual([
      expect.objectContaining({
        product_id: 4,
        name: 'Ann Guest',
        email: 'ann@example.test',
        quantity: '2',
        rental_months: '1',
        delivery_method: 'delivery',
        delivery_address: '1 Hill Road',
      }),
    ]);
  });
});

describe('requestProblems', () => {
  const today = '2026-11-26';
  it.each([
    [{ start_date: '2026-11-25', quantity: '1' }, 10, { start_date: RENTAL_REQUEST_MESSAGES.startDate }],
    [{ start_date: today, quantity: '1' }, 10, {}],
    [{ start_date: today, quantity: '0' }, 10, { quantity: RENTAL_REQUEST_MESSAGES.quantity(10) }],
    [{ start_date: today, quantity: '11' }, 10, { quantity: RENTAL_REQUEST_MESSAGES.quantity(10) }],
    [{ start_date: today, quantity: '3' }, 3, {}],
    [{ start_date: today, quantity: '0x3' }, 3, { quantity: RENTAL_REQUEST_MESSAGES.quantity(3) }],
  ])('%j with at most %i → %j', (values, max, expected) => {
    expect(
      requestProblems({ ...values, product_stock_id: null }, { max, today, needsVariant: false }),
    ).toEqual(expected);
  });

  it('needs a variant for a variable product', () => {
    expect(
      requestProblems(
        { start_date: today, quantity: '1', product_stock_id: null },
        { max: 10, today, needsVariant: true },
      ).product_stock_id,
    ).toBe('Please choose a variant.');
  });

  it('writes today as a local ISO date', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
