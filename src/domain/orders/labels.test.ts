import { describe, expect, it } from 'vitest';
import { orderValueLabel } from './labels';

describe('orderValueLabel', () => {
  it.each([
    ['in_transit', 'In transit'],
    ['pending', 'Pending'],
    ['payment_later', 'Payment later'],
    ['cod', 'Cash on delivery'],
    ['bank_transfer', 'Bank transfer'],
    ['peach_payments', 'Peach Payments'],
    ['credit', 'Credit'],
    ['', ''],
  ])('reads %j as %j', (value, label) => {
    expect(orderValueLabel(value)).toBe(label);
  });
});
