/**
 * The URL of a call to an outside provider, built from the admin-configured base URL and a path
 * of fixed words and encoded ids. The result must stay under the base (same origin, same path
 * prefix): a crafted id can never send the request, or the credentials, anywhere else.
 */
export function providerUrl(baseUrl: string, path: string): URL {
  const base = new URL(baseUrl);
  if (base.protocol !== 'https:' && base.protocol !== 'http:')
    throw new ProviderError('The provider address must be http or https.');
  if (base.username || base.password || base.search || base.hash)
    throw new ProviderError('The provider address may not carry credentials, a query or a fragment.');
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  const url = new URL(`${prefix}${path.replace(/^\/+/, '')}`, base.origin);
  if (url.origin !== base.origin || !url.pathname.startsWith(prefix))
    throw new ProviderError('Refused to call an address outside the configured provider.');
  return url;
}

/** A provider call that failed in a way the admin can act on; routes answer it as a 422. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Default time limit of one provider call. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * One JSON call to a provider with a time limit; network errors, timeouts, non-2xx answers and
 * non-JSON bodies all become a ProviderError with a reason a person can read.
 */
export async function providerJson(
  url: URL,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown; timeoutMs?: number },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? PROVIDER_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new ProviderError(
        `the provider did not answer within ${Math.round((init.timeoutMs ?? PROVIDER_TIMEOUT_MS) / 1000)} seconds`,
      );
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    throw new ProviderError(`the provider could not be reached${cause ? ` (${cause})` : ''}`);
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    if (response.ok)
      throw new ProviderError('the provider answered something that is not JSON', response.status);
  }
  if (!response.ok) {
    throw new ProviderError(
      `the provider answered HTTP ${response.status}${providerMessage(json) ? `: ${providerMessage(json)}` : ''}`,
      response.status,
    );
  }
  return json;
}

/** The error text a provider puts in its body, in the usual places, cut to a readable length. */
function providerMessage(json: unknown): string {
  if (!json || typeof json !== 'object') return '';
  const o = json as Record<string, unknown>;
  const error = o.error;
  const text =
    (typeof o.message === 'string' && o.message) ||
    (typeof error === 'string' && error) ||
    (error && typeof error === 'object' && typeof (error as Record<string, unknown>).message === 'string'
      ? ((error as Record<string, unknown>).message as string)
      : '');
  return text.slice(0, 200);
}
