import type { FieldErrors } from '../../../domain/errors';

/** The words of a refused character (issue 11: NUL bytes and lone surrogates were 500s). */
export const BAD_TEXT_MESSAGE =
  'This text contains a character that is not allowed (a NUL byte or an unpaired surrogate).';

/** NUL, which PostgreSQL text cannot hold, and a UTF-16 surrogate without its pair, which is no character. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasBadCharacter(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** Deeper than any form or JSON body of the shop; what lies below is not looked at (zod refuses it). */
const MAX_DEPTH = 12;

/**
 * Every field of a query string or body holding a refused character, keyed like the 422 field map
 * ("items.0.name"); keys are checked too. Empty when the input is clean.
 */
export function badTextFields(value: unknown, prefix = '', depth = 0): FieldErrors {
  const errors: FieldErrors = {};
  const visit = (item: unknown, path: string, level: number) => {
    if (typeof item === 'string') {
      if (hasBadCharacter(item)) errors[path || 'message'] = [BAD_TEXT_MESSAGE];
      return;
    }
    if (item === null || typeof item !== 'object' || level >= MAX_DEPTH) return;
    if (Buffer.isBuffer(item)) return;
    const entries = Array.isArray(item) ? item.map((v, i) => [String(i), v] as const) : Object.entries(item);
    for (const [key, child] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      if (hasBadCharacter(key)) errors[path || 'message'] = [BAD_TEXT_MESSAGE];
      else visit(child, childPath, level + 1);
    }
  };
  visit(value, prefix, depth);
  return errors;
}
