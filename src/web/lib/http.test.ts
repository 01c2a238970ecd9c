// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, http, navigation, newIdempotencyKey, setCsrfToken, signOut } from './http';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let assigned: string[];

function reply(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(body === null ? '' : JSON.stringify(body), { status });
    }),
  );
}

beforeEach(() => {
  calls = [];
  assigned = [];
  document.head.innerHTML = '<meta name="csrf-token" content="token-from-page">';
  window.history.replaceState(null, '', '/admin/users?page=2');
  navigation.leaving = false;
  vi.spyOn(navigation, 'assign').mockImplementation((url: string) => {
    assigned.push(url);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the HTTP client', () => {
  it('sends the XHR marker, JSON, cookies and the page CSRF token', async () => {
    reply(200, { ok: true });
    const result = await http.post<{ ok: boolean }>('/admin/users', { name: 'Ana' });
    expect(result).toEqual({ ok: true });
    const { init } = calls[0]!;
    const headers = init.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers.Accept).toBe('application/json');
    expect(headers['X-CSRF-TOKEN']).toBe('token-from-page');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"name":"Ana"}');
  });

  it('puts the query in the address, leaving out empty values', async () => {
    reply(200, {});
    await http.get('/api/users', { page: 2, search: '', role: 'partner', x: undefined });
    expect(calls[0]!.url).toBe('/api/users?page=2&role=partner');
  });

  it('uses a new token after sign-in or a role switch', async () => {
    reply(200, {});
    setCsrfToken('rotated');
    await http.post('/api/user/roles/switch', { role: 'partner' });
    expect((calls[0]!.init.headers as Record<string, string>)['X-CSRF-TOKEN']).toBe('rotated');
    expect(document.querySelector('meta[name="csrf-token"]')?.getAttribute('content')).toBe('rotated');
  });

  it('sends 419 to /login silently', async () => {
    reply(419, { message: 'CSRF token mismatch.' });
    let settled = false;
    http.post('/x', {}).finally(() => {
      settled = true;
    });
    await settle();
    expect(assigned).toEqual(['/login']);
    expect(settled).toBe(false);
  });

  it.each(['Session expired', 'Unauthenticated.'])(
    'sends 401 "%s" to /login with the way back',
    async (message) => {
      reply(401, { message });
      void http.get('/api/users');
      await settle();
      expect(assigned).toEqual(['/login?redirect=%2Fadmin%2Fusers%3Fpage%3D2']);
    },
  );

  it('signs out to where the server says', async () => {
    reply(200, { redirect_url: '/login' });
    await signOut();
    expect(calls[0]!.url).toBe('/logout');
    expect(assigned).toEqual(['/login']);
  });

  it('while signing out, a request failing on the ended session goes to plain /login too', async () => {
    navigation.leaving = true;
    reply(401, { message: 'Unauthenticated.' });
    void http.get('/api/users');
    await settle();
    expect(assigned).toEqual(['/login']);
  });

  it('a failed sign-out keeps the page and lets later session redirects carry the way back', async () => {
    reply(500, { message: 'Server Error' });
    await expect(signOut()).rejects.toBeInstanceOf(HttpError);
    expect(navigation.leaving).toBe(false);
    reply(401, { message: 'Session expired' });
    void http.get('/api/users');
    await settle();
    expect(assigned).toEqual(['/login?redirect=%2Fadmin%2Fusers%3Fpage%3D2']);
  });

  it('sends extra headers such as an Idempotency-Key, and makes a new key each time', async () => {
    reply(200, { ok: true });
    const key = newIdempotencyKey();
    await http.post('/admin/orders/1/add-payment', { amount: 1 }, { 'Idempotency-Key': key });
    expect((calls[0]!.init.headers as Record<string, string>)['Idempotency-Key']).toBe(key);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('passes every other error to the caller with its field errors', async () => {
    reply(422, {
      message: 'Please select at least one role',
      errors: { roles: ['Please select at least one role'] },
    });
    const error = await http.post('/admin/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).firstError('roles')).toBe('Please select at least one role');
    reply(403, { message: 'This action is unauthorized.' });
    const forbidden = await http.get('/api/users').catch((e: unknown) => e);
    expect((forbidden as HttpError).status).toBe(403);
    reply(401, { message: 'Something else' });
    expect(((await http.get('/api/users').catch((e: unknown) => e)) as HttpError).status).toBe(401);
    expect(assigned).toEqual([]);
  });
});
