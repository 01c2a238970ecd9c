import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useUiSettings } from '../../lib/ui-settings';

export type ListState = {
  page: number;
  per_page: number;
  search: string;
  sort: string;
  direction: 'asc' | 'desc';
  filters: Record<string, string>;
};

export type ListDefaults = {
  /** A number, or 'setting': the system setting default_per_page (the "most lists" size, 10 at first). */
  perPage: number | 'setting';
  sort: string;
  direction?: 'asc' | 'desc';
  /** Filter names kept in the address bar besides the standard ones. */
  filters?: readonly string[];
};

const STANDARD = ['page', 'per_page', 'search', 'sort', 'direction'];

/** The defaults with the page size settled. */
export type SettledDefaults = Omit<ListDefaults, 'perPage'> & { perPage: number };

/** Settles a list's page size: its own, or the shop's default_per_page setting. */
export function settleDefaults(defaults: ListDefaults, defaultPerPage: number): SettledDefaults {
  return { ...defaults, perPage: defaults.perPage === 'setting' ? defaultPerPage : defaults.perPage };
}

/** Reads a list's state from a query string, with defaults for what is missing or broken. */
export function readListState(params: URLSearchParams, defaults: SettledDefaults): ListState {
  const int = (key: string, fallback: number) => {
    const value = Number(params.get(key));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const direction = params.get('direction');
  const filters: Record<string, string> = {};
  for (const name of defaults.filters ?? []) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return {
    page: int('page', 1),
    per_page: int('per_page', defaults.perPage),
    search: params.get('search') ?? '',
    sort: params.get('sort') ?? defaults.sort,
    direction: direction === 'asc' || direction === 'desc' ? direction : (defaults.direction ?? 'asc'),
    filters,
  };
}

/** Writes a list's state as a query string, leaving out defaults so links stay short. */
export function writeListState(state: ListState, defaults: SettledDefaults): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.per_page !== defaults.perPage) params.set('per_page', String(state.per_page));
  if (state.search) params.set('search', state.search);
  if (state.sort !== defaults.sort) params.set('sort', state.sort);
  if (state.direction !== (defaults.direction ?? 'asc')) params.set('direction', state.direction);
  for (const [key, value] of Object.entries(state.filters)) if (value) params.set(key, value);
  return params;
}

/** The query a list sends to its endpoint: every part, defaults included. */
export function listQueryOf(state: ListState): Record<string, string | number> {
  const query: Record<string, string | number> = {
    page: state.page,
    per_page: state.per_page,
    sort: state.sort,
    direction: state.direction,
    ...state.filters,
  };
  if (state.search) query.search = state.search;
  return query;
}

/**
 * A list's page, per_page, search, filters and sort kept in the address bar (spec 1 §2), so a
 * reload, the back button or a shared link shows the same list. Changing the search, a filter, the
 * sort or the page size goes back to page 1.
 */
export function useListState(listDefaults: ListDefaults) {
  const [params, setParams] = useSearchParams();
  const { default_per_page } = useUiSettings();
  const defaults = settleDefaults(listDefaults, default_per_page);
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are constants of the page but the setting
  const state = useMemo(() => readListState(params, defaults), [params, defaults.perPage]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are constants of the page
  const update = useCallback(
    (change: Partial<ListState>) => {
      setParams(
        () => {
          // The address bar itself, not the last render's copy: two changes made before React
          // renders again (clear the search, then pick a filter) must both be kept.
          const current = new URLSearchParams(window.location.search);
          const prev = readListState(current, defaults);
          const resetsPage = ['search', 'filters', 'sort', 'direction', 'per_page'].some((k) => k in change);
          const next: ListState = {
            ...prev,
            ...change,
            filters: change.filters ?? prev.filters,
            page: change.page ?? (resetsPage ? 1 : prev.page),
          };
          // Keep unrelated query parameters (e.g. a tab) as they are.
          const written = writeListState(next, defaults);
          for (const [key, value] of current) {
            if (!STANDARD.includes(key) && !(defaults.filters ?? []).includes(key)) written.set(key, value);
          }
          return written;
        },
        { replace: false },
      );
    },
    [setParams, defaults.perPage],
  );

  return {
    state,
    setPage: (page: number) => update({ page }),
    setPerPage: (per_page: number) => update({ per_page }),
    setSearch: (search: string) => update({ search }),
    setFilter: (name: string, value: string | null) => {
      const filters = { ...state.filters };
      if (value) filters[name] = value;
      else delete filters[name];
      update({ filters });
    },
    /** A click on a column header: that column ascending, or the other direction when it is already sorted by it. */
    toggleSort: (column: string) =>
      update({
        sort: column,
        direction: state.sort === column && state.direction === 'asc' ? 'desc' : 'asc',
      }),
    query: listQueryOf(state),
  };
}
