/**
 * The settings whose value differs from what the server last answered: a save sends only these,
 * so it never overwrites what someone else changed meanwhile in another field.
 */
export function changedValues<T extends Record<string, unknown>>(saved: T, current: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(current) as (keyof T)[]) {
    if (JSON.stringify(current[key]) !== JSON.stringify(saved[key])) changed[key] = current[key];
  }
  return changed;
}
