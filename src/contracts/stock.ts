import { z } from 'zod';
import { parseIsoDate } from '../domain/dates/date-format';
import {
  isValidStockQuantity,
  MOVEMENT_TYPES,
  PRODUCT_STOCK_REASONS,
  STOCK_REASONS,
} from '../domain/stock/stock-rules';
import { formBoolean, optionalText, pageParam, parseNumberText, recordId } from './common';

/** The stock area's words (spec 2 §4, §5, §8); where the spec has none, ours (docs/decisions/0018). */
export const STOCK_MESSAGES = {
  /** spec 2 §4, §8. */
  disabled: 'Stock management is disabled. Please enable it in Stock Settings.',
  /** spec 2 §8. */
  selectProduct: 'Please select a product',
  selectVariant: 'Please select a variant',
  selectLocation: 'Please select a store location',
  enterNote: 'Please enter a note',
  noteTooLong: 'The note may be at most 5,000 characters.',
  notesTooLong: 'The notes may be at most 1,000 characters.',
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
  stockUnchanged: 'The stock was already at this quantity: nothing changed.',
  stockUnchangedNoteSaved: 'The stock was already at this quantity: the note was saved as a stock note.',
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
    (value) => (typeof value === 'string' && value.trim() === '' ? value : parseNumberText(value)),
    z
      .number({ error: M.quantity })
      .refine(isValidStockQuantity, M.quantity)
      .refine((n) => n <= 2_147_483_647, M.quantity),
  ),
  notes: optionalText(1000, M.notesTooLong),
  /** A manual update may say why, in spec 2 §9's product-history words; order reasons are the service's own. */
  reason: z
    .enum(PRODUCT_STOCK_REASONS, { error: 'Please choose a reason from the list.' })
    .default('manual_update'),
});
export type UpdateStockBody = z.output<typeof updateStockBody>;

/** POST /api/stock-notes/create (spec 2 §7): product_name and sku are the dialog's labels, not trusted. */
/** The longest stock note (spec 2 gives no limit; a page of text). */
export const STOCK_NOTE_MAX = 5000;

export const stockNoteBody = z.object({
  product_id: requiredId(M.selectProduct),
  variant_id: optionalId,
  note: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ error: M.enterNote }).min(1, M.enterNote).max(STOCK_NOTE_MAX, M.noteTooLong),
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

/** A YYYY-MM-DD filter date (the shop's day); empty means none. */
const filterDate = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .string()
    .refine((text) => parseIsoDate(text) !== null, 'Please enter a date as YYYY-MM-DD.')
    .optional(),
);
const optionalFilterId = z.preprocess(
  (value) => (value === '' || value === null || value === 'all' ? undefined : value),
  recordId.optional(),
);
const pageNumber = pageParam;
const pageSize = (options: readonly number[], fallback: number) =>
  z
    .preprocess(parseNumberText, z.number({ error: `Choose ${options.join(', ')} per page.` }).int())
    .refine((n) => options.includes(n), `Choose ${options.join(', ')} per page.`)
    .default(fallback);

/** spec 2 §9: stock sheet page sizes 15 (default), 25, 50, 100; histories 10, 20 (default), 50, 100. */
export const STOCK_SHEET_PAGE_SIZES = [15, 25, 50, 100] as const;
export const STOCK_HISTORY_PAGE_SIZES = [10, 20, 50, 100] as const;
/** spec 2 §9: the page strip shows every page up to 7. */
export const STOCK_PAGE_STRIP = 7;
/** spec 2 §4 stock filter. */
export const STOCK_FILTERS = ['all', 'low_stock', 'out_of_stock'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

const sheetFilters = {
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((s) => (s ? s : undefined)),
  stock_filter: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(STOCK_FILTERS, { error: 'Choose all, low_stock or out_of_stock.' }).default('all'),
  ),
  supplier: optionalFilterId,
  store_location: optionalFilterId,
};

/** GET /api/stock-sheet (spec 2 §7). */
export const stockSheetQuery = z.object({
  page: pageNumber,
  per_page: pageSize(STOCK_SHEET_PAGE_SIZES, 15),
  ...sheetFilters,
});
export type StockSheetQuery = z.output<typeof stockSheetQuery>;
export type StockSheetFilters = Omit<StockSheetQuery, 'page' | 'per_page'>;

/** GET /admin/stock-sheet/export (spec 2 §7): the sheet's filters, as an Excel file. */
export const stockSheetExportQuery = z.object({
  ...sheetFilters,
  format: z.enum(['excel'], { error: 'The stock sheet exports as excel.' }).default('excel'),
});

/** GET /api/stock-history/{productId}[/variant/{variantId}] (spec 2 §7; the user filter of issue 4). */
export const stockHistoryFilters = z.object({
  movement_type: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(MOVEMENT_TYPES, { error: 'Choose increase, decrease or adjustment.' }).optional(),
  ),
  reason: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(STOCK_REASONS, { error: 'Please choose a reason from the list.' }).optional(),
  ),
  user_id: optionalFilterId,
  date_from: filterDate,
  date_to: filterDate,
});
export type StockHistoryFilters = z.output<typeof stockHistoryFilters>;
export const stockHistoryQuery = stockHistoryFilters.extend({
  page: pageNumber,
  per_page: pageSize(STOCK_HISTORY_PAGE_SIZES, 20),
});
export type StockHistoryQuery = z.output<typeof stockHistoryQuery>;

