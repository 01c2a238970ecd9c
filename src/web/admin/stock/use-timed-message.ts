import { useCallback, useEffect, useState } from 'react';

/** A message that clears itself after `ms` (spec 2 §9: the stock sheet's success message, 5 s). */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  return {
    message: message?.text ?? null,
    // A new message restarts the clock, even with the same words.
    show: useCallback((text: string) => setMessage({ text, at: Date.now() }), []),
    clear: useCallback(() => setMessage(null), []),
  };
}
