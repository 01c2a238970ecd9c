import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/date-format';
import {
  earliestNextPeriodStart,
  isPaymentOverdue,
  matchDurationMonths,
  PERIOD_STATUSES,
  periodDays,
  periodEndDate,
  periodStatusOptions,
} from './rental-periods';

describe('period dates (spec 3 §9)', () => {
  it.each([
    ['2026-01-15', 1, '2026-02-14'],
    ['2026-01-01', 1, '2026-01-31'],
    ['2026-01-31', 1, '2026-02-27'],
    ['2028-01-31', 1, '2028-02-28'],
    ['2026-11-10', 3, '2027-02-09'],
    ['2026-12-01', 6, '2027-05-31'],
  ])('%s plus %i month(s) ends %s', (start, months, end) => {
    expect(periodEndDate(start, months)).toBe(end);
  });

  it.each([
    [30, 1],
    [15, 1],
    [45, 1],
    [46, 2],
    [59, 2],
    [90, 3],
    [175, 6],
    [196, 1],
    [0, 1],
  ])('%i days match %i month(s)', (days, months) => {
    expect(matchDurationMonths(days)).toBe(months);
  });

  it('a period of m months ends before the same day m months on, and matches m months', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 6 }),
        (date, months) => {
          const start = date.toISOString().slice(0, 10);
          const end = periodEndDate(start, months);
          expect(end >= start).toBe(true);
          expect(matchDurationMonths(periodDays(start, end))).toBe(months);
          // The next period starts the day after: periods never overlap and leave no gap.
          expect(earliestNextPeriodStart([end])).toBe(addDays(end, 1));
        },
      ),
    );
  });

  it('starts a new period the day after the latest end', () => {
    expect(earliestNextPeriodStart([])).toBeNull();
    expect(earliestNextPeriodStart(['2026-03-31', '2026-05-31', '2026-04-30'])).toBe('2026-06-01');
  });
});

describe('period statuses (spec 3 §4, DECISIONS 17)', () => {
  it('lets the first period take any of the ten, later ones the last six', () => {
    expect(periodStatusOptions(1)).toEqual(PERIOD_STATUSES);
    expect(periodStatusOptions(2)).toEqual([
      'active_unpaid',
      'active_paid',
      'payment_overdue',
      'returned',
      'failed',
      'cancelled',
    ]);
  });

  it.each([
    ['2026-03-01', 0, '2026-03-08', false],
    ['2026-03-01', 0, '2026-03-09', true],
    ['2026-03-01', 10000, '2026-04-01', false],
    ['2026-03-01', 5000, '2026-04-01', true],
  ])('started %s, paid %i of 10000, on %s overdue: %s', (startDate, paid, today, expected) => {
    expect(
      isPaymentOverdue({ startDate, totalCents: 10000, paidCents: paid, status: 'active_unpaid' }, today),
    ).toBe(expected);
  });

  it('never calls a returned, cancelled or paid period overdue', () => {
    for (const status of ['returned', 'cancelled', 'failed', 'active_paid'] as const)
      expect(
        isPaymentOverdue({ startDate: '2020-01-01', totalCents: 100, paidCents: 0, status }, '2026-01-01'),
      ).toBe(false);
  });
});
