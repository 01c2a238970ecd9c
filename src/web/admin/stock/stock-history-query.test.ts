import { describe, expect, it } from 'vitest';
import { readListState } from '../../ui/list/use-list-state';
import { historyPagePath, historyUrls } from './stock.api';
import {
  historyExportQueryOf,
  historyQueryOf,
  MOVEMENT_DEFAULTS,
  NOTE_DEFAULTS,
  stockItemOfParams,
} from './stock-history-query';

describe('the history queries (spec 2 §7, §9)', () => {
  it('asks for 20 a page by default', () => {
    expect(historyQueryOf(readListState(new URLSearchParams(''), MOVEMENT_DEFAULTS), 'movements')).toEqual({
      page: 1,
      per_page: 20,
      movement_type: undefined,
      reason: undefined,
      user_id: undefined,
      date_from: undefined,
      date_to: undefined,
    });
  });

  it('sends the filters the server knows and drops broken ones', () => {
    const state = readListState(
      new URLSearchParams(
        'movement_type=increase&reason=damaged_goods&user_id=3&date_from=2026-11-01&date_to=31/11/2026&per_page=50',
      ),
      MOVEMENT_DEFAULTS,
    );
    expect(historyQueryOf(state, 'movements')).toEqual({
      page: 1,
      per_page: 50,
      movement_type: 'increase',
      reason: 'damaged_goods',
      user_id: '3',
      date_from: '2026-11-01',
      date_to: undefined,
    });
    const odd = readListState(
      new URLSearchParams('movement_type=theft&reason=x&user_id=abc&per_page=15'),
      MOVEMENT_DEFAULTS,
    );
    expect(historyQueryOf(odd, 'movements')).toMatchObject({
      per_page: 20,
      movement_type: undefined,
      reason: undefined,
      user_id: undefined,
    });
  });

  it('gives the notes history only its user and dates, and exports as excel', () => {
    const state = readListState(new URLSearchParams('user_id=4&date_from=2026-11-01&page=2'), NOTE_DEFAULTS);
    expect(historyQueryOf(state, 'notes')).toEqual({
      page: 2,
      per_page: 20,
      user_id: '4',
      date_from: '2026-11-01',
      date_to: undefined,
    });
    expect(historyExportQueryOf(state, 'notes')).toEqual({
      user_id: '4',
      date_from: '2026-11-01',
      date_to: undefined,
      format: 'excel',
    });
  });
});

describe('stockItemOfParams', () => {
  it.each([
    [{ productId: '13' }, { productId: 13, variantId: null }],
    [
      { productId: '13', variantId: '21' },
      { productId: 13, variantId: 21 },
    ],
    [{ productId: 'abc' }, null],
    [{ productId: '0' }, null],
    [{ productId: '13', variantId: 'x' }, null],
    [{ productId: '99999999999' }, null],
    [{}, null],
  ])('%j → %j', (params, expected) => {
    expect(stockItemOfParams(params)).toEqual(expected);
  });
});

describe('history addresses (spec 2 §2, §7)', () => {
  it('of a product and of a variant', () => {
    expect(historyUrls('movements', { productId: 13, variantId: null })).toEqual({
      data: '/api/stock-history/13',
      export: '/admin/stock/stock-history/13/export',
    });
    expect(historyUrls('notes', { productId: 13, variantId: 21 })).toEqual({
      data: '/api/stock-notes-history/13/variant/21',
      export: '/admin/stock/notes-history/13/export/21',
    });
    expect(historyPagePath('movements', { productId: 13, variantId: 21 })).toBe(
      '/admin/stock/stock-history/13/21',
    );
    expect(historyPagePath('notes', { productId: 13, variantId: null })).toBe(
      '/admin/stock/notes-history/13',
    );
  });
});