/** GET /api/stock-notes-history/{productId}[/variant/{variantId}] (spec 2 §7). */
export const notesHistoryFilters = z.object({
  user_id: optionalFilterId,
  date_from: filterDate,
  date_to: filterDate,
});
export type NotesHistoryFilters = z.output<typeof notesHistoryFilters>;
export const notesHistoryQuery = notesHistoryFilters.extend({
  page: pageNumber,
  per_page: pageSize(STOCK_HISTORY_PAGE_SIZES, 20),
});
export type NotesHistoryQuery = z.output<typeof notesHistoryQuery>;
const exportFormat = {
  format: z.enum(['excel'], { error: 'The history exports as excel.' }).default('excel'),
};
export const stockHistoryExportQuery = stockHistoryFilters.extend(exportFormat);
export const notesHistoryExportQuery = notesHistoryFilters.extend(exportFormat);

/** {productId} and the optional {variantId} of the history routes and pages. */
export const stockItemParams = z.object({ productId: recordId, variantId: recordId.optional() });

/** spec 2 §3 Stock row. */
export type StockRowReply = {
  product_id: number;
  variant_id: number | null;
  name: string;
  sku: string | null;
  current_stock: number;
  low_stock_threshold: number;
  is_main_row: boolean;
  is_variable: boolean;
  variant_count: number;
  location_breakdown: { location_id: number; location_name: string; quantity: number }[];
  /** Stock held at no store location (counted before locations existed). */
  unplaced_quantity: number;
  supplier: string | null;
  supplier_id: number | null;
  status: 'in_stock' | 'low_stock' | 'out_of_stock';
};

export type StockPagination = {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
};

export type StockSheetReply = { success: true; data: StockRowReply[]; pagination: StockPagination };

/** spec 2 §3 Stock movement, as the histories and the overview answer it. */
export type StockMovementReply = {
  id: number;
  product_id: number;
  variant_id: number | null;
  product_name: string;
  variant_name: string | null;
  movement_type: (typeof MOVEMENT_TYPES)[number];
  reason: string;
  quantity_changed: number;
  quantity_before: number;
  quantity_after: number;
  store_location: string | null;
  reference_type: string | null;
  reference_id: number | null;
  /** The order the movement belongs to: its code and edit page (null for manual changes). */
  order: { url: string; order_code: string } | null;
  user: string | null;
  notes: string | null;
  created_at: string;
};

/** spec 2 §3 Stock overview. */
export type StockOverviewReply = {
  success: true;
  data: {
    total_products: number;
    total_stock_items: number;
    out_of_stock_count: number;
    low_stock_count: number;
    total_stock_quantity: number;
    recent_movements: StockMovementReply[];
  };
};

/** The product or variant a history page is about. */
export type StockItemReply = {
  product_id: number;
  variant_id: number | null;
  product_name: string;
  variant_name: string | null;
  sku: string | null;
  current_stock: number;
  is_variable: boolean;
};

export type StockHistoryReply = {
  success: true;
  item: StockItemReply;
  data: StockMovementReply[];
  pagination: StockPagination;
  /** Who made movements of this item: the user filter's choices. */
  users: { id: number; name: string }[];
};

/** spec 2 §3 Stock note, with who wrote it and when. */
export type StockNoteReply = {
  id: number;
  product_id: number;
  variant_id: number | null;
  note: string;
  product_name: string;
  variant_name: string | null;
  sku: string | null;
  user: string | null;
  user_id: number | null;
  created_at: string;
};

export type NotesHistoryReply = {
  success: true;
  item: StockItemReply;
  data: StockNoteReply[];
  pagination: StockPagination;
  users: { id: number; name: string }[];
};

/**
 * GET /api/stock/purchase-history/{productId}[/variant/{variantId}] (DECISIONS 13, spec 2 §2): the
 * orders that bought the product or variant. Rental bookings join this list when rentals exist.
 */
export const purchaseHistoryFilters = z.object({
  date_from: filterDate,
  date_to: filterDate,
});
export type PurchaseHistoryFilters = z.output<typeof purchaseHistoryFilters>;
export const purchaseHistoryQuery = purchaseHistoryFilters.extend({
  page: pageNumber,
  per_page: pageSize(STOCK_HISTORY_PAGE_SIZES, 20),
});
export type PurchaseHistoryQuery = z.output<typeof purchaseHistoryQuery>;

/** One order line that bought the item. */
export type PurchaseHistoryRowReply = {
  /** The order line's id. */
  id: number;
  order_id: number;
  order_code: string;
  /** The admin page of the order. */
  order_url: string;
  /** When the order was placed (ISO). */
  date: string;
  customer: string;
  variant_name: string | null;
  quantity: number;
  unit_price: string;
  line_total: string;
  currency_symbol: string;
  payment_status: string;
  delivery_status: string;
};

export type PurchaseHistoryReply = {
  success: true;
  item: StockItemReply;
  data: PurchaseHistoryRowReply[];
  pagination: StockPagination;
};
