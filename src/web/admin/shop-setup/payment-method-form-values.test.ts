import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_MESSAGES as M, type PaymentMethodReply } from '../../../contracts/shop-setup';
import { SECRET_MASK } from '../../../domain/payments/configuration-secrets';
import {
  configurationJson,
  formFields,
  formValuesOf,
  iconProblem,
  validateForm,
} from './payment-method-form-values';

const method: PaymentMethodReply = {
  id: 3,
  name: 'Card',
  code: 'card',
  description: null,
  instructions: 'Pay online',
  status: 'shop_only',
  status_label: 'Shop Only',
  display_order: 3,
  icon: null,
  icon_file_id: null,
  configuration: { merchant_id: 'M1', secret_key: SECRET_MASK, sandbox: true },
  created_at: '2026-11-22T00:00:00.000Z',
  updated_at: '2026-11-22T00:00:00.000Z',
};

describe('payment method form values', () => {
  it('shows a stored secret blank and marks it stored', () => {
    expect(formValuesOf(method).configuration).toEqual([
      { key: 'merchant_id', value: 'M1', stored: false },
      { key: 'secret_key', value: '', stored: true },
      { key: 'sandbox', value: 'true', stored: false },
    ]);
  });

  it('sends the configuration as JSON text without blank names', () => {
    expect(
      configurationJson([
        { key: ' merchant_id ', value: 'M2', stored: false },
        { key: '', value: 'ignored', stored: false },
        { key: 'secret_key', value: '', stored: true },
      ]),
    ).toBe('{"merchant_id":"M2","secret_key":""}');
    expect(formFields(formValuesOf(method))).toMatchObject({
      name: 'Card',
      code: 'card',
      status: 'shop_only',
    });
  });

  it('checks with the shared contract: name required, code format, duplicate names', () => {
    const values = formValuesOf(null);
    expect(validateForm(values).name).toBe(M.nameRequired);
    expect(validateForm({ ...values, name: 'Card', code: 'Not OK' }).code).toBe(M.codeFormat);
    expect(validateForm({ ...values, name: 'Card' })).toEqual({});
    expect(
      validateForm({
        ...values,
        name: 'Card',
        configuration: [
          { key: 'a', value: '1', stored: false },
          { key: 'a', value: '2', stored: false },
        ],
      }).configuration,
    ).toBeDefined();
  });

  it.each([
    ['image/png', 1000, null],
    ['image/webp', 1000, null],
    ['application/pdf', 1000, M.iconType],
    ['image/svg+xml', 1000, M.iconType],
    ['image/jpeg', 2 * 1024 * 1024, M.iconSize],
  ])('an icon of type %s and %d bytes → %s', (type, size, problem) => {
    const file = new File([new Uint8Array(size)], 'icon', { type });
    expect(iconProblem(file)).toBe(problem);
  });
});
