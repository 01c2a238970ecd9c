import { describe, expect, it } from 'vitest';
import {
  attributeValueBody,
  brandBody,
  brandsListQuery,
  categoriesListQuery,
  categoryBody,
  colorBody,
  REFERENCE_MESSAGES as M,
  vatBody,
} from './catalogue-reference';

function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  if (result.success) return {};
  return Object.fromEntries(result.error!.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('brand and category bodies', () => {
  it('make the slug from the name when it is blank (spec 2 §5), and tidy a typed one', () => {
    expect(brandBody.parse({ name: ' Crème Brûlée ', slug: '  ' })).toEqual({
      name: 'Crème Brûlée',
      slug: 'creme-brulee',
      slug_from_name: true,
      is_active: true,
    });
    expect(brandBody.parse({ name: 'X', slug: 'Hello World', is_active: 'false' })).toMatchObject({
      slug: 'hello-world',
      slug_from_name: false,
      is_active: false,
    });
  });

  it.each([
    [{}, { name: M.nameRequired }],
    [{ name: '日本' }, { slug: M.slugEmpty }],
  ])('brand %j → %j', (input, errors) => {
    expect(errorsOf(brandBody.safeParse(input))).toEqual(errors);
  });

  it('reads a category form as the server does', () => {
    expect(
      categoryBody.parse({
        name: 'Shoes',
        parent_id: '12',
        sort_order: '',
        description: ' ',
        is_active: true,
      }),
    ).toEqual({
      name: 'Shoes',
      slug: 'shoes',
      slug_from_name: true,
      parent_id: 12,
      sort_order: 0,
      description: null,
      is_active: true,
    });
    expect(categoryBody.parse({ name: 'Top', parent_id: null }).parent_id).toBeNull();
    expect(errorsOf(categoryBody.safeParse({ name: 'x', parent_id: 'abc' }))).toEqual({
      parent_id: M.parentUnknown,
    });
  });
});

describe('colours and attribute values', () => {
  it.each([
    [{ name: 'Red', code: '#FF0000' }, {}],
    [{ name: 'Red', code: '' }, { code: M.colorCodeRequired }],
    [{ name: 'Red', code: '#f00' }, { code: M.colorCode }],
  ])('colour %j → %j', (input, errors) => {
    expect(errorsOf(colorBody.safeParse(input))).toEqual(errors);
  });

  it('stores colour codes lower-case', () => {
    expect(colorBody.parse({ name: 'Red', code: '#FF0000' }).code).toBe('#ff0000');
  });

  it.each([
    [{ value: '' }, { value: 'Value is required' }],
    [{ value: 'XL', color_code: 'blue' }, { color_code: M.colorCode }],
    [{ value: 'XL', color_code: '' }, {}],
  ])('attribute value %j → %j (spec 3 §5)', (input, errors) => {
    expect(errorsOf(attributeValueBody.safeParse(input))).toEqual(errors);
  });
});

describe('VAT body', () => {
  it.each([
    [{ name: 'S', type: 'percentage', rate: '' }, { rate: M.vatRateRequired }],
    [{ name: 'S', type: 'fixed', rate: '' }, { rate: M.vatAmountRequired }],
    [{ name: 'S', type: 'percentage', rate: 101 }, { rate: M.vatPercentageRange }],
    [{ name: 'S', type: 'fixed', rate: -1 }, { rate: M.vatFixedRange }],
    [{ name: 'S', type: 'exempt', rate: '' }, {}],
    [{ name: 'S', type: 'zero', is_default: true, is_active: false }, { is_default: M.vatDefaultInactive }],
  ])('%j → %j', (input, errors) => {
    expect(errorsOf(vatBody.safeParse(input))).toEqual(errors);
  });

  it('keeps the rate of percentage and fixed, and none for exempt and zero', () => {
    expect(vatBody.parse({ name: 'S', type: 'percentage', rate: '12.5' }).rate).toBe(12.5);
    expect(vatBody.parse({ name: 'S', type: 'zero', rate: 9 }).rate).toBe(0);
    expect(vatBody.parse({ name: 'S', type: 'exempt' })).toMatchObject({
      rate: 0,
      is_active: true,
      is_default: false,
    });
  });
});

describe('list queries', () => {
  it('leave page out when none is asked for: the whole list (docs/decisions/0012)', () => {
    expect(brandsListQuery.parse({})).not.toHaveProperty('page');
    expect(brandsListQuery.parse({ page: '2' }).page).toBe(2);
    expect(categoriesListQuery.parse({ hierarchical: 'true', depth: '2' })).toMatchObject({
      hierarchical: true,
      depth: 2,
    });
    expect(categoriesListQuery.parse({}).hierarchical).toBe(false);
    expect(categoriesListQuery.safeParse({ depth: '3' }).success).toBe(false);
  });
});
