import { describe, expect, it } from 'vitest';
import {
  escapeSpreadsheetCell,
  listingExportFileName,
  spreadsheetDateTime,
  timestampedFileName,
} from './exports';

describe('escapeSpreadsheetCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+27 11 000', "'+27 11 000"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['Ana', 'Ana'],
    ['', ''],
    [42, 42],
    [null, null],
  ])('%j → %j', (input, expected) => {
    expect(escapeSpreadsheetCell(input)).toBe(expected);
  });
});

describe('listingExportFileName', () => {
  const now = new Date('2026-11-21T09:05:07Z');
  it.each([
    ['partner', 'partner_listing_2026-11-21_090507.xlsx'],
    [null, 'user_listing_2026-11-21_090507.xlsx'],
  ])('%s → %s', (role, name) => {
    expect(listingExportFileName(role, now)).toBe(name);
  });
});

describe('timestampedFileName', () => {
  it.each([
    ['products', new Date('2026-11-21T09:05:07Z'), 'products_2026-11-21_090507.xlsx'],
    ['products', new Date('2027-01-02T23:59:59.999Z'), 'products_2027-01-02_235959.xlsx'],
  ])('%s at %s → %s', (base, now, name) => {
    expect(timestampedFileName(base, now)).toBe(name);
  });
});

describe('spreadsheetDateTime', () => {
  it.each([
    ['2026-11-21T09:05:07Z', 'Indian/Mauritius', '2026-11-21T13:05:07.000Z'],
    ['2026-11-21T22:30:00Z', 'Indian/Mauritius', '2026-11-22T02:30:00.000Z'],
    ['2026-07-01T12:00:00Z', 'Europe/London', '2026-07-01T13:00:00.000Z'],
    ['2026-01-01T12:00:00Z', 'Europe/London', '2026-01-01T12:00:00.000Z'],
    ['2026-03-01T02:00:00Z', 'America/New_York', '2026-02-28T21:00:00.000Z'],
    ['2026-11-21T09:05:07Z', 'UTC', '2026-11-21T09:05:07.000Z'],
  ])('%s in %s reads %s', (instant, zone, wall) => {
    expect(spreadsheetDateTime(new Date(instant), zone).toISOString()).toBe(wall);
  });
});
