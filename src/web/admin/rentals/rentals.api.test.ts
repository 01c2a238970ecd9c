import { describe, expect, it } from 'vitest';
import type { BookingListRow } from '../../../contracts/rentals';
import { pagedOf } from './rentals.api';

const row = { id: 1, booking_number: 'RB-2026-00001' } as BookingListRow;
const page = { current_page: 2, last_page: 3, per_page: 25, total: 51, from: 26, to: 50 };

describe('pagedOf: the list reply in the house shape (spec 3 §7 "data, pagination")', () => {
  it('takes a paged reply with the rental side envelope as it is', () => {
    const reply = { success: true, message: '', data: [row], ...page };
    expect(pagedOf(reply)).toBe(reply);
  });

  it('reads a separate pagination object', () => {
    expect(pagedOf({ success: true, data: [row], pagination: page })).toEqual({ data: [row], ...page });
  });

  it('reads a paged list inside data', () => {
    expect(pagedOf({ success: true, data: { data: [row], ...page } })).toEqual({ data: [row], ...page });
  });

  it('makes one page of a bare list', () => {
    expect(pagedOf({ data: [row] })).toEqual({
      data: [row],
      current_page: 1,
      last_page: 1,
      per_page: 25,
      total: 1,
      from: 1,
      to: 1,
    });
  });
});
