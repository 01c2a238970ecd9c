import { useCallback, useEffect, useRef, useState } from 'react';
import {
  draftKey,
  draftText,
  type ProductFormValues,
  readDraft,
  sameValues,
} from '../../product-form-values';
import type { ProductForm } from './form-types';

/** spec 2 §9: a draft every 30 s and 2 s after the last change. */
export const DRAFT_EVERY_MS = 30_000;
export const DRAFT_IDLE_MS = 2_000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage may be refused (private modes, policies): the form works without drafts.
    return null;
  }
}

/**
 * The product form's draft in localStorage (spec 2 §4, §9): restored when younger than 24 hours,
 * saved every 30 s and 2 s after the last change while the form differs from what was loaded,
 * cleared after a successful save. `changed` is to be called on every change of the values.
 */
export function useProductDraft(
  form: ProductForm,
  productId: number | null,
  initialValues: ProductFormValues,
) {
  const key = draftKey(productId);
  const [restoredAt, setRestoredAt] = useState<number | null>(null);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopped = useRef(false);
  // The form object is new on each render; the timers read the current one.
  const current = useRef(form);
  current.current = form;

  const save = useCallback(() => {
    if (stopped.current) return;
    const store = storage();
    if (!store) return;
    const latest = current.current;
    if (latest.isDirty()) store.setItem(key, draftText(latest.getValues(), Date.now()));
    else store.removeItem(key);
  }, [key]);

  // Restore once, when the form first shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on the first render of this form
  useEffect(() => {
    const store = storage();
    const stored = store?.getItem(key) ?? null;
    const draft = readDraft(stored, Date.now());
    // A draft that says what was loaded anyway (saved since, or changed and changed back) is dropped.
    if (draft && !sameValues(draft.values, initialValues)) {
      form.setValues(draft.values);
      setRestoredAt(draft.saved_at);
    } else if (stored !== null) {
      store?.removeItem(key);
    }
  }, []);

  useEffect(() => {
    const every = setInterval(save, DRAFT_EVERY_MS);
    return () => clearInterval(every);
  }, [save]);

  // Leaving the page ends the pending idle save with it.
  useEffect(
    () => () => {
      if (idleTimer.current) clearTimeout(idleTimer.current);
    },
    [],
  );

  const changed = useCallback(() => {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(save, DRAFT_IDLE_MS);
  }, [save]);

  /** After a successful save: no draft, and none written by a timer still pending. */
  const clear = useCallback(() => {
    stopped.current = true;
    if (idleTimer.current) clearTimeout(idleTimer.current);
    storage()?.removeItem(key);
    setRestoredAt(null);
  }, [key]);

  /** Throws the draft away and shows the product as loaded. */
  const discard = useCallback(() => {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    storage()?.removeItem(key);
    const latest = current.current;
    latest.setValues(initialValues);
    latest.resetDirty(initialValues);
    latest.clearErrors();
    setRestoredAt(null);
  }, [key, initialValues]);

  return { restoredAt, changed, clear, discard };
}
