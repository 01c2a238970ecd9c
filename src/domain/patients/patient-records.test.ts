import { describe, expect, it } from 'vitest';
import { hasSecondValue, isInOrder, isTimeOfDay, type VitalType, vitalProblems } from './patient-records';

describe('isInOrder (DECISIONS 23: an end or discharge date not before its start)', () => {
  it.each([
    ['2026-01-10', '2026-01-11', {}, true],
    ['2026-01-10', '2026-01-10', {}, true],
    ['2026-01-10', '2026-01-09', {}, false],
    ['2025-12-31', '2026-01-01', {}, true],
    ['2026-02-01', '2026-01-31', {}, false],
    [null, '2026-01-09', {}, true],
    ['2026-01-10', null, {}, true],
    [undefined, undefined, {}, true],
    ['2026-01-10', '2026-01-10', { start: '10:30', end: '10:29' }, false],
    ['2026-01-10', '2026-01-10', { start: '10:30', end: '10:30' }, true],
    ['2026-01-10', '2026-01-11', { start: '23:00', end: '01:00' }, true],
    ['2026-01-10', '2026-01-10', { start: '10:30', end: null }, true],
  ])('%s → %s %o is %s', (start, end, times, expected) => {
    expect(isInOrder(start, end, times)).toBe(expected);
  });
});

describe('isTimeOfDay', () => {
  it.each([
    ['00:00', true],
    ['09:05', true],
    ['23:59', true],
    ['24:00', false],
    ['9:05', false],
    ['12:60', false],
    ['noon', false],
  ])('%s is %s', (text, expected) => expect(isTimeOfDay(text)).toBe(expected));
});

describe('vitalProblems (spec 3 §5 Health vitals, docs/decisions/0063 ranges)', () => {
  const reading = (vital_type: VitalType, unit: string, value_1: number, value_2: number | null = null) => ({
    vital_type,
    unit,
    value_1,
    value_2,
  });
  it.each([
    [reading('glucose', 'mg/dL', 95), []],
    [reading('glucose', 'mmol/L', 5.4), []],
    [reading('glucose', 'mmol/L', 95), ['value_1:range']],
    [reading('glucose', 'kg', 95), ['unit:unit']],
    [reading('weight', 'kg', 72.5), []],
    [reading('weight', 'lbs', 160), []],
    [reading('weight', 'kg', 0), ['value_1:range']],
    [reading('weight', 'kg', 501), ['value_1:range']],
    [reading('weight', 'mmHg', 70), ['unit:unit']],
    [reading('blood_pressure', 'mmHg', 120, 80), []],
    [reading('blood_pressure', 'mmHg', 120, null), ['value_2:required']],
    [reading('blood_pressure', 'mmHg', 80, 120), ['value_2:not_below_systolic']],
    [reading('blood_pressure', 'mmHg', 120, 120), ['value_2:not_below_systolic']],
    [reading('blood_pressure', 'mmHg', 400, 10), ['value_1:range', 'value_2:range']],
    [reading('blood_pressure', 'kg', 120, 80), ['unit:unit']],
  ])('%o → %o', (input, expected) => {
    expect(vitalProblems(input).map((p) => `${p.field}:${p.problem}`)).toEqual(expected);
  });

  it.each([
    ['blood_pressure', true],
    ['glucose', false],
    ['weight', false],
  ] as const)('%s has a second value: %s', (type, expected) => expect(hasSecondValue(type)).toBe(expected));
});
