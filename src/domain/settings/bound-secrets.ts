/**
 * A stored secret (password, API key, token) belongs to the place it is sent to: the settings that
 * say where it goes (host, port, user name, endpoint URL). When a save moves any of those, the old
 * secret would be sent to the new place, which turns a write-only secret into a readable one, so
 * it is cleared unless the same save enters a secret again (docs/decisions/0036-bound-secrets.md).
 */
export type SecretBinding = {
  /** The write-only setting. */
  readonly secret: string;
  /** The settings that say where the secret is sent. */
  readonly destination: readonly string[];
};

type Values = Readonly<Record<string, unknown>>;

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || a === null || b === undefined || b === null) return false;
  return String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
}

/** Whether the changes move any setting that says where the secret goes (the screens warn with it). */
export function destinationMoved(stored: Values, changes: Values, binding: SecretBinding): boolean {
  return binding.destination.some(
    (key) => Object.hasOwn(changes, key) && !sameValue(stored[key], changes[key]),
  );
}

/**
 * The secrets a save must clear: those whose destination changes while the save does not bring a
 * new secret. `changes` holds only what the save writes (a secret left empty to keep it is absent).
 */
export function secretsToClear(
  stored: Values,
  changes: Values,
  bindings: readonly SecretBinding[],
): string[] {
  const cleared: string[] = [];
  for (const { secret, destination } of bindings) {
    const given = changes[secret];
    if (typeof given === 'string' && given !== '') continue;
    if (stored[secret] === '' || stored[secret] === undefined) continue;
    if (destinationMoved(stored, changes, { secret, destination })) cleared.push(secret);
  }
  return cleared;
}

/** The save with the secrets whose destination moved set to empty. */
export function clearMovedSecrets<T extends Values>(
  stored: Values,
  changes: T,
  bindings: readonly SecretBinding[],
): T {
  const cleared = secretsToClear(stored, changes, bindings);
  if (cleared.length === 0) return changes;
  return { ...changes, ...Object.fromEntries(cleared.map((key) => [key, ''])) };
}
