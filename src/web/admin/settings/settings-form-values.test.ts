import { describe, expect, it } from 'vitest';
import { changedValues } from './settings-form-values';

describe('changedValues', () => {
  it('keeps only the settings that differ, comparing lists by their items', () => {
    expect(
      changedValues(
        { site_name: 'Emporium', wallet_enabled: false, types: ['png', 'pdf'], size: 5 },
        { site_name: 'Emporium Ltd', wallet_enabled: false, types: ['png', 'pdf'], size: 6 },
      ),
    ).toEqual({ site_name: 'Emporium Ltd', size: 6 });
  });

  it('answers nothing when nothing changed', () => {
    expect(changedValues({ a: '', b: true }, { a: '', b: true })).toEqual({});
  });
});
