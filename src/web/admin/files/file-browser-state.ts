import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FILE_SORTS, type FileSort } from '../../../contracts/files';
import { FILE_CONTEXTS, FILE_KINDS, type FileKind } from '../../../domain/files/file-rules';

/**
 * What the file manager shows: tab, page, search, filters, sort and view. On the page it lives in
 * the address bar (spec 1 §2: reload, back and shared links show the same list); in the picker
 * modal it lives in component state.
 */
export type FileBrowserState = {
  tab: 'files' | 'upload';
  page: number;
  search: string;
  context: string;
  type: FileKind | '';
  sort_by: FileSort;
  sort_order: 'asc' | 'desc';
  view: 'grid' | 'list';
};

export type FileBrowserChange = Partial<FileBrowserState>;

export const DEFAULT_FILE_BROWSER_STATE: FileBrowserState = {
  tab: 'files',
  page: 1,
  search: '',
  context: '',
  type: '',
  sort_by: 'created_at',
  sort_order: 'desc',
  view: 'grid',
};

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

export function readFileBrowserState(params: URLSearchParams): FileBrowserState {
  const page = Number(params.get('page'));
  const d = DEFAULT_FILE_BROWSER_STATE;
  return {
    tab: oneOf(params.get('tab'), ['files', 'upload'] as const, d.tab),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    search: params.get('search') ?? '',
    context: oneOf(params.get('context'), ['', ...FILE_CONTEXTS], ''),
    type: oneOf(params.get('type'), ['', ...FILE_KINDS] as const, ''),
    sort_by: oneOf(params.get('sort_by'), FILE_SORTS, d.sort_by),
    sort_order: oneOf(params.get('sort_order'), ['asc', 'desc'] as const, d.sort_order),
    view: oneOf(params.get('view'), ['grid', 'list'] as const, d.view),
  };
}

/** Only what differs from the defaults, so links stay short. */
export function writeFileBrowserState(state: FileBrowserState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_FILE_BROWSER_STATE) as (keyof FileBrowserState)[]) {
    if (state[key] !== DEFAULT_FILE_BROWSER_STATE[key]) params.set(key, String(state[key]));
  }
  return params;
}

/** A change to the search, a filter or the sort goes back to page 1. */
export function applyChange(state: FileBrowserState, change: FileBrowserChange): FileBrowserState {
  const resetsPage = (['search', 'context', 'type', 'sort_by', 'sort_order'] as const).some(
    (key) => key in change && change[key] !== state[key],
  );
  return { ...state, ...change, page: change.page ?? (resetsPage ? 1 : state.page) };
}

/** The query GET /admin/file-manager takes (spec 1 §7 Files). */
export function fileListQueryOf(state: FileBrowserState) {
  return {
    page: state.page,
    context: state.context || undefined,
    type: state.type || undefined,
    sort_by: state.sort_by,
    sort_order: state.sort_order,
    search: state.search || undefined,
  };
}
export type FileListParams = ReturnType<typeof fileListQueryOf>;

export type FileBrowser = { state: FileBrowserState; change: (change: FileBrowserChange) => void };

/** The page's file manager state, in the address bar. */
export function useUrlFileBrowser(): FileBrowser {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readFileBrowserState(params), [params]);
  const change = useCallback(
    (change: FileBrowserChange) =>
      setParams((current) => writeFileBrowserState(applyChange(readFileBrowserState(current), change))),
    [setParams],
  );
  return { state, change };
}

/** The picker modal's file manager state, in the component. */
export function useLocalFileBrowser(initial: FileBrowserChange = {}): FileBrowser & { reset: () => void } {
  const start = { ...DEFAULT_FILE_BROWSER_STATE, ...initial };
  const [state, setState] = useState<FileBrowserState>(start);
  const change = useCallback((change: FileBrowserChange) => setState((s) => applyChange(s, change)), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: start is rebuilt from the same props
  const reset = useCallback(() => setState(start), [JSON.stringify(start)]);
  return { state, change, reset };
}
