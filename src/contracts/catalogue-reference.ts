import { z } from 'zod';
import {
  COLOR_CODE_PATTERN,
  FIXED_VAT_MAX,
  normalizeColorCode,
  storedVatRate,
  VAT_RATE_DECIMALS,
  VAT_TYPES,
  type VatType,
  vatRateProblem,
} from '../domain/catalogue/reference-rules';
import { slugify } from '../domain/catalogue/slug';
import { formBoolean, listQuery, pageNumber, parseNumberText, recordId, wholeNumber } from './common';

/**
 * The catalogue's reference data: brands, categories, colours, attributes and their values, VAT
 * rates, and the supplier list (spec 2 §3, §5, §7; spec 3 §5, §7 "Attribute values";
 * docs/decisions/0012).
 */
export const REFERENCE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'The name may not be longer than 255 characters.',
  nameTaken: 'The name has already been taken.',
  slugTaken: 'The slug has already been taken.',
  slugFromNameTaken: (slug: string) =>
    `The slug made from this name, ${slug}, is already taken. Please enter another slug.`,
  slugTooLong: 'The slug may not be longer than 255 characters.',
  slugEmpty: 'Please enter a slug: it needs letters or digits, and the name has none to make one from.',
  descriptionTooLong: 'The description may not be longer than 1000 characters.',
  sortOrder: 'The sort order must be a whole number from 0 to 1,000,000.',
  parentUnknown: 'The selected parent category does not exist.',
  parentSelf: 'A category cannot be its own parent.',
  parentNotTop: 'The parent must be a top category: categories have two levels.',
  parentHasChildren:
    'This category has subcategories, so it must stay a top category: categories have two levels.',
  categoryHasChildren: (count: number) =>
    `This category has ${count} ${count === 1 ? 'subcategory' : 'subcategories'}. Move or delete ${count === 1 ? 'it' : 'them'} first.`,
  colorCodeRequired: 'Please choose a colour.',
  colorCode: 'The colour code must be # and six hex digits, for example #1e90ff.',
  /** spec 3 §5 Attribute values. */
  valueRequired: 'Value is required',
  valueTooLong: 'The value may not be longer than 255 characters.',
  valueTaken: 'This attribute already has that value.',
  valueOfOtherAttribute: 'This value belongs to another attribute.',
  valueIdMismatch: 'The id does not match the value being saved.',
  vatType: 'Please choose a VAT type: percentage, fixed, exempt or zero.',
  vatRateRequired: 'Please enter a rate.',
  vatAmountRequired: 'Please enter an amount per unit.',
  vatPercentageRange: 'The rate must be between 0 and 100.',
  vatFixedRange: `The amount per unit must be between 0 and ${FIXED_VAT_MAX.toLocaleString('en-GB')}.`,
  vatRateDecimals: `The rate may have at most ${VAT_RATE_DECIMALS} decimal places.`,
  vatDefaultInactive: 'The default VAT rate must be active.',
  inUse: (what: string, count: number) =>
    `This ${what} is used by ${count} ${count === 1 ? 'product' : 'products'}. Remove it from ${count === 1 ? 'that product' : 'those products'} first.`,
  brandNotFound: 'Brand not found.',
  categoryNotFound: 'Category not found.',
  colorNotFound: 'Colour not found.',
  attributeNotFound: 'Attribute not found.',
  attributeValueNotFound: 'Attribute value not found.',
  vatNotFound: 'VAT rate not found.',
  brandCreated: 'Brand created.',
  brandUpdated: 'Brand updated.',
  brandDeleted: 'Brand deleted.',
  categoryCreated: 'Category created.',
  categoryUpdated: 'Category updated.',
  categoryDeleted: 'Category deleted.',
  colorCreated: 'Colour created.',
  colorUpdated: 'Colour updated.',
  colorDeleted: 'Colour deleted.',
  attributeCreated: 'Attribute created.',
  attributeUpdated: 'Attribute updated.',
  attributeDeleted: 'Attribute deleted.',
  attributeValueCreated: 'Attribute value created.',
  attributeValueUpdated: 'Attribute value updated.',
  attributeValueDeleted: 'Attribute value deleted.',
  vatCreated: 'VAT rate created.',
  vatUpdated: 'VAT rate updated.',
  vatDeleted: 'VAT rate deleted.',
  /** spec 3 §8 Attribute values: what the screen says when a save or delete fails. */
  attributeValueSaveFailed: 'Failed to save attribute value. Please try again.',
  attributeValueDeleteFailed: 'Failed to delete attribute value. Please try again.',
  attributeValueFixErrors: 'Please fix the validation errors.',
} as const;

const M = REFERENCE_MESSAGES;

const name = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, { error: M.nameRequired, abort: true })
  .max(255, M.nameTooLong);

