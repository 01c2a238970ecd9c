import { STOCK_HISTORY_PAGE_SIZES } from '../../../contracts/stock';
import { parseIsoDate } from '../../../domain/dates/date-format';
import { MOVEMENT_TYPES, STOCK_REASONS, stockWordLabel } from '../../../domain/stock/stock-rules';
import type { ListState, SettledDefaults } from '../../ui/list/use-list-state';
import type { StockItemRef } from './stock.api';

/** spec 2 §9: histories 20 a page by default (10, 20, 50, 100). */
export const MOVEMENT_FILTERS = ['movement_type', 'reason', 'user_id', 'date_from', 'date_to'] as const;
export const NOTE_FILTERS = ['user_id', 'date_from', 'date_to'] as const;
export const HISTORY_DEFAULT_PER_PAGE = STOCK_HISTORY_PAGE_SIZES[1];

export const MOVEMENT_DEFAULTS: SettledDefaults = {
  perPage: HISTORY_DEFAULT_PER_PAGE,
  sort: 'created_at',
  direction: 'desc',
  filters: MOVEMENT_FILTERS,
};
export const NOTE_DEFAULTS: SettledDefaults = { ...MOVEMENT_DEFAULTS, filters: NOTE_FILTERS };

export const MOVEMENT_TYPE_OPTIONS = MOVEMENT_TYPES.map((value) => ({ value, label: stockWordLabel(value) }));
/** Both reason lists of spec 2 §9: a history holds order movements as well as manual ones. */
export const REASON_FILTER_OPTIONS = STOCK_REASONS.map((value) => ({ value, label: stockWordLabel(value) }));

const pageSize = (n: number) =>
  (STOCK_HISTORY_PAGE_SIZES as readonly number[]).includes(n) ? n : HISTORY_DEFAULT_PER_PAGE;
const positiveId = (text: string | undefined) => (text && /^[1-9]\d*$/.test(text) ? text : undefined);
const isoDate = (text: string | undefined) => (text && parseIsoDate(text) ? text : undefined);
const oneOf = (list: readonly string[], text: string | undefined) =>
  text && list.includes(text) ? text : undefined;

/** The history filters the address bar holds that the server accepts; anything else is left out. */
function filtersOf(state: ListState, kind: 'movements' | 'notes') {
  const f = state.filters;
  return {
    ...(kind === 'movements'
      ? {
          movement_type: oneOf(MOVEMENT_TYPES, f.movement_type),
          reason: oneOf(STOCK_REASONS, f.reason),
        }
      : {}),
    user_id: positiveId(f.user_id),
    date_from: isoDate(f.date_from),
    date_to: isoDate(f.date_to),
  };
}

/** GET /api/stock-history/… or /api/stock-notes-history/…'s query (spec 2 §7). */
export function historyQueryOf(state: ListState, kind: 'movements' | 'notes') {
  return { page: state.page, per_page: pageSize(state.per_page), ...filtersOf(state, kind) };
}

/** The export's query: the same filters, as Excel. */
export function historyExportQueryOf(state: ListState, kind: 'movements' | 'notes') {
  return { ...filtersOf(state, kind), format: 'excel' };
}

/** {productId} and the optional {variantId} of a history page's address; null when they name nothing. */
export function stockItemOfParams(params: { productId?: string; variantId?: string }): StockItemRef | null {
  const id = (text: string | undefined) => (text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);
  const productId = id(params.productId);
  if (productId === null || productId > 2_147_483_647) return null;
  if (params.variantId === undefined) return { productId, variantId: null };
  const variantId = id(params.variantId);
  if (variantId === null || variantId > 2_147_483_647) return null;
  return { productId, variantId };
}

/** Purchase history (DECISIONS 13): dates only, 20 a page by default (10, 20, 50, 100). */
export const PURCHASE_FILTERS = ['date_from', 'date_to'] as const;
export const PURCHASE_DEFAULTS: SettledDefaults = { ...MOVEMENT_DEFAULTS, filters: PURCHASE_FILTERS };

/** GET /api/stock/purchase-history/…'s query: the page and the dates the server accepts. */
export function purchaseQueryOf(state: ListState) {
  return {
    page: state.page,
    per_page: pageSize(state.per_page),
    date_from: isoDate(state.filters.date_from),
    date_to: isoDate(state.filters.date_to),
  };
}
