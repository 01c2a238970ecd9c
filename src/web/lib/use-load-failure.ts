import { useEffect } from 'react';
import { notifyError } from '../ui/notify';

/** spec 1 §8 "List load": the words when a list a form needs cannot be read. */
export const LOAD_FAILED_MESSAGE = 'Failed to load data. Please try again.';

/**
 * Says so (a toast, once per failure) when reference data a screen needs could not be loaded, so
 * an empty picker never looks like "there is nothing to choose" (issue 12).
 */
export function useLoadFailure(isError: boolean, message: string = LOAD_FAILED_MESSAGE): void {
  useEffect(() => {
    if (isError) notifyError(message);
  }, [isError, message]);
}
