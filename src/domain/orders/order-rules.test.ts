import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cents } from '../money/money';
import {
  DELIVERY_MESSAGES,
  type DeliveryFields,
  deliveredDateAfter,
  deliveryAddressError,
  quickStatusError,
  withDeliveryRequired,
  withPickupPoint,
  withShippingType,
} from './delivery-rules';
import {
  customerLinkButton,
  customerLinkOpening,
  customerLinkStatus,
  documentNumber,
  isDocumentAvailable,
} from './documents-and-link';
import {
  editPayment,
  immediatePaymentErrors,
  PAYMENT_MESSAGES as M,
  newOrderPayment,
  normalizePaymentType,
  paymentAmountError,
  statusForAmount,
} from './payment-rules';

const c = (n: number) => n as Cents;

describe('payment status from the amount paid (spec 1 §4)', () => {
  it.each([
    [0, 10000, 'unpaid'],
    [-5, 10000, 'unpaid'],
    [5000, 10000, 'partial'],
    [9998, 10000, 'partial'],
    [9999, 10000, 'paid'], // within the 0.01 tolerance (§9)
    [10000, 10000, 'paid'],
    [12000, 10000, 'paid'],
  ])('%i paid of %i is %s', (paid, total, status) => {
    expect(statusForAmount(c(paid), c(total))).toBe(status);
  });

  it('never says paid while more than a cent is missing, never unpaid once something is paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (total, paid) => {
          const status = statusForAmount(c(paid), c(total));
          if (status === 'paid') expect(paid).toBeGreaterThanOrEqual(total - 1);
          if (paid > 0) expect(status).not.toBe('unpaid');
        },
      ),
    );
  });
});

describe('a new order’s payment (spec 1 §4)', () => {
  const input = { paymentType: 'card' as const, amountPaid: c(4000), grandTotal: c(10000) };
  it('payment later: unpaid, no type, nothing paid', () => {
    expect(newOrderPayment('payment_later', input)).toEqual({
      status: 'unpaid',
      paymentType: null,
      amountPaid: 0,
    });
  });
  it('credit: unpaid with type credit', () => {
    expect(newOrderPayment('credit', input)).toEqual({
      status: 'unpaid',
      paymentType: 'credit',
      amountPaid: 0,
    });
  });
  it('immediate payment follows the amount', () => {
    expect(newOrderPayment('immediate_payment', input)).toEqual({
      status: 'partial',
      paymentType: 'card',
      amountPaid: 4000,
    });
  });
  it('immediate payment needs a method and an amount not above the total (spec 1 §5)', () => {
    expect(immediatePaymentErrors({ paymentType: null, amount: null, grandTotal: c(10000) })).toEqual({
      payment_type: M.methodRequired,
      amount_paid: M.amountRequired,
    });
    expect(immediatePaymentErrors({ paymentType: 'cod', amount: c(10002), grandTotal: c(10000) })).toEqual({
      amount_paid: 'Payment amount cannot exceed order total ($100.00)',
    });
    expect(immediatePaymentErrors({ paymentType: 'cod', amount: c(10000), grandTotal: c(10000) })).toEqual(
      {},
    );
  });
});

describe('payment amounts (spec 1 §5)', () => {
  it.each([
    [0, 10000, 0, M.amountPositive],
    [-100, 10000, 0, M.amountPositive],
    [10100, 10000, 0, M.amountOverGrandTotal],
    [6000, 10000, 5000, 'Payment amount would exceed grand total. Maximum allowed: $50.00'],
    [5000, 10000, 5000, null],
    [5001, 10000, 5000, null], // one cent over stays within the tolerance
  ])('%i with total %i and %i paid: %s', (amount, total, paid, error) => {
    expect(paymentAmountError(c(amount), { grandTotal: c(total), alreadyPaid: c(paid) })).toBe(error);
  });
});

