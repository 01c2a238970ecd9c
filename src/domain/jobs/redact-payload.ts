/** What a redacted payload value shows instead of the secret. */
export const REDACTED = '[redacted]';

/**
 * Key names that hold a secret, whatever the job: a link's token, an SMS code, a password, an API
 * key or signature. Matched on the key's words (`resetToken`, `otp_code`, `smtp_password`).
 */
const SECRET_KEY = /token|code|otp|password|passwd|secret|signature|api[-_]?key|authorization|cookie/i;

/**
 * A failed job's payload as the admin screen shows it (docs/decisions/0073): every value under a
 * secret-looking key replaced, nested objects and lists included. The job's own `secretKeys` were
 * already removed from the row when it failed; this also covers keys a job did not declare.
 */
export function redactPayload(value: unknown, key = ''): unknown {
  if (key && SECRET_KEY.test(key)) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactPayload(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactPayload(v, k)]));
  }
  return value;
}
