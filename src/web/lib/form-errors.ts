import { HttpError } from './http';

/** Field errors of a 422 as a form's errors: the first message of each field. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof HttpError) || error.status !== 422) return null;
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    // "roles.0" belongs to the roles field.
    const key = field.split('.')[0]!;
    if (messages[0] && !result[key]) result[key] = messages[0];
  }
  return result;
}

/**
 * The text to toast for a failed call: the server's message, else the fallback. A 5xx says nothing
 * the user can act on, except 503, the shop's "busy, try again" (docs/decisions/0089).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof HttpError)
    return error.status >= 500 && error.status !== 503 ? fallback : error.message || fallback;
  return fallback;
}