describe('editing an order’s payment (spec 1 §4, §8 "Payment rules")', () => {
  it('keeps refunded only for an order whose payments were refunded (docs/decisions/0041)', () => {
    const input = {
      paymentType: 'card' as const,
      grandTotal: c(10000),
      intent: 'immediate_payment' as const,
    };
    expect(
      editPayment({ ...input, currentStatus: 'paid', requestedStatus: 'refunded', completedPaid: c(10000) }),
    ).toEqual({ ok: false, message: M.refundedByRefunds, field: 'payment_status', revertTo: 'paid' });
    expect(
      editPayment({
        ...input,
        intent: 'payment_later',
        currentStatus: 'refunded',
        requestedStatus: 'refunded',
        completedPaid: c(0),
      }),
    ).toEqual({ ok: true, status: 'refunded', paymentType: 'card' });
  });
  it('never records a first payment as credit (credit is an intent)', () => {
    expect(immediatePaymentErrors({ paymentType: 'credit', amount: c(100), grandTotal: c(10000) })).toEqual({
      payment_type: M.creditNotAPayment,
    });
  });
  const base = { paymentType: 'card' as const, grandTotal: c(10000), currentStatus: 'unpaid' as const };
  it('refuses paid with a balance left, and reverts to what the payments say', () => {
    expect(
      editPayment({ ...base, intent: 'immediate_payment', requestedStatus: 'paid', completedPaid: c(4000) }),
    ).toEqual({
      ok: false,
      message: 'Cannot mark order as paid - remaining balance: $60.00. Add payment records first.',
      field: 'payment_status',
      revertTo: 'partial',
    });
  });
  it('accepts paid when completed payments cover the total', () => {
    expect(
      editPayment({ ...base, intent: 'immediate_payment', requestedStatus: 'paid', completedPaid: c(10000) }),
    ).toEqual({
      ok: true,
      status: 'paid',
      paymentType: 'card',
    });
  });
  it('refuses immediate payment without payment records', () => {
    expect(
      editPayment({ ...base, intent: 'immediate_payment', requestedStatus: 'unpaid', completedPaid: c(0) }),
    ).toMatchObject({
      ok: false,
      message: M.immediateWithoutPayments,
    });
  });
  it('refuses credit, as intent or as type, once something was paid', () => {
    expect(
      editPayment({ ...base, intent: 'credit', requestedStatus: 'unpaid', completedPaid: c(100) }),
    ).toMatchObject({
      ok: false,
      message: M.creditAfterPayments,
    });
    expect(
      editPayment({
        intent: 'payment_later',
        currentStatus: 'unpaid',
        paymentType: 'credit',
        requestedStatus: 'unpaid',
        completedPaid: c(100),
        grandTotal: c(10000),
      }),
    ).toMatchObject({ ok: false, message: M.creditTypeAfterPayments });
    expect(
      editPayment({ ...base, intent: 'credit', requestedStatus: 'credit', completedPaid: c(0) }),
    ).toEqual({
      ok: true,
      status: 'credit',
      paymentType: 'credit',
    });
  });
  it('partial needs some payment below the total', () => {
    expect(
      editPayment({
        ...base,
        intent: 'immediate_payment',
        requestedStatus: 'partial',
        completedPaid: c(10000),
      }),
    ).toMatchObject({
      ok: true,
      status: 'paid',
    });
  });
});

describe('payment types (DECISIONS 9)', () => {
  it.each([
    ['cash', 'cod'],
    ['credit_card', 'card'],
    ['debit_card', 'card'],
    ['eft', 'bank_transfer'],
    ['transfer', 'bank_transfer'],
    ['peach', 'peach_payments'],
    ['card', 'card'],
    ['bitcoin', null],
  ])('%s is %s', (legacy, type) => {
    expect(normalizePaymentType(legacy)).toBe(type);
  });
});

describe('delivery (spec 1 §4, DECISIONS 6 and 8)', () => {
  const order: DeliveryFields = {
    delivery_required: true,
    delivery_address: '1 Royal Road',
    shipping_type: 'express',
    shipping_cost: c(500),
    carrier_id: 3,
    pickup_point_id: 2,
    tracking_code: 'TRK1',
    delivery_status: 'failed',
    status_reason: 'Nobody home',
  };
  it('turning delivery off clears everything it carried and returns to pending', () => {
    expect(withDeliveryRequired(order, false)).toEqual({
      delivery_required: false,
      delivery_address: null,
      shipping_type: 'standard',
      shipping_cost: 0,
      carrier_id: null,
      pickup_point_id: null,
      tracking_code: null,
      delivery_status: 'pending',
      status_reason: null,
    });
  });
  it('pickup clears the address; another type clears the pickup point; a point sets the cost', () => {
    expect(withShippingType(order, 'pickup')).toMatchObject({ delivery_address: null, pickup_point_id: 2 });
    expect(withShippingType(order, 'standard')).toMatchObject({
      delivery_address: '1 Royal Road',
      pickup_point_id: null,
    });
    expect(withPickupPoint(order, { id: 7, service_fee: c(250) })).toMatchObject({
      pickup_point_id: 7,
      shipping_cost: 250,
    });
  });
  it('needs an address unless the order is picked up or not delivered', () => {
    expect(
      deliveryAddressError({ delivery_required: true, shipping_type: 'standard', delivery_address: ' ' }),
    ).toBe(DELIVERY_MESSAGES.addressRequired);
    expect(
      deliveryAddressError({ delivery_required: true, shipping_type: 'pickup', delivery_address: null }),
    ).toBeNull();
    expect(
      deliveryAddressError({ delivery_required: false, shipping_type: 'standard', delivery_address: null }),
    ).toBeNull();
  });
  it.each([
    ['pending', null, null, DELIVERY_MESSAGES.selectStatus],
    ['pending', 'pending', null, DELIVERY_MESSAGES.sameStatus],
    ['pending', 'failed', ' ', 'Reason is required when marking order as failed'],
    ['pending', 'cancelled', 'Customer asked', null],
    ['ready', 'in_transit', null, null],
  ] as const)('quick update %s → %s with reason %s: %s', (current, next, reason, error) => {
    expect(quickStatusError(current, next, reason)).toBe(error);
  });
  it('delivered sets the delivered date once; leaving delivered clears it', () => {
    expect(deliveredDateAfter('delivered', null, '2026-11-22')).toBe('2026-11-22');
    expect(deliveredDateAfter('delivered', '2026-11-20', '2026-11-22')).toBe('2026-11-20');
    expect(deliveredDateAfter('shipped', '2026-11-20', '2026-11-22')).toBeNull();
  });
});

