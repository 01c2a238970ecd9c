import { STOCK_MESSAGES } from '../../../contracts/stock';
import { HttpError } from '../../lib/http';

/**
 * The stock screens' own words (spec 2 §8 "Orders-adjacent stock messages"); the server's words
 * (disabled, select a product, …) are in src/contracts/stock.ts.
 */
export const STOCK_UI_MESSAGES = {
  overviewFailed: 'Failed to load stock overview',
  sheetFailed: 'Failed to load stock data',
  updateFailed: 'Failed to update stock',
  noteFailed: 'Failed to save stock note',
  historyFailed: 'Failed to load stock history',
  noProduct: 'No product selected',
  productUnavailable: 'Product information not available',
  settingsFailed: 'Failed to load stock settings. Please refresh the page.',
  /** spec 2 §8: a non-OK response on the stock sheet. */
  httpError: (status: number) => `HTTP error! status: ${status}`,
  /** Ours: the spec names no message for these. */
  notesFailed: 'Failed to load notes history',
  purchasesFailed: 'Failed to load purchase history',
  settingsSaveFailed: 'Failed to save stock settings. Please try again.',
  locationsFailed: 'Failed to load store locations',
  locationSaveFailed: 'Failed to save the store location. Please try again.',
  locationDeleteFailed: 'Failed to delete the store location. Please try again.',
} as const;

/** How long the stock sheet's success message stays (spec 2 §9). */
export const STOCK_SUCCESS_MESSAGE_MS = 5000;

export type LoadProblem =
  /** spec 2 §4: the stock sheet needs stock management (409 with the spec's message). */
  | { kind: 'disabled'; message: string }
  /** spec 2 §8: what failed, and "HTTP error! status: {n}" for a non-OK reply. */
  | { kind: 'failed'; title: string; detail: string | null };

/** What a failed stock-sheet or overview load shows. */
export function loadProblemOf(error: unknown, title: string): LoadProblem {
  if (error instanceof HttpError) {
    if (error.status === 409 && error.message === STOCK_MESSAGES.disabled)
      return { kind: 'disabled', message: error.message };
    return { kind: 'failed', title, detail: STOCK_UI_MESSAGES.httpError(error.status) };
  }
  return { kind: 'failed', title, detail: error instanceof Error && error.message ? error.message : null };
}
