import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IsoDate } from '../dates/date-format';
import {
  datesOf,
  daysBetween,
  DASHBOARD_RANGE_MESSAGES as M,
  MAX_RANGE_DAYS,
  presetOf,
  presetRange,
  rangeProblems,
} from './dashboard-range';

const d = (iso: string) => iso as IsoDate;

describe('presetRange', () => {
  it.each([
    ['today', '2026-11-26', '2026-11-26', '2026-11-26'],
    ['yesterday', '2026-11-26', '2026-11-25', '2026-11-25'],
    ['yesterday', '2026-03-01', '2026-02-28', '2026-02-28'],
    ['yesterday', '2028-03-01', '2028-02-29', '2028-02-29'],
    ['yesterday', '2027-01-01', '2026-12-31', '2026-12-31'],
    ['last_7_days', '2026-11-26', '2026-11-20', '2026-11-26'],
    ['last_7_days', '2026-01-03', '2025-12-28', '2026-01-03'],
    ['last_30_days', '2026-11-26', '2026-10-28', '2026-11-26'],
    ['last_30_days', '2026-03-15', '2026-02-14', '2026-03-15'],
    ['this_month', '2026-11-26', '2026-11-01', '2026-11-26'],
    ['this_month', '2026-11-01', '2026-11-01', '2026-11-01'],
    ['this_month', '2026-02-28', '2026-02-01', '2026-02-28'],
  ] as const)('%s on %s is %s to %s', (preset, today, from, to) => {
    expect(presetRange(preset, d(today))).toEqual({ from, to });
  });

  it('custom has no range of its own', () => {
    expect(presetRange('custom', d('2026-11-26'))).toBeNull();
  });

  it('every preset range is a good range that ends today or yesterday', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.constantFrom('today', 'yesterday', 'last_7_days', 'last_30_days', 'this_month' as const),
        (instant, preset) => {
          const today = d(instant.toISOString().slice(0, 10));
          const range = presetRange(preset, today)!;
          expect(rangeProblems(range.from, range.to)).toEqual([]);
          expect([today, presetRange('yesterday', today)!.to]).toContain(range.to);
        },
      ),
    );
  });
});

describe('presetOf', () => {
  it.each([
    ['2026-11-26', '2026-11-26', 'today'],
    ['2026-11-25', '2026-11-25', 'yesterday'],
    ['2026-11-20', '2026-11-26', 'last_7_days'],
    ['2026-10-28', '2026-11-26', 'last_30_days'],
    ['2026-11-01', '2026-11-26', 'this_month'],
    ['2026-11-02', '2026-11-26', 'custom'],
    ['2026-11-20', '2026-11-25', 'custom'],
  ] as const)('%s to %s on 2026-11-26 is %s', (from, to, preset) => {
    expect(presetOf({ from: d(from), to: d(to) }, d('2026-11-26'))).toBe(preset);
  });

  it('on the first of a month "today" wins over "this month"', () => {
    expect(presetOf({ from: d('2026-11-01'), to: d('2026-11-01') }, d('2026-11-01'))).toBe('today');
  });
});

describe('rangeProblems', () => {
  it.each([
    ['2026-11-26', '2026-11-26'],
    ['2026-01-01', '2026-12-31'],
    ['2028-01-01', '2028-12-31'],
    ['2026-11-26', '2027-11-26'],
  ])('%s to %s is a good range', (from, to) => {
    expect(rangeProblems(from, to)).toEqual([]);
  });

  it.each([
    ['', '2026-11-26', [{ field: 'date_from', message: M.date }]],
    [null, '2026-11-26', [{ field: 'date_from', message: M.date }]],
    ['2026-02-30', '2026-11-26', [{ field: 'date_from', message: M.date }]],
    ['26/11/2026', '2026-11-26', [{ field: 'date_from', message: M.date }]],
    ['2026-11-26', 'tomorrow', [{ field: 'date_to', message: M.date }]],
    [
      'x',
      undefined,
      [
        { field: 'date_from', message: M.date },
        { field: 'date_to', message: M.date },
      ],
    ],
    ['2026-11-26', '2026-11-25', [{ field: 'date_to', message: M.order }]],
    ['2026-11-26', '2027-11-27', [{ field: 'date_to', message: M.span }]],
    ['2000-01-01', '2026-11-26', [{ field: 'date_to', message: M.span }]],
  ] as const)('%j to %j: %j', (from, to, problems) => {
    expect(rangeProblems(from, to)).toEqual(problems);
  });

  it('names the limit in its message', () => {
    expect(M.span).toBe(`The date range can cover at most ${MAX_RANGE_DAYS} days.`);
  });
});

describe('days of a range', () => {
  it.each([
    ['2026-11-26', '2026-11-26', 0],
    ['2026-02-28', '2026-03-01', 1],
    ['2028-02-28', '2028-03-01', 2],
    ['2026-12-31', '2027-01-01', 1],
    ['2026-11-27', '2026-11-26', -1],
  ])('%s to %s is %i days apart', (from, to, days) => {
    expect(daysBetween(d(from), d(to))).toBe(days);
  });

  it('lists every date, both ends included', () => {
    expect(datesOf({ from: d('2026-02-27'), to: d('2026-03-02') })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});
