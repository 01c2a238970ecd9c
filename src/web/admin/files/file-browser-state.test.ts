import { describe, expect, it } from 'vitest';
import {
  applyChange,
  DEFAULT_FILE_BROWSER_STATE,
  fileListQueryOf,
  readFileBrowserState,
  writeFileBrowserState,
} from './file-browser-state';

describe('file manager state in the address bar', () => {
  it('reads defaults from an empty query', () => {
    expect(readFileBrowserState(new URLSearchParams(''))).toEqual(DEFAULT_FILE_BROWSER_STATE);
  });

  it('reads every part and ignores values it does not know', () => {
    const state = readFileBrowserState(
      new URLSearchParams(
        'tab=upload&page=3&search=lamp&context=sliders&type=image&sort_by=size&sort_order=asc&view=list',
      ),
    );
    expect(state).toEqual({
      tab: 'upload',
      page: 3,
      search: 'lamp',
      context: 'sliders',
      type: 'image',
      sort_by: 'size',
      sort_order: 'asc',
      view: 'list',
    });
    expect(
      readFileBrowserState(
        new URLSearchParams('tab=x&page=-2&context=moon&type=video&sort_by=mime&sort_order=up&view=tiles'),
      ),
    ).toEqual(DEFAULT_FILE_BROWSER_STATE);
  });

  it('writes only what differs from the defaults and reads it back', () => {
    const state = {
      ...DEFAULT_FILE_BROWSER_STATE,
      page: 2,
      type: 'document' as const,
      view: 'list' as const,
    };
    const written = writeFileBrowserState(state);
    expect(written.toString()).toBe('page=2&type=document&view=list');
    expect(readFileBrowserState(written)).toEqual(state);
  });

  it.each([
    [{ search: 'x' }, 1],
    [{ context: 'products' }, 1],
    [{ type: 'image' as const }, 1],
    [{ sort_by: 'name' as const }, 1],
    [{ sort_order: 'asc' as const }, 1],
    [{ view: 'list' as const }, 4],
    [{ tab: 'upload' as const }, 4],
    [{ search: '' }, 4],
    [{ page: 2 }, 2],
  ])('a change of %j leaves the page at %i', (change, page) => {
    expect(applyChange({ ...DEFAULT_FILE_BROWSER_STATE, page: 4 }, change).page).toBe(page);
  });

  it('sends the endpoint its query without empty filters', () => {
    expect(fileListQueryOf({ ...DEFAULT_FILE_BROWSER_STATE, context: 'documents' })).toEqual({
      page: 1,
      context: 'documents',
      type: undefined,
      sort_by: 'created_at',
      sort_order: 'desc',
      search: undefined,
    });
  });
});
