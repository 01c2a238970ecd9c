import { describe, expect, it } from 'vitest';
import { bookingSaveBody, RENTAL_MESSAGES } from '../../../contracts/rentals';
import { bookingBody, bookingFormErrors, emptyBookingValues } from './booking-form-state';
import { addRow, EMPTY_ITEMS, type ItemRow, saveRow } from './booking-items-state';

const today = '2026-11-26';
const oneItem = () => {
  const state = addRow(EMPTY_ITEMS, today);
  const row = { ...(state.rows[0] as ItemRow), product: { id: 3, name: 'Tent', rental_price: '4.00' } };
  return saveRow(state, row).state;
};

describe('the booking form (spec 3 §5)', () => {
  it('refuses a booking without items in the spec words', () => {
    expect(bookingFormErrors(emptyBookingValues(), [], null).rental_items).toBe(
      RENTAL_MESSAGES.itemsRequired,
    );
  });

  it('refuses while a row is still being edited', () => {
    const items = oneItem();
    expect(bookingFormErrors(emptyBookingValues(), items.rows, items.rows[0]?.key ?? null).rental_items).toBe(
      'Save or cancel the item being edited first.',
    );
  });

  it('refuses a malformed e-mail with the contract message', () => {
    const values = { ...emptyBookingValues(), customer_email: 'not-an-email' };
    expect(bookingFormErrors(values, oneItem().rows, null).customer_email).toBe(
      'Please enter a valid email address',
    );
  });

  it('builds a body the shared contract accepts, services as JSON text', () => {
    const values = {
      ...emptyBookingValues(),
      delivery_address: '1 Long Road',
      additional_services: {
        Cleaning: {
          amount: '15.00',
          type: 'recurring',
          added_at: '2026-11-26T10:00:00.000Z',
          applies_to: 'all_future',
          description: null,
        },
      },
    };
    const body = bookingBody(values, oneItem().rows);
    expect(bookingFormErrors(values, oneItem().rows, null)).toEqual({});
    const parsed = bookingSaveBody.parse(body);
    expect(parsed.rental_items).toHaveLength(1);
    expect(parsed.additional_services.Cleaning?.type).toBe('recurring');
    expect(parsed.delivery_method).toBe('delivery');
    expect(parsed.delivery_required).toBe(true);
  });

  it('sends no address for pickup and no pickup point for delivery', () => {
    const pickup = bookingBody(
      { ...emptyBookingValues(), delivery_method: 'pickup', delivery_address: 'x', pickup_point_id: '4' },
      [],
    );
    expect(pickup.delivery_address).toBe('');
    expect(pickup.pickup_point_id).toBe('4');
    const delivery = bookingBody({ ...emptyBookingValues(), pickup_point_id: '4' }, []);
    expect(delivery.pickup_point_id).toBe('');
  });
});
