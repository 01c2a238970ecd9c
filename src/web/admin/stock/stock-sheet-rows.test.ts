import { describe, expect, it } from 'vitest';
import type { StockRowReply } from '../../../contracts/stock';
import { HttpError } from '../../lib/http';
import { readListState } from '../../ui/list/use-list-state';
import { loadProblemOf, STOCK_UI_MESSAGES } from './stock-messages';
import {
  exportQueryOf,
  locationChips,
  productNameOf,
  rowKey,
  SHEET_DEFAULTS,
  sheetQueryOf,
} from './stock-sheet-rows';

const stateOf = (query: string) => readListState(new URLSearchParams(query), SHEET_DEFAULTS);

describe('the stock sheet query (spec 2 §7, §9)', () => {
  it('asks for page 1 of 15, all stock, without filters by default', () => {
    expect(sheetQueryOf(stateOf(''))).toEqual({
      page: 1,
      per_page: 15,
      search: undefined,
      stock_filter: 'all',
      supplier: undefined,
      store_location: undefined,
    });
  });

  it('keeps the supplier view, the location, the stock filter and the search of the address bar', () => {
    expect(
      sheetQueryOf(
        stateOf('supplier=7&store_location=3&stock_filter=low_stock&search=robe&page=2&per_page=50'),
      ),
    ).toEqual({
      page: 2,
      per_page: 50,
      search: 'robe',
      stock_filter: 'low_stock',
      supplier: '7',
      store_location: '3',
    });
  });

  it('falls back to the defaults for a page size or stock filter the server does not accept', () => {
    const query = sheetQueryOf(stateOf('per_page=20&stock_filter=plenty'));
    expect(query.per_page).toBe(15);
    expect(query.stock_filter).toBe('all');
  });

  it('exports what the sheet shows, without paging', () => {
    expect(exportQueryOf(stateOf('supplier=7&stock_filter=out_of_stock&page=3'))).toEqual({
      search: undefined,
      stock_filter: 'out_of_stock',
      supplier: '7',
      store_location: undefined,
      format: 'excel',
    });
  });
});

const row = (change: Partial<StockRowReply>): StockRowReply => ({
  product_id: 13,
  variant_id: null,
  name: 'Beach robe',
  sku: 'TEX-113',
  current_stock: 14,
  low_stock_threshold: 5,
  is_main_row: true,
  is_variable: true,
  variant_count: 2,
  location_breakdown: [],
  unplaced_quantity: 14,
  supplier: null,
  supplier_id: null,
  status: 'in_stock',
  ...change,
});

describe('locationChips', () => {
  it('shows nothing for stock kept at no location while no location holds any', () => {
    expect(locationChips(row({}))).toEqual([]);
  });

  it('names each location with its quantity, and stock at no location beside them', () => {
    expect(
      locationChips(
        row({
          location_breakdown: [
            { location_id: 7, location_name: 'Back room', quantity: 5 },
            { location_id: 9, location_name: 'Shop', quantity: 0 },
          ],
          unplaced_quantity: 9,
        }),
      ).map((c) => c.label),
    ).toEqual(['Back room: 5', 'Shop: 0', 'No location: 9']);
  });

  it('leaves out "No location" when everything is placed', () => {
    expect(
      locationChips(
        row({
          location_breakdown: [{ location_id: 7, location_name: 'Shop', quantity: 4 }],
          unplaced_quantity: 0,
        }),
      ),
    ).toEqual([{ key: '7', label: 'Shop: 4', isUnplaced: false }]);
  });
});

describe('rows of a page', () => {
  const rows = [
    row({}),
    row({ variant_id: 21, name: 'Palm / M', is_main_row: false }),
    row({ product_id: 4, name: 'Bamboo stool', is_variable: false }),
  ];

  it('keys a product and each of its variants apart', () => {
    expect(rows.map(rowKey)).toEqual(['13-main', '13-21', '4-main']);
  });

  it('names a variant row after its product', () => {
    expect(productNameOf(rows, rows[1]!)).toBe('Beach robe');
    expect(productNameOf(rows, rows[2]!)).toBe('Bamboo stool');
  });
});

describe('loadProblemOf (spec 2 §4, §8)', () => {
  it('turns the disabled 409 into the notice with the link to the settings', () => {
    const error = new HttpError(409, 'Stock management is disabled. Please enable it in Stock Settings.');
    expect(loadProblemOf(error, STOCK_UI_MESSAGES.sheetFailed)).toEqual({
      kind: 'disabled',
      message: 'Stock management is disabled. Please enable it in Stock Settings.',
    });
  });

  it.each([
    [500, 'HTTP error! status: 500'],
    [403, 'HTTP error! status: 403'],
    [409, 'HTTP error! status: 409'],
  ])('a non-OK reply %i says "%s" under the failure', (status, detail) => {
    expect(loadProblemOf(new HttpError(status, 'Something else'), 'Failed to load stock data')).toEqual({
      kind: 'failed',
      title: 'Failed to load stock data',
      detail,
    });
  });

  it('shows a network failure without a status', () => {
    expect(loadProblemOf(new TypeError('Failed to fetch'), 'Failed to load stock overview')).toEqual({
      kind: 'failed',
      title: 'Failed to load stock overview',
      detail: 'Failed to fetch',
    });
  });
});