describe('documents and the customer link (spec 1 §4, DECISIONS 11)', () => {
  it.each([
    ['proforma_invoice', 'unpaid', 'cod', 'pending', true],
    ['final_invoice', 'unpaid', 'cod', 'pending', false],
    ['final_invoice', 'paid', 'card', 'pending', true],
    ['final_invoice', 'unpaid', 'credit', 'pending', true],
    ['delivery_note', 'paid', 'card', 'processing', false],
    ['delivery_note', 'paid', 'card', 'in_transit', true],
    ['delivery_note', 'paid', 'card', 'delivered', true],
  ] as const)(
    '%s with %s/%s/%s is available: %s',
    (type, payment_status, payment_type, delivery_status, available) => {
      const order = {
        payment_status,
        payment_type,
        delivery_status,
        amount_paid: 0,
        delivery_required: true,
      };
      expect(isDocumentAvailable(type, { ...order, shipping_type: 'standard' })).toBe(available);
    },
  );

  // docs/decisions/0032: the types spec 1 §4 names no rule for.
  const order = {
    payment_status: 'unpaid',
    payment_type: 'card',
    delivery_status: 'pending',
    amount_paid: 0,
    delivery_required: true,
    shipping_type: 'standard',
  } as const;
  it.each([
    ['receipt', {}, false],
    ['receipt', { amount_paid: 1 }, true],
    ['credit_note', { amount_paid: 500 }, false],
    ['credit_note', { payment_status: 'refunded' }, true],
    ['credit_note', { delivery_status: 'cancelled' }, false],
    ['credit_note', { delivery_status: 'cancelled', amount_paid: 500 }, true],
    ['shipping_label', {}, true],
    ['shipping_label', { shipping_type: 'pickup' }, false],
    ['shipping_label', { delivery_required: false }, false],
    ['packing_slip', {}, true],
  ] as const)('%s with %j is available: %s', (type, over, available) => {
    expect(isDocumentAvailable(type, { ...order, ...over })).toBe(available);
  });

  it('numbers read PREFIX-YEAR-000001', () => {
    expect(documentNumber('INV', 2026, 1)).toBe('INV-2026-000001');
    expect(documentNumber('CN', 2027, 1234567)).toBe('CN-2027-1234567');
  });

  const now = new Date('2026-11-22T10:00:00Z');
  const sent = new Date('2026-11-20T10:00:00Z');
  const expires = new Date('2026-11-27T10:00:00Z');
  it.each([
    [null, 'never_sent', 'Send Link'],
    [{ sent_at: sent, expires_at: expires, uses: 0, send_failed: false }, 'active', 'Resend Link'],
    [{ sent_at: sent, expires_at: expires, uses: 5, send_failed: false }, 'used_up', 'Send New Link'],
    [
      { sent_at: sent, expires_at: new Date('2026-11-22T10:00:00Z'), uses: 1, send_failed: false },
      'expired',
      'Send New Link',
    ],
    [{ sent_at: null, expires_at: null, uses: 0, send_failed: true }, 'error', 'Send Link'],
  ] as const)('%j is %s, button %s', (link, status, button) => {
    expect(customerLinkStatus(link, now)).toBe(status);
    expect(customerLinkButton(status)).toBe(button);
  });

  const usable = { expires_at: expires, uses_remaining: 3, send_failed: false, order_kept: true };
  it.each([
    [usable, 'open'],
    [{ ...usable, uses_remaining: 1 }, 'open'],
    [null, 'unknown'],
    [{ ...usable, send_failed: true }, 'unknown'],
    [{ ...usable, order_kept: false }, 'unknown'],
    [{ ...usable, uses_remaining: 0 }, 'used_up'],
    [{ ...usable, expires_at: now }, 'expired'],
    // Both: the expiry is what the customer is told.
    [{ ...usable, expires_at: now, uses_remaining: 0 }, 'expired'],
    // A deleted order or a failed send says nothing more, whatever else is true.
    [{ ...usable, order_kept: false, expires_at: now, uses_remaining: 0 }, 'unknown'],
  ] as const)('a link %j opens: %s', (link, opening) => {
    expect(customerLinkOpening(link, now)).toBe(opening);
  });
});
