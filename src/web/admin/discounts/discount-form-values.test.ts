import { describe, expect, it } from 'vitest';
import { DISCOUNT_MESSAGES, type DiscountRuleReply, discountRuleBody } from '../../../contracts/discounts';
import {
  bodyOf,
  type DiscountFormValues,
  EMPTY_DISCOUNT,
  toggledBody,
  validateDiscount,
  valuesOf,
} from './discount-form-values';

const rule: DiscountRuleReply = {
  id: 4,
  name: 'Kitchen week',
  description: null,
  type: 'category',
  discount_type: 'percent',
  discount_value: 15,
  applicable_roles: ['partner'],
  start_date: '2026-12-01',
  end_date: '2026-12-07',
  priority: 3,
  min_quantity: 2,
  max_usage_per_user: null,
  total_usage_limit: 50,
  usage_count: 7,
  is_active: true,
  product_ids: [],
  category_ids: [9],
  products: [],
  categories: [{ id: 9, name: 'Knives', parent_id: 2, path: 'Kitchen › Knives' }],
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

const values = (overrides: Partial<DiscountFormValues> = {}): DiscountFormValues => ({
  ...EMPTY_DISCOUNT,
  name: 'Spring',
  discount_value: 10,
  ...overrides,
});

describe('the discount form values', () => {
  it.each([
    ['DD/MM/YYYY', '01/12/2026', '07/12/2026'],
    ['MM/DD/YYYY', '12/01/2026', '12/07/2026'],
    ['YYYY-MM-DD', '2026-12-01', '2026-12-07'],
    ['DD-MM-YYYY', '01-12-2026', '07-12-2026'],
  ] as const)('show dates in %s and send them as ISO (spec 2 §5)', (format, start, end) => {
    const loaded = valuesOf(rule, format);
    expect(loaded).toMatchObject({ start_date: start, end_date: end, max_usage_per_user: '' });
    expect(bodyOf(loaded, format)).toMatchObject({ start_date: '2026-12-01', end_date: '2026-12-07' });
  });

  it('round-trips a loaded rule into the body the contract accepts, without usage_count', () => {
    const body = bodyOf(valuesOf(rule, 'DD/MM/YYYY'), 'DD/MM/YYYY');
    expect(body).not.toHaveProperty('usage_count');
    expect(discountRuleBody.parse(body)).toEqual({
      name: 'Kitchen week',
      description: null,
      type: 'category',
      discount_type: 'percent',
      discount_value: 15,
      applicable_roles: ['partner'],
      start_date: '2026-12-01',
      end_date: '2026-12-07',
      priority: 3,
      min_quantity: 2,
      max_usage_per_user: null,
      total_usage_limit: 50,
      is_active: true,
      product_ids: [],
      category_ids: [9],
    });
  });

  it('sends a giveaway as 100 percent and only the targets of the type', () => {
    const chosen = {
      products: [{ id: 1, name: 'Lamp', sku: null }],
      categories: [{ id: 2, name: 'Garden', parent_id: null, path: 'Garden' }],
    };
    expect(bodyOf(values({ type: 'giveaway', discount_value: 7, ...chosen }), 'DD/MM/YYYY')).toMatchObject({
      discount_type: 'percent',
      discount_value: 100,
      product_ids: [1],
      category_ids: [2],
    });
    expect(bodyOf(values({ type: 'product', ...chosen }), 'DD/MM/YYYY')).toMatchObject({
      product_ids: [1],
      category_ids: [],
    });
    expect(bodyOf(values({ type: 'global', ...chosen }), 'DD/MM/YYYY')).toMatchObject({
      product_ids: [],
      category_ids: [],
    });
  });

  it('inverts only is_active for the list switch', () => {
    const body = toggledBody(rule);
    expect(body).toMatchObject({
      is_active: false,
      category_ids: [9],
      priority: 3,
      start_date: '2026-12-01',
    });
    expect(discountRuleBody.parse(body)).toMatchObject({ is_active: false, category_ids: [9] });
  });

  it('says "Please enter date in {format} format." for a date not in the display format', () => {
    expect(validateDiscount(values({ start_date: '2026-12-01' }), 'DD/MM/YYYY')).toEqual({
      start_date: 'Please enter date in DD/MM/YYYY format.',
    });
    expect(validateDiscount(values({ end_date: '31/02/2026' }), 'DD/MM/YYYY')).toEqual({
      end_date: 'Please enter date in DD/MM/YYYY format.',
    });
    expect(validateDiscount(values({ start_date: '12/31/2026' }), 'MM/DD/YYYY')).toEqual({});
  });

  it('checks the rest with the server contract', () => {
    expect(
      validateDiscount(
        values({
          name: '',
          type: 'product',
          discount_value: 120,
          start_date: '09/12/2026',
          end_date: '08/12/2026',
        }),
        'DD/MM/YYYY',
      ),
    ).toEqual({
      name: DISCOUNT_MESSAGES.nameRequired,
      discount_value: DISCOUNT_MESSAGES.percentMax,
      product_ids: DISCOUNT_MESSAGES.productRequired,
      end_date: DISCOUNT_MESSAGES.dateOrder,
    });
    expect(validateDiscount(values({ type: 'role_based' }), 'DD/MM/YYYY')).toEqual({
      applicable_roles: DISCOUNT_MESSAGES.roleRequired,
    });
    expect(validateDiscount(values({ type: 'giveaway', discount_value: '' }), 'DD/MM/YYYY')).toEqual({});
    expect(validateDiscount(values({ discount_value: '' }), 'DD/MM/YYYY')).toEqual({
      discount_value: DISCOUNT_MESSAGES.valueRequired,
    });
  });
});
