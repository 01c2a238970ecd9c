import { useSearchParams } from 'react-router';

export type TemplateMode = { mode: 'list' } | { mode: 'create' } | { mode: 'edit' | 'preview'; id: number };

/**
 * The template screens' modes (spec 2 §4: create, edit, preview) kept in the address bar
 * (`?mode=edit&id=3`), so reload and back work; other parameters (the tab, the list) stay.
 */
export function useTemplateMode() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('mode');
  const id = Number(params.get('id'));
  const current: TemplateMode =
    raw === 'create'
      ? { mode: 'create' }
      : (raw === 'edit' || raw === 'preview') && Number.isInteger(id) && id > 0
        ? { mode: raw, id }
        : { mode: 'list' };
  const go = (next: TemplateMode) =>
    setParams(() => {
      const written = new URLSearchParams(window.location.search);
      written.delete('mode');
      written.delete('id');
      if (next.mode !== 'list') written.set('mode', next.mode);
      if ('id' in next) written.set('id', String(next.id));
      return written;
    });
  return { current, go };
}
