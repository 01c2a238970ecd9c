import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('changed fields for the audit trail', () => {
  it.each([
    [{ a: 1, b: 'x' }, { a: 1, b: 'y' }, { b: { from: 'x', to: 'y' } }],
    [{ a: null }, { a: undefined }, {}],
    [{}, { a: 2 }, { a: { from: null, to: 2 } }],
    [{ a: 1 }, { a: 1 }, {}],
    [{ at: new Date('2026-11-30T10:00:00Z') }, { at: new Date('2026-11-30T10:00:00Z') }, {}],
    [{ ids: [1, 2] }, { ids: [1, 3] }, { ids: { from: [1, 2], to: [1, 3] } }],
  ])('%j → %j', (before, after, expected) => {
    expect(changedFields(before, after)).toEqual(expected);
  });
});
