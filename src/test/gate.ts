/**
 * A promise the test opens by hand: a transaction awaits `opened` while holding its locks, the
 * test does what it wants to race with it, then calls `open()`.
 */
export function gate(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}
