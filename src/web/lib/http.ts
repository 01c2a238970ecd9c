/**
 * The one HTTP client of the browser (spec 1 §4, §7): XHR marker, JSON, cookies, the CSRF token
 * from the page's meta tag. 419 goes to /login silently; 401 "Session expired" or
 * "Unauthenticated." goes to /login; every other error is thrown to the caller as HttpError.
 */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** The first message of a field, or of any field. */
  firstError(field?: string): string | undefined {
    if (field) return this.errors[field]?.[0];
    return Object.values(this.errors)[0]?.[0];
  }
}

/** The token given by the server when the page has no meta tag to keep it in. */
let csrfOverride: string | null = null;

/** The page's CSRF token: its meta tag (which setCsrfToken updates), else the one last given. */
export function csrfToken(): string {
  const meta =
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  return meta?.content || csrfOverride || '';
}

/** After sign-in or a role switch the server gives a new token (DECISIONS 26). */
export function setCsrfToken(token: string): void {
  csrfOverride = token;
  const meta =
    typeof document !== 'undefined'
      ? document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')
      : null;
  if (meta) meta.content = token;
}

export const SESSION_MESSAGES = ['Session expired', 'Unauthenticated.', 'Unauthenticated'];

export function loginUrl(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return `/login?redirect=${encodeURIComponent(here)}`;
}

/** Where the browser is sent; tests replace it. */
export const navigation = {
  /**
   * Set while signing out: a request that fails meanwhile because the session has ended goes to
   * plain /login like the sign-out itself, not to /login?redirect= of the page being left.
   */
  leaving: false,
  assign(url: string) {
    window.location.assign(url);
  },
};

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** e.g. Idempotency-Key (DECISIONS 25). */
  headers?: Record<string, string>;
};

export function withQuery(url: string, query?: Options['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function headers(body: unknown): Record<string, string> {
  const h: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  const token = csrfToken();
  if (token) h['X-CSRF-TOKEN'] = token;
  if (body !== undefined && !(body instanceof FormData)) h['Content-Type'] = 'application/json';
  return h;
}

/** What happens on a failed reply: redirect for 419/401, else an HttpError for the caller. */
export async function failure(status: number, body: unknown): Promise<never> {
  const message = (body as { message?: string } | null)?.message ?? `HTTP ${status}`;
  if (status === 419 || (status === 401 && SESSION_MESSAGES.includes(message))) {
    navigation.assign(status === 419 || navigation.leaving ? '/login' : loginUrl());
    // The page is leaving; keep callers from showing an error meanwhile.
    return new Promise<never>(() => {});
  }
  throw new HttpError(status, message, (body as { errors?: FieldErrors } | null)?.errors ?? {}, body);
}

export async function request<T>(url: string, options: Options = {}): Promise<T> {
  const { method = 'GET', body, query, signal, headers: extra } = options;
  const response = await fetch(withQuery(url, query), {
    method,
    credentials: 'same-origin',
    headers: { ...headers(body), ...extra },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { message: text.slice(0, 200) };
  }
  if (!response.ok) return failure(response.status, parsed);
  return parsed as T;
}

/** Ends the session and goes where the server says (spec 3 §4 logout). */
export async function signOut(): Promise<void> {
  navigation.leaving = true;
  try {
    const reply = await http.post<{ redirect_url: string }>('/logout');
    navigation.assign(reply.redirect_url);
  } catch (error) {
    navigation.leaving = false;
    throw error;
  }
}

/** A fresh Idempotency-Key for one intended action (DECISIONS 25): keep it across retries. */
export function newIdempotencyKey(): string {
  // getRandomValues, unlike randomUUID, also works on plain-http pages (a shop's LAN address).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const http = {
  get: <T>(url: string, query?: Options['query'], signal?: AbortSignal) => request<T>(url, { query, signal }),
  post: <T>(url: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>(url, { method: 'POST', body, headers }),
  put: <T>(url: string, body?: unknown) => request<T>(url, { method: 'PUT', body }),
  patch: <T>(url: string, body?: unknown) => request<T>(url, { method: 'PATCH', body }),
  delete: <T>(url: string, body?: unknown) => request<T>(url, { method: 'DELETE', body }),
};
