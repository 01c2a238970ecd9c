import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './transfer';

describe('fileNameFrom', () => {
  it.each([
    ['attachment; filename="user_listing_2026-11-21_090507.xlsx"', 'user_listing_2026-11-21_090507.xlsx'],
    ["attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf", 'résumé.pdf'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    [null, 'fallback.xlsx'],
  ])('%s → %s', (header, name) => {
    expect(fileNameFrom(header, 'fallback.xlsx')).toBe(name);
  });
});
