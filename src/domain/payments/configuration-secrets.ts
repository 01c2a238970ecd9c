/**
 * A payment method's configuration (spec 2 §3) holds gateway settings, some of them secret.
 * Secrets never leave the server in clear: replies show a mask, and a save that sends the mask or
 * a blank value keeps the stored secret (docs/decisions/0023).
 */
export type ConfigurationValue = string | number | boolean | null;
export type Configuration = Record<string, ConfigurationValue>;

/** What a stored secret looks like in a reply. */
export const SECRET_MASK = '••••••••';

/** A key named like a secret: secret, password, key, token (any case, any part of the name). */
export function isSecretKey(key: string): boolean {
  return /secret|passw(or)?d|key|token/i.test(key);
}

function isBlank(value: ConfigurationValue | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/**
 * The configuration as a reply shows it, names in alphabetical order (jsonb keeps no order): a
 * stored secret as the mask, an empty one as "".
 */
export function maskConfiguration(stored: Configuration): Configuration {
  const shown: Configuration = {};
  for (const [key, value] of Object.entries(stored).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    shown[key] = isSecretKey(key) ? (isBlank(value) ? '' : SECRET_MASK) : value;
  }
  return shown;
}

/**
 * The configuration to store after a save: the sent keys (a key left out is removed); a secret sent blank or as the mask keeps its stored value.
 */
export function mergeConfiguration(stored: Configuration, sent: Configuration): Configuration {
  const merged: Configuration = {};
  for (const [key, value] of Object.entries(sent)) {
    const keepsStored = isSecretKey(key) && (isBlank(value) || value === SECRET_MASK);
    merged[key] = keepsStored ? (stored[key] ?? '') : value;
  }
  return merged;
}

/** A payment method's code made from its name when left blank: "Bank Transfer" → "bank_transfer". */
export function codeFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
}
