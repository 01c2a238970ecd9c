// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES, type BookingReply, RENTAL_MESSAGES } from '../../../../contracts/rentals';
import { renderWithProviders } from '../../../ui/render-for-test';
import { EMPTY_ITEMS, type ItemsState } from '../booking-items-state';
import { BookingItemsSection } from './booking-items-section';
import { BookingStatusSection } from './booking-status-section';
import { applicationHelp, ServiceFeeModal } from './service-fees-section';

let posted: { url: string; body: unknown }[];

/** A Mantine Select's input, focused: Mantine takes a change of an unfocused input for autofill. */
function input(label: string): HTMLInputElement {
  const el = screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT') as HTMLInputElement;
  el.focus();
  return el;
}

beforeEach(() => {
  posted = [];
  // happy-dom has no font loading API; Mantine's autosize textarea listens to it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    if (url.pathname === '/api/ui-settings') return new Response('{}', { status: 404 });
    if (url.pathname === '/api/rental-products')
      return Response.json({
        success: true,
        message: '',
        data: [{ id: 5, name: 'Drill', rental_price: '2.50', is_variable_product: false, variations: [] }],
      });
    if (init?.method === 'POST') {
      posted.push({ url: url.pathname, body: JSON.parse(String(init.body)) });
      return Response.json({ success: true, message: 'Status updated successfully', data: {} });
    }
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Items({ editable = true }: { editable?: boolean }) {
  const [items, setItems] = useState<ItemsState>(EMPTY_ITEMS);
  return (
    <BookingItemsSection
      items={items}
      onChange={setItems}
      editable={editable}
      symbol="$"
      today="2026-11-26"
    />
  );
}

describe('BookingItemsSection', () => {
  it('opens one empty row however often "Add item" is pressed, and drops it when saved without a product', async () => {
    renderWithProviders(<Items />);
    expect(screen.getByTestId('items-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.getAllByTestId('item-edit-row')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(screen.queryByTestId('item-edit-row')).toBeNull());
    expect(screen.getByTestId('items-empty')).toBeTruthy();
  });

  it('shows the spec messages beside quantity and duration and keeps the row open', async () => {
    renderWithProviders(<Items />);
    fireEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const product = input('Product');
    fireEvent.focus(product);
    fireEvent.click(product);
    fireEvent.change(product, { target: { value: 'Dr' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Drill' }, { timeout: 3000 }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '0' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Rental duration in days' }), {
      target: { value: '' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save item' }));
    expect(await screen.findByText(RENTAL_MESSAGES.quantity)).toBeTruthy();
    expect(screen.getByText(RENTAL_MESSAGES.duration)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Quantity' }), { target: { value: '2' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Rental duration in days' }), {
      target: { value: '90' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save item' }));
    const row = await screen.findByTestId('item-row');
    // 2.50 × 2 × ceil(90 / 30)
    expect(within(row).getByTestId('item-cost').textContent).toBe('$15.00');
    expect(screen.getByTestId('items-total').textContent).toBe('$15.00');
  });

  it('offers no changes when the booking is no longer pending', () => {
    renderWithProviders(<Items editable={false} />);
    expect(screen.queryByRole('button', { name: 'Add item' })).toBeNull();
    expect(screen.getByText('Rental items can only be changed while the booking is pending.')).toBeTruthy();
  });
});

describe('ServiceFeeModal', () => {
  it('refuses an empty form with the spec messages and explains both application types', async () => {
    const onSubmit = vi.fn(async () => null);
    renderWithProviders(<ServiceFeeModal symbol="$" onClose={() => {}} onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add service' }));
    expect(await screen.findByText(RENTAL_MESSAGES.serviceName)).toBeTruthy();
    expect(screen.getByText(RENTAL_MESSAGES.serviceAmount)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect((screen.getByRole('radio', { name: 'Next invoice only' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /Service name/ }), {
      target: { value: 'Cleaning' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Recurring' }));
    expect(screen.getByText(applicationHelp('recurring', '15', '$'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add service' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]).toEqual([
      { name: 'Cleaning', amount: '15', applicationType: 'recurring', description: '' },
    ]);
  });

  it('counts a recurring fee with the fixed 3 remaining periods (spec 3 §9)', () => {
    expect(applicationHelp('recurring', '15', '$')).toBe(
      'Charged on every future period: $15.00 × 3 remaining periods ($45.00 in all).',
    );
    expect(applicationHelp('next_invoice_only', '15', '$')).toBe(
      'Charged once, on the next invoice only: $15.00.',
    );
  });
});

describe('BookingStatusSection', () => {
  const booking = {
    id: 9,
    status: 'pending',
    status_reason: null,
    allowed_statuses: ['pending', 'quoted', 'failed', 'cancelled'],
  } as unknown as BookingReply;

  it('offers only the allowed statuses and asks a reason for cancelled', async () => {
    const onChanged = vi.fn();
    renderWithProviders(<BookingStatusSection booking={booking} onChanged={onChanged} />);
    const select = input('Change status to');
    fireEvent.focus(select);
    fireEvent.click(select);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Quoted', 'Failed', 'Cancelled']);
    fireEvent.click(screen.getByRole('option', { name: 'Cancelled' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    expect(await screen.findByText(BOOKING_MESSAGES.reasonCancelled)).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Customer withdrew' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(posted).toEqual([
      {
        url: '/api/rental/bookings/9/status',
        body: { status: 'cancelled', status_reason: 'Customer withdrew' },
      },
    ]);
  });
});
