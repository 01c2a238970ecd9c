import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  DATE_FORMATS,
  formatInstant,
  formatIsoDate,
  invalidDateMessage,
  isoDateInZone,
  parseDisplayDate,
  toIsoDate,
} from './date-format';

describe('parseDisplayDate', () => {
  it.each([
    ['21/11/2026', 'DD/MM/YYYY', '2026-11-21'],
    ['11/21/2026', 'MM/DD/YYYY', '2026-11-21'],
    ['2026-11-21', 'YYYY-MM-DD', '2026-11-21'],
    ['21-11-2026', 'DD-MM-YYYY', '2026-11-21'],
    ['29/02/2028', 'DD/MM/YYYY', '2028-02-29'],
    [' 01/01/2027 ', 'DD/MM/YYYY', '2027-01-01'],
  ] as const)('%s in %s is %s', (text, format, iso) => {
    expect(parseDisplayDate(text, format)).toBe(iso);
  });

  it.each([
    ['11/21/2026', 'DD/MM/YYYY'],
    ['29/02/2027', 'DD/MM/YYYY'],
    ['31/04/2026', 'DD/MM/YYYY'],
    ['1/1/2026', 'DD/MM/YYYY'],
    ['21/11/26', 'DD/MM/YYYY'],
    ['2026/11/21', 'YYYY-MM-DD'],
    ['21.11.2026', 'DD-MM-YYYY'],
    ['', 'DD/MM/YYYY'],
  ] as const)('refuses %j in %s', (text, format) => {
    expect(parseDisplayDate(text, format)).toBeNull();
  });

  it('reads back whatever it formats, in every format', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        fc.constantFrom(...DATE_FORMATS),
        (date, format) => {
          const iso = toIsoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
          expect(parseDisplayDate(formatIsoDate(iso, format), format)).toBe(iso);
        },
      ),
    );
  });
});

describe('messages and zones', () => {
  it('uses the spec words', () => {
    expect(invalidDateMessage('DD/MM/YYYY')).toBe('Please enter a valid date in DD/MM/YYYY format.');
  });

  it('takes the calendar date in the shop time zone', () => {
    // 22:30 UTC on the 21st is already the 22nd in Mauritius (UTC+4).
    const instant = new Date('2026-11-21T22:30:00Z');
    expect(isoDateInZone(instant, 'Indian/Mauritius')).toBe('2026-11-22');
    expect(isoDateInZone(instant, 'UTC')).toBe('2026-11-21');
    expect(formatInstant(instant, 'DD/MM/YYYY', 'Indian/Mauritius')).toBe('22/11/2026 02:30');
  });

  it('changes date at the zone’s midnight, to the millisecond, however it is asked in turn', () => {
    // Mauritius midnight of the 22nd is 20:00:00.000 UTC on the 21st.
    const midnight = Date.parse('2026-11-21T20:00:00Z');
    const ask = (ms: number) => isoDateInZone(new Date(ms), 'Indian/Mauritius');
    expect([ask(midnight - 1), ask(midnight), ask(midnight - 1), ask(midnight + 999)]).toEqual([
      '2026-11-21',
      '2026-11-22',
      '2026-11-21',
      '2026-11-22',
    ]);
  });

  it('answers what Intl answers for any instant and zone, asked in any order', () => {
    const zones = [
      'UTC',
      'Indian/Mauritius',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'America/St_Johns',
      'Asia/Kathmandu',
      'Africa/Monrovia',
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            ms: fc.integer({
              min: Date.parse('1950-01-01T00:00:00Z'),
              max: Date.parse('2100-01-01T00:00:00Z'),
            }),
            // Often within a second of the one before: the remembered answer is what is tested.
            nudge: fc.integer({ min: -1500, max: 1500 }),
            zone: fc.constantFrom(...zones),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        (asks) => {
          let previous = asks[0]!.ms;
          for (const { ms, nudge, zone } of asks) {
            const instant = new Date(nudge % 2 === 0 ? previous + nudge : ms);
            previous = instant.getTime();
            const expected = new Intl.DateTimeFormat('en-CA', {
              timeZone: zone,
              year: 'numeric',
              month: '2-digit',
              day: '2-digit',
            }).format(instant);
            expect(isoDateInZone(instant, zone)).toBe(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('addDays', () => {
  it.each([
    ['2026-11-22', 1, '2026-11-23'],
    ['2026-11-30', 1, '2026-12-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-02-28', 1, '2027-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-11-22', 0, '2026-11-22'],
  ])('%s plus %i days is %s', (from, days, expected) => {
    expect(addDays(from, days)).toBe(expected);
  });

  it('goes back where it came from', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        fc.integer({ min: -2000, max: 2000 }),
        (date, days) => {
          const iso = date.toISOString().slice(0, 10);
          expect(addDays(addDays(iso, days), -days)).toBe(iso);
        },
      ),
    );
  });
});
