import { z } from 'zod';
import { isValidStockQuantity, PRODUCT_STOCK_REASONS } from '../domain/stock/stock-rules';
import { formBoolean, optionalText, recordId } from './common';

/** The stock area's words (spec 2 §4, §5, §8); where the spec has none, ours (docs/decisions/0018). */
export const STOCK_MESSAGES = {
  /** spec 2 §4, §8. */
  disabled: 'Stock management is disabled. Please enable it in Stock Settings.',
  /** spec 2 §8. */
  selectProduct: 'Please select a product',
  selectVariant: 'Please select a variant',
  selectLocation: 'Please select a store location',
  enterNote: 'Please enter a note',
  /** spec 2 §5. */
  quantity: 'Please enter a valid stock quantity (0 or greater)',
  locationNameRequired: 'Location name is required',
  /** Ours: the spec has no words for these. */
  productNotFound: 'Product not found.',
  variantNotFound: 'The selected variant does not belong to this product.',
  noVariants: 'This product has no variants: leave the variant empty.',
  locationNotFound: 'Store location not found.',
  locationInactive: 'This store location is not active.',
  locationHoldsStock: (units: number) =>
    `This location still holds ${units} ${units === 1 ? 'unit' : 'units'} of stock. Set its stock to 0 first.`,
  notEnoughStock: (name: string, available: number, requested: number) =>
    `Not enough stock of ${name}: ${available} available, ${requested} requested.`,
  deductQuantity: 'The quantity to deduct must be a whole number above 0.',
  nameTooLong: 'The name may not be longer than 255 characters.',
  /** Ours, in the words the spec uses elsewhere for success messages. */
  stockUpdated: 'Stock updated successfully',
  noteSaved: 'Stock note saved successfully',
  locationCreated: 'Store location created successfully',
  locationUpdated: 'Store location updated successfully',
  locationDeleted: 'Store location deleted successfully',
  settingsSaved: 'Stock settings saved successfully',
} as const;
const M = STOCK_MESSAGES;

/** An optional id from a form: empty, null or absent mean none. */
const optionalId = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? null : value),
  recordId.nullable(),
);
const requiredId = (message: string) =>
  z
    .preprocess((value) => (value === '' || value === undefined ? null : value), recordId.nullable())
    .refine((value): value is number => value !== null, { message });

/** POST /api/stock-update/update-stock (spec 2 §5, §7). */
export const updateStockBody = z.object({
  product_id: requiredId(M.selectProduct),
  variant_id: optionalId,
  store_location_id: optionalId,
  new_quantity: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: M.quantity })
      .refine(isValidStockQuantity, M.quantity)
      .refine((n) => n <= 2_147_483_647, M.quantity),
  ),
  notes: optionalText(1000),
  /** A manual update may say why, in spec 2 §9's product-history words; order reasons are the service's own. */
  reason: z
    .enum(PRODUCT_STOCK_REASONS, { error: 'Please choose a reason from the list.' })
    .default('manual_update'),
});
export type UpdateStockBody = z.output<typeof updateStockBody>;

/** POST /api/stock-notes/create (spec 2 §7): product_name and sku are the dialog's labels, not trusted. */
export const stockNoteBody = z.object({
  product_id: requiredId(M.selectProduct),
  variant_id: optionalId,
  note: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ error: M.enterNote }).min(1, M.enterNote).max(5000),
  ),
  product_name: z.unknown().optional(),
  sku: z.unknown().optional(),
});
export type StockNoteBody = z.output<typeof stockNoteBody>;

/** GET /api/stock-update/search-products (spec 2 §5: from 2 characters; §9: 10 results). */
export const stockProductSearchQuery = z.object({
  search: z.string().trim().max(200).default(''),
});
export const STOCK_SEARCH_MIN_CHARS = 2;
export const STOCK_SEARCH_LIMIT = 10;

/** POST /api/store-locations and PUT /api/store-locations/{id} (spec 2 §3 Store location, §5). */
export const storeLocationBody = z.object({
  name: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ error: M.locationNameRequired }).min(1, M.locationNameRequired).max(255, M.nameTooLong),
  ),
  code: optionalText(50),
  description: optionalText(1000),
  address: optionalText(1000),
  is_active: formBoolean.default(true),
});
export type StoreLocationBody = z.output<typeof storeLocationBody>;

export type StoreLocationReply = {
  id: number;
  name: string;
  code: string | null;
  description: string | null;
  address: string | null;
  is_active: boolean;
};

/** The stock settings of spec 2 §3, under the names the spec gives them. */
export const STOCK_SETTING_KEYS = [
  'stock_management_enabled',
  'stock_deduction_timing',
  'show_stock_quantities',
  'show_low_stock_warning',
  'out_of_stock_behavior',
  'low_stock_email_notifications',
  'out_of_stock_notifications',
] as const;
export type StockSettingKey = (typeof STOCK_SETTING_KEYS)[number];

const settingType = z.enum(STOCK_SETTING_KEYS, { error: 'Unknown stock setting.' });

/** POST /api/stock-settings/update (spec 2 §7): one setting as type and value. */
export const stockSettingUpdateBody = z.object({ type: settingType, value: z.unknown() });

/** POST /api/stock-settings/bulk-update (spec 2 §7): a list of type and value. */
export const stockSettingsBulkBody = z.object({
  settings: z.array(z.object({ type: settingType, value: z.unknown() })).min(1),
});

/** POST /api/stock-settings: any of the settings by name. */
export const stockSettingsBody = z
  .object(Object.fromEntries(STOCK_SETTING_KEYS.map((k) => [k, z.unknown().optional()])))
  .strict();

export type UpdateStockReply = {
  success: true;
  message: string;
  data: {
    product_id: number;
    variant_id: number | null;
    store_location_id: number | null;
    old_quantity: number;
    new_quantity: number;
    current_stock: number;
  };
};
