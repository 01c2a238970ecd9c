import type { StockFilter, StockRowReply } from '../../../contracts/stock';
import { STOCK_FILTERS, STOCK_SHEET_PAGE_SIZES } from '../../../contracts/stock';
import type { ListState } from '../../ui/list/use-list-state';

/** spec 2 §9: 15 a page by default; filters kept in the address bar (spec 2 §2 accepts ?supplier=). */
export const SHEET_FILTERS = ['stock_filter', 'supplier', 'store_location'] as const;
export const SHEET_DEFAULTS = {
  perPage: STOCK_SHEET_PAGE_SIZES[0],
  sort: 'name',
  direction: 'asc',
  filters: SHEET_FILTERS,
} as const;

export const STOCK_FILTER_LABELS: Record<StockFilter, string> = {
  all: 'All stock',
  low_stock: 'Low stock',
  out_of_stock: 'Out of stock',
};
export const STOCK_FILTER_OPTIONS = STOCK_FILTERS.map((value) => ({
  value,
  label: STOCK_FILTER_LABELS[value],
}));

export const STATUS_COLORS: Record<StockRowReply['status'], string> = {
  in_stock: 'teal',
  low_stock: 'orange',
  out_of_stock: 'red',
};

/** GET /api/stock-sheet's query (spec 2 §7) from the list state; the sheet has no sort. */
export function sheetQueryOf(state: ListState): Record<string, string | number | undefined> {
  const stockFilter = state.filters.stock_filter;
  return {
    page: state.page,
    per_page: (STOCK_SHEET_PAGE_SIZES as readonly number[]).includes(state.per_page)
      ? state.per_page
      : STOCK_SHEET_PAGE_SIZES[0],
    search: state.search || undefined,
    stock_filter:
      stockFilter && (STOCK_FILTERS as readonly string[]).includes(stockFilter) ? stockFilter : 'all',
    supplier: state.filters.supplier,
    store_location: state.filters.store_location,
  };
}

/** The export's query: the sheet's filters without paging (spec 2 §7). */
export function exportQueryOf(state: ListState): Record<string, string | undefined> {
  const { page: _page, per_page: _perPage, ...filters } = sheetQueryOf(state);
  return { ...(filters as Record<string, string | undefined>), format: 'excel' };
}

export type LocationChip = { key: string; label: string; isUnplaced: boolean };

/**
 * The compact location breakdown of a row ("Shop: 4", "Back room: 0"). Stock counted before
 * locations existed shows as "No location: n" beside them; a row with neither shows nothing.
 */
export function locationChips(
  row: Pick<StockRowReply, 'location_breakdown' | 'unplaced_quantity'>,
): LocationChip[] {
  const chips: LocationChip[] = row.location_breakdown.map((l) => ({
    key: String(l.location_id),
    label: `${l.location_name}: ${l.quantity}`,
    isUnplaced: false,
  }));
  if (chips.length > 0 && row.unplaced_quantity > 0)
    chips.push({ key: 'none', label: `No location: ${row.unplaced_quantity}`, isUnplaced: true });
  return chips;
}

/** A row's key: one main row per product, one row per variant. */
export const rowKey = (row: Pick<StockRowReply, 'product_id' | 'variant_id'>) =>
  `${row.product_id}-${row.variant_id ?? 'main'}`;

/** The product a variant row belongs to: the nearest main row above it on the page. */
export function productNameOf(rows: readonly StockRowReply[], row: StockRowReply): string {
  if (row.is_main_row) return row.name;
  return rows.find((r) => r.is_main_row && r.product_id === row.product_id)?.name ?? row.name;
}
