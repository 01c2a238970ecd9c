/** The error codes the whole system speaks; the HTTP platform maps each to one status. */
export type ErrorCode =
  | 'validation'
  | 'csrf'
  | 'unauthenticated'
  | 'session_expired'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large';

/** Field name → messages, as the 422 reply carries them. */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 422 whose message is the first field message, the way the spec's forms show it. */
export function validationError(errors: FieldErrors, message?: string): AppError {
  const first = Object.values(errors).find((list) => list.length > 0)?.[0];
  return new AppError('validation', message ?? first ?? 'The given data was invalid.', errors);
}

export function fieldError(field: string, message: string): AppError {
  return validationError({ [field]: [message] });
}

/** Collects field errors in order, one list per field. */
export function addFieldError(errors: FieldErrors, field: string, message: string): void {
  const list = errors[field] ?? [];
  list.push(message);
  errors[field] = list;
}
