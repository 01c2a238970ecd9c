import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirmAction } from './confirm';

/**
 * Asks before leaving a form with unsaved changes (spec 2 §4): in-app navigation through a
 * confirmation dialog, closing or reloading the tab through the browser's own prompt. Needs the
 * data router (admin/main.tsx).
 */
export function useUnsavedChangesGuard(isDirty: boolean, message: string): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const current = useRef(blocker);
  current.current = blocker;
  const isBlocked = blocker.state === 'blocked';

  // One dialog per blocked navigation.
  useEffect(() => {
    if (!isBlocked) return;
    confirmAction({ title: 'Leave this page?', message, confirmLabel: 'Leave', danger: true }).then(
      (leave) => {
        const now = current.current;
        if (now.state !== 'blocked') return;
        if (leave) now.proceed();
        else now.reset();
      },
    );
  }, [isBlocked, message]);

  useEffect(() => {
    if (!isDirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their own words, not this one; setting it is what makes them ask.
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [isDirty, message]);
}