/** Blank means "make it from the name" (spec 2 §5); what is typed is tidied the same way. */
const slugInput = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string().trim().max(255, M.slugTooLong).nullable().optional(),
);

/** A true/false that is true unless sent (new records are active). */
const activeFlag = formBoolean.optional().transform((value) => value ?? true);

const sortOrder = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? 0 : value),
  z.preprocess(
    parseNumberText,
    z
      .number({ error: M.sortOrder })
      .int({ error: M.sortOrder })
      .min(0, M.sortOrder)
      .max(1_000_000, M.sortOrder),
  ),
);

/** The final slug: the typed one tidied, else one made from the name; empty is refused. */
function withSlug<T extends { name: string; slug?: string | null | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
): Omit<T, 'slug'> & { slug: string; slug_from_name: boolean } {
  const slug = slugify(value.slug ?? value.name);
  if (slug === '') ctx.addIssue({ code: 'custom', path: ['slug'], message: M.slugEmpty });
  return { ...value, slug, slug_from_name: value.slug == null };
}

/** POST /admin/brands, PUT /admin/brands/{id}. */
export const brandBody = z
  .object({ name, slug: slugInput, is_active: activeFlag })
  .transform((value, ctx) => withSlug(value, ctx));
export type BrandBody = z.output<typeof brandBody>;
export type BrandInput = z.input<typeof brandBody>;

const parentId = z.preprocess((value) => {
  if (value === '' || value === undefined || value === null || value === '0' || value === 0) return null;
  return parseNumberText(value);
}, z
  .number({ error: M.parentUnknown })
  .int({ error: M.parentUnknown })
  .min(1, M.parentUnknown)
  .max(2_147_483_647, M.parentUnknown)
  .nullable());

/** POST /admin/categories, PUT /admin/categories/{id}. No parent: a top category. */
export const categoryBody = z
  .object({
    name,
    slug: slugInput,
    parent_id: parentId,
    description: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z.string().trim().max(1000, M.descriptionTooLong).nullable().optional(),
    ),
    is_active: activeFlag,
    sort_order: sortOrder,
  })
  .transform((value, ctx) => withSlug(value, ctx));
export type CategoryBody = z.output<typeof categoryBody>;
export type CategoryInput = z.input<typeof categoryBody>;

const colorCode = z
  .string({ error: M.colorCodeRequired })
  .trim()
  .min(1, { error: M.colorCodeRequired, abort: true })
  .regex(COLOR_CODE_PATTERN, M.colorCode)
  .transform(normalizeColorCode);

/** POST /admin/colors, PUT /admin/colors/{id}. */
export const colorBody = z.object({ name, code: colorCode });
export type ColorBody = z.output<typeof colorBody>;

/** POST /admin/attributes, PUT /admin/attributes/{id}. Values have their own routes. */
export const attributeBody = z.object({ name });
export type AttributeBody = z.output<typeof attributeBody>;

/**
 * spec 3 §7: POST /admin/attributes/{id}/values, PUT /admin/attributes/{id}/values/{valueId};
 * body id, value, attribute_id. The path names the attribute and the value; the body's ids, when
 * sent, must agree with it. A value may carry a colour code (a swatch in the shop).
 */
export const attributeValueBody = z.object({
  id: recordId.optional(),
  attribute_id: recordId.optional(),
  value: z
    .string({ error: M.valueRequired })
    .trim()
    .min(1, { error: M.valueRequired, abort: true })
    .max(255, M.valueTooLong),
  color_code: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .regex(COLOR_CODE_PATTERN, M.colorCode)
      .transform(normalizeColorCode)
      .nullable()
      .optional(),
  ),
  sort_order: sortOrder,
});
export type AttributeValueBody = z.output<typeof attributeValueBody>;

export const attributeValueParams = z.object({ id: recordId, valueId: recordId });

const rateInput = z.preprocess((value) => {
  if (value === '' || value === null || value === undefined) return null;
  const number = parseNumberText(value);
  // Text that is no number is a missing rate: the message then says what the type needs.
  return typeof number === 'number' && Number.isNaN(number) ? null : number;
}, z.number({ error: M.vatRateRequired }).nullable());

/** POST /admin/vats, PUT /admin/vats/{id} (spec 2 §3 VAT info; rules in domain/catalogue). */
export const vatBody = z
  .object({
    name,
    type: z.enum(VAT_TYPES, { error: M.vatType }),
    rate: rateInput,
    is_active: activeFlag,
    is_default: formBoolean.optional().transform((value) => value ?? false),
  })
  .superRefine((value, ctx) => {
    const problem = vatRateProblem(value.type, value.rate);
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['rate'], message: vatRateMessage(value.type, problem) });
    if (value.is_default && !value.is_active) {
      ctx.addIssue({ code: 'custom', path: ['is_default'], message: M.vatDefaultInactive });
    }
  })
  .transform((value) => ({ ...value, rate: storedVatRate(value.type, value.rate) }));
