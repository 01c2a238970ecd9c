import { describe, expect, it } from 'vitest';
import { listQueryOf, readListState, settleDefaults, writeListState } from './use-list-state';

const defaults = { perPage: 15, sort: 'created_at', direction: 'desc' as const, filters: ['role'] };

describe('list state in the address bar', () => {
  it('reads defaults from an empty query', () => {
    expect(readListState(new URLSearchParams(''), defaults)).toEqual({
      page: 1,
      per_page: 15,
      search: '',
      sort: 'created_at',
      direction: 'desc',
      filters: {},
    });
  });

  it('reads every part and ignores broken numbers', () => {
    const state = readListState(
      new URLSearchParams('page=3&per_page=abc&search=ana&sort=email&direction=asc&role=partner&other=x'),
      defaults,
    );
    expect(state).toEqual({
      page: 3,
      per_page: 15,
      search: 'ana',
      sort: 'email',
      direction: 'asc',
      filters: { role: 'partner' },
    });
  });

  it('writes only what differs from the defaults and reads it back', () => {
    const state = {
      page: 2,
      per_page: 15,
      search: 'ana',
      sort: 'created_at',
      direction: 'desc' as const,
      filters: { role: 'staff' },
    };
    const written = writeListState(state, defaults);
    expect(written.toString()).toBe('page=2&search=ana&role=staff');
    expect(readListState(written, defaults)).toEqual(state);
  });

  it('sends every part to the endpoint', () => {
    const state = readListState(new URLSearchParams('role=partner'), defaults);
    expect(listQueryOf(state)).toEqual({
      page: 1,
      per_page: 15,
      sort: 'created_at',
      direction: 'desc',
      role: 'partner',
    });
  });
});

describe('the default_per_page setting (issue 12)', () => {
  it('sets the page size of a list that follows it, and a link leaves it out', () => {
    const settled = settleDefaults({ perPage: 'setting', sort: 'name' }, 25);
    expect(settled.perPage).toBe(25);
    const state = readListState(new URLSearchParams(''), settled);
    expect(state.per_page).toBe(25);
    expect(listQueryOf(state).per_page).toBe(25);
    expect(writeListState(state, settled).has('per_page')).toBe(false);
    expect(readListState(new URLSearchParams('per_page=50'), settled).per_page).toBe(50);
  });

  it('leaves a list with its own size alone', () => {
    expect(settleDefaults({ perPage: 15, sort: 'name' }, 25).perPage).toBe(15);
  });
});
