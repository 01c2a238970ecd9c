import { describe, expect, it } from 'vitest';
import {
  PAYMENT_METHOD_MESSAGES as M,
  PICKUP_POINT_MESSAGES as P,
  paymentMethodBody,
  paymentMethodOrderBody,
  pickupPointBody,
} from './shop-setup';

const firstMessages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('pickupPointBody', () => {
  it('defaults the fee to 0 and the status to 1, and reads decimal text', () => {
    expect(pickupPointBody.parse({ name: ' A ', address: 'B' })).toMatchObject({
      name: 'A',
      service_fee: 0,
      status: 1,
    });
    expect(
      pickupPointBody.parse({ name: 'A', address: 'B', service_fee: '12.50', status: '0' }),
    ).toMatchObject({
      service_fee: 12.5,
      status: 0,
    });
  });

  it.each([
    [{ name: '', address: 'B' }, 'name', P.nameRequired],
    [{ name: 'A' }, 'address', P.addressRequired],
    [{ name: 'A', address: 'B', email: 'nope' }, 'email', P.email],
    [{ name: 'A', address: 'B', service_fee: -1 }, 'service_fee', P.serviceFee],
    [{ name: 'A', address: 'B', service_fee: 'abc' }, 'service_fee', P.serviceFee],
    [{ name: 'A', address: 'B', status: 2 }, 'status', P.status],
  ])('%j → %s: %s', (input, field, message) => {
    expect(firstMessages(pickupPointBody.safeParse(input))[field]).toBe(message);
  });
});

describe('paymentMethodBody', () => {
  it('makes the code from the name when blank and reads configuration as JSON text', () => {
    expect(
      paymentMethodBody.parse({ name: 'Bank Transfer', code: '', configuration: '{"iban":"MU17"}' }),
    ).toMatchObject({
      code: 'bank_transfer',
      code_from_name: true,
      status: 'enabled',
      configuration: { iban: 'MU17' },
    });
    expect(paymentMethodBody.parse({ name: 'X', code: 'x_1' })).toMatchObject({
      code: 'x_1',
      code_from_name: false,
    });
  });

  it.each([
    [{ name: '' }, 'name', M.nameRequired],
    [{ name: 'A', code: 'A B' }, 'code', M.codeFormat],
    [{ name: '!!!' }, 'code', M.codeEmpty],
    [{ name: 'A', status: 'on' }, 'status', M.status],
    [{ name: 'A', configuration: '[1,2]' }, 'configuration', M.configuration],
    [{ name: 'A', configuration: '{"bad key":1}' }, 'configuration', M.configurationKey],
    [{ name: 'A', display_order: '1.5' }, 'display_order', M.displayOrder],
  ])('%j → %s: %s', (input, field, message) => {
    expect(firstMessages(paymentMethodBody.safeParse(input))[field]).toBe(message);
  });
});

describe('paymentMethodOrderBody', () => {
  it('accepts every place once and refuses an empty or repeated list', () => {
    expect(paymentMethodOrderBody.safeParse({ orders: [{ id: 1, display_order: '2' }] }).success).toBe(true);
    expect(firstMessages(paymentMethodOrderBody.safeParse({ orders: [] })).orders).toBe(M.orders);
    expect(
      firstMessages(
        paymentMethodOrderBody.safeParse({
          orders: [
            { id: 1, display_order: 1 },
            { id: 1, display_order: 2 },
          ],
        }),
      ).orders,
    ).toBe(M.ordersDuplicate);
  });
});