export type VatBody = z.output<typeof vatBody>;
export type VatInput = z.input<typeof vatBody>;

function vatRateMessage(type: VatType, problem: NonNullable<ReturnType<typeof vatRateProblem>>): string {
  switch (problem) {
    case 'required':
      return type === 'fixed' ? M.vatAmountRequired : M.vatRateRequired;
    case 'percentage_range':
      return M.vatPercentageRange;
    case 'fixed_range':
      return M.vatFixedRange;
    case 'decimals':
      return M.vatRateDecimals;
  }
}

/** spec 2 §9 "most admin lists 10 per page". */
export const REFERENCE_PER_PAGE = 10;
/** spec 3 §9: attribute values 15 per page. */
export const ATTRIBUTE_VALUES_PER_PAGE = 15;

/**
 * A reference list: without `page` the whole (searched) list as `{data}`, which product forms
 * load; with `page` the house paged shape (docs/decisions/0012).
 */
function referenceListQuery<const S extends readonly [string, ...string[]]>(
  sorts: S,
  defaultSort: S[number],
) {
  return listQuery({ sorts, defaultSort, defaultPerPage: REFERENCE_PER_PAGE }).extend({
    page: pageNumber.optional(),
  });
}

export const brandsListQuery = referenceListQuery(['name', 'created_at'], 'name');
export type BrandsListQuery = z.output<typeof brandsListQuery>;

const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** GET /api/categories[?hierarchical=true&depth=2] (spec 2 §7). */
export const categoriesListQuery = referenceListQuery(
  ['sort_order', 'name', 'created_at'],
  'sort_order',
).extend({
  hierarchical: queryFlag,
  depth: wholeNumber('The depth must be 1 or 2.', { min: 1, max: 2 }).default(2),
});
export type CategoriesListQuery = z.output<typeof categoriesListQuery>;

export const colorsListQuery = referenceListQuery(['name', 'created_at'], 'name');
export type ColorsListQuery = z.output<typeof colorsListQuery>;

export const attributesListQuery = referenceListQuery(['name', 'created_at'], 'name');
export type AttributesListQuery = z.output<typeof attributesListQuery>;

export const vatsListQuery = referenceListQuery(['name', 'rate', 'created_at'], 'name');
export type VatsListQuery = z.output<typeof vatsListQuery>;

export const suppliersListQuery = referenceListQuery(['name', 'email', 'created_at'], 'name');
export type SuppliersListQuery = z.output<typeof suppliersListQuery>;

/** GET /admin/api/attributes/{id}/values: always paged, 15 per page (spec 3 §7, §9). */
export const attributeValuesListQuery = listQuery({
  sorts: ['sort_order', 'value'],
  defaultSort: 'sort_order',
  defaultPerPage: ATTRIBUTE_VALUES_PER_PAGE,
});
export type AttributeValuesListQuery = z.output<typeof attributeValuesListQuery>;

/** A whole list, when no page was asked for. */
export type ListReply<T> = { data: T[] };

export type BrandReply = {
  id: number;
  name: string;
  slug: string;
  is_active: boolean;
  products_count: number;
  created_at: string;
};

export type CategoryReply = {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  parent_name: string | null;
  description: string | null;
  is_active: boolean;
  sort_order: number;
  children_count: number;
  products_count: number;
  created_at: string;
};

/** ?hierarchical=true: top categories with their children (depth 2). */
export type CategoryTreeReply = CategoryReply & { children: CategoryReply[] };

export type ColorReply = {
  id: number;
  name: string;
  code: string;
  products_count: number;
  created_at: string;
};

export type AttributeValueReply = {
  id: number;
  attribute_id: number;
  value: string;
  color_code: string | null;
  sort_order: number;
  products_count: number;
};

export type AttributeReply = {
  id: number;
  name: string;
  values_count: number;
  products_count: number;
  created_at: string;
  values: AttributeValueReply[];
};

export type VatStatus = 'active' | 'inactive';

export type VatReply = {
  id: number;
  name: string;
  type: VatType;
  rate: number;
  is_active: boolean;
  is_default: boolean;
  /** spec 2 §3 VAT info, as product forms and prices read it. */
  vat_info: { vat_status: VatStatus; type: VatType; rate: number };
  products_count: number;
  created_at: string;
};

export type SupplierReply = { id: number; name: string; company_name: string | null; email: string };

/** What a delete answers in `data`. */
export type DeletedReply = { id: number; name: string };

export type ChangeReply<T> = { success: true; message: string; data: T };
