import { describe, expect, it } from 'vitest';
import { type AreaOrderState, areaGreeting, canModifyOrder, canPayOrder } from './area-orders';

const order = (over: Partial<AreaOrderState>): AreaOrderState => ({
  delivery_status: 'pending',
  payment_status: 'unpaid',
  grand_total: '100.00',
  amount_paid: '0.00',
  ...over,
});

describe('canPayOrder', () => {
  it.each([
    [{}, true],
    [{ payment_status: 'partial', amount_paid: '40.00' }, true],
    [{ delivery_status: 'processing' }, true],
    [{ payment_status: 'credit' }, true],
    [{ payment_status: 'paid', amount_paid: '100.00' }, false],
    [{ delivery_status: 'cancelled' }, false],
    [{ delivery_status: 'failed' }, false],
    [{ payment_status: 'refunded' }, false],
    [{ grand_total: '0.00' }, false],
  ] as const)('%j → %s', (over, expected) => {
    expect(canPayOrder(order(over))).toBe(expected);
  });
});

describe('canModifyOrder', () => {
  it.each([
    [{}, true],
    [{ grand_total: 0 }, true],
    [{ payment_status: 'partial', amount_paid: '40.00' }, false],
    [{ payment_status: 'paid', amount_paid: '100.00' }, false],
    [{ payment_status: 'credit' }, false],
    [{ delivery_status: 'confirmed' }, false],
    [{ delivery_status: 'processing' }, false],
    [{ delivery_status: 'cancelled' }, false],
    [{ delivery_status: 'delivered' }, false],
  ] as const)('%j → %s', (over, expected) => {
    expect(canModifyOrder(order(over))).toBe(expected);
  });
});

describe('areaGreeting', () => {
  it.each([
    ['Chloé', 'Chloé Customer', 'Welcome back, Chloé!'],
    [null, 'Lagoon Traders Ltd', 'Welcome back, Lagoon Traders Ltd!'],
    ['  ', '', 'Welcome back!'],
  ])('%s / %s', (first, full, expected) => {
    expect(areaGreeting(first, full)).toBe(expected);
  });
});
