import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contracts/accounts';
import { createUser, TEST_PASSWORD } from '../../../test/factories';
import { Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { users } from '../../platform/auth/auth.tables';
import { jobs } from '../../platform/jobs/jobs.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /login', () => {
  it('signs in, rotates the session and lands on the role dashboard', async () => {
    const user = await createUser(t.ctx.db, { roles: ['admin'] });
    const agent = t.agent();
    await agent.visit();
    const guestCookie = agent.cookies.get('emporium_session');
    const guestToken = agent.csrfToken;
    const response = await agent.post('/login', { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ redirect_url: '/dashboard', active_role: 'admin' });
    expect(agent.cookies.get('emporium_session')).not.toBe(guestCookie);
    expect(response.json().csrf_token).not.toBe(guestToken);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');

    agent.csrfToken = response.json().csrf_token;
    const status = await agent.get('/api/auth/status');
    expect(status.json().data).toMatchObject({
      authenticated: true,
      user: { email: user.email, active_role: 'admin' },
    });
  });

  it('keeps the old session id from working after sign-in', async () => {
    const user = await createUser(t.ctx.db, { roles: ['customer'] });
    const agent = t.agent();
    await agent.visit();
    const guest = new Agent(t.app);
    guest.cookies = new Map(agent.cookies);
    await agent.signIn(user.email);
    const replay = await guest.get('/api/user');
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a wrong password with the same words as an unknown e-mail', async () => {
    const user = await createUser(t.ctx.db);
    const agent = t.agent();
    const wrong = await agent.signIn(user.email, 'not-the-password');
    const unknown = await agent.signIn('nobody@example.test', 'whatever-password');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: AUTH_MESSAGES.failed,
        errors: { email: [AUTH_MESSAGES.failed] },
      });
    }
  });

  it('answers 422 with the spec words when fields are missing', async () => {
    const agent = t.agent();
    await agent.visit();
    const response = await agent.post('/login', {});
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
  });

  it.each([
    ['suspended', AUTH_MESSAGES.suspended],
    ['closed', AUTH_MESSAGES.closed],
  ])('refuses a %s account', async (status, message) => {
    const user = await createUser(t.ctx.db, { accountStatus: status });
    const response = await t.agent().signIn(user.email);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual([message]);
  });

  it('answers 419 without a CSRF token', async () => {
    const user = await createUser(t.ctx.db);
    const agent = t.agent();
    await agent.visit();
    const response = await agent.request({
      method: 'POST',
      url: '/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      csrf: false,
    });
    expect(response.statusCode).toBe(419);
  });

  it('accepts the token as _token in a classic form post and redirects', async () => {
    const user = await createUser(t.ctx.db, {
      roles: ['partner', 'customer'],
      userType: 'company',
      companyName: 'Acme',
    });
    const agent = t.agent();
    await agent.visit();
    const form = new URLSearchParams({
      email: user.email,
      password: TEST_PASSWORD,
      _token: agent.csrfToken,
    }).toString();
    const response = await agent.request({
      method: 'POST',
      url: '/login',
      payload: form,
      csrf: false,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        'x-requested-with': '',
      },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/customer/dashboard');
  });

  it('follows a same-site redirect only', async () => {
    const user = await createUser(t.ctx.db, { roles: ['admin'] });
    const agent = t.agent();
    await agent.visit();
    const local = await agent.post('/login', {
      email: user.email,
      password: TEST_PASSWORD,
      redirect: '/admin/users',
    });
    expect(local.json().redirect_url).toBe('/admin/users');
    const other = t.agent();
    await other.visit();
    const foreign = await other.post('/login', {
      email: user.email,
      password: TEST_PASSWORD,
      redirect: '//evil.test/x',
    });
    expect(foreign.json().redirect_url).toBe('/dashboard');
  });

  const HOSTILE_REDIRECTS = [
    '/\t/evil.example/',
    '/\n/evil.example/',
    '/\r\n/evil.example/',
    '/dashboard\r\nSet-Cookie: taken=1',
    '/\\evil.example',
    '\\\\evil.example',
    '//evil.example',
    '/%09/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ];

  it.each(HOSTILE_REDIRECTS)(
    'never sends the JSON sign-in to %j: the dashboard instead',
    async (redirect) => {
      const user = await createUser(t.ctx.db, { roles: ['admin'] });
      const agent = t.agent();
      await agent.visit();
      const response = await agent.post('/login', { email: user.email, password: TEST_PASSWORD, redirect });
      expect(response.statusCode).toBe(200);
      expect(response.json().redirect_url).toBe('/dashboard');
    },
  );

  it.each(HOSTILE_REDIRECTS)(
    'signs the form post in and goes to the dashboard for %j (was a 500 for CR/LF)',
    async (redirect) => {
      const user = await createUser(t.ctx.db, { roles: ['admin'] });
      const agent = t.agent();
      await agent.visit();
      const response = await agent.request({
        method: 'POST',
        url: '/login',
        payload: new URLSearchParams({
          email: user.email,
          password: TEST_PASSWORD,
          _token: agent.csrfToken,
          redirect,
        }).toString(),
        csrf: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'text/html',
          'x-requested-with': '',
        },
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/dashboard');
      expect(response.headers['set-cookie']).toBeDefined();
      expect(String(response.headers['set-cookie'])).not.toContain('taken=');
      expect((await agent.get('/api/user')).statusCode).toBe(200);
    },
  );

  it.each(HOSTILE_REDIRECTS)('does not hand %j to the sign-in page’s form', async (redirect) => {
    const page = await t.agent().visit(`/login?redirect=${encodeURIComponent(redirect)}`);
    expect(page.statusCode).toBe(200);
    const data = JSON.parse(
      /<script type="application\/json" id="shop-data">(.*?)<\/script>/s.exec(page.body)![1]!,
    );
    expect(data.props.redirect).toBeNull();
  });

  it('hands a same-site path to the sign-in page’s form', async () => {
    const page = await t.agent().visit(`/login?redirect=${encodeURIComponent('/admin/orders?page=2')}`);
    const data = JSON.parse(
      /<script type="application\/json" id="shop-data">(.*?)<\/script>/s.exec(page.body)![1]!,
    );
    expect(data.props.redirect).toBe('/admin/orders?page=2');
  });

  it('limits failed attempts per account and counts them atomically', async () => {
    const user = await createUser(t.ctx.db);
    const agents = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const a = t.agent();
        await a.visit();
        return a;
      }),
    );
    const responses = await Promise.all(
      agents.map((a) => a.post('/login', { email: user.email, password: 'wrong-password' })),
    );
    const throttled = responses.filter((r) => r.statusCode === 429);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(5);
    expect(throttled).toHaveLength(3);
    expect(throttled[0]!.json().message).toMatch(
      /^Too many login attempts\. Please try again in \d+ seconds\.$/,
    );
    expect(throttled[0]!.headers['retry-after']).toBeDefined();
    // Even the right password waits until the window passes.
    const right = await agents[0]!.post('/login', { email: user.email, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(429);
    t.advance(16 * 60 * 1000);
    const later = await agents[0]!.post('/login', { email: user.email, password: TEST_PASSWORD });
    expect(later.statusCode).toBe(200);
  });

  it('limits failed attempts per IP across accounts', async () => {
    const agent = t.agent();
    await agent.visit();
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const response = await agent.request({
        method: 'POST',
        url: '/login',
        payload: { email: `ghost${i}@example.test`, password: 'whatever-password' },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe('sessions', () => {
  it('expires an idle session and says so', async () => {
    const agent = await t.signedIn(['admin']);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    t.advance(121 * 60 * 1000);
    const expired = await agent.get('/api/user');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'Session expired' });
  });

  it('keeps a remembered session for 30 days', async () => {
    const user = await createUser(t.ctx.db, { roles: ['customer'] });
    const agent = t.agent();
    await agent.visit();
    const response = await agent.post('/login', {
      email: user.email,
      password: TEST_PASSWORD,
      remember: true,
    });
    agent.csrfToken = response.json().csrf_token;
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=2592000/);
    t.advance(29 * 24 * 60 * 60 * 1000);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    t.advance(31 * 24 * 60 * 60 * 1000);
    expect((await agent.get('/api/user')).json()).toEqual({ message: 'Session expired' });
  });

  it('says Unauthenticated. without a session', async () => {
    const response = await t.agent().get('/api/user');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('ends at once when the account is suspended', async () => {
    const agent = await t.signedIn(['customer']);
    await t.ctx.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, agent.user.id));
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });

  it('is accepted by a second app instance on the same database', async () => {
    const agent = await t.signedIn(['admin']);
    const second = await buildApp({ config: t.ctx.config, database: t.database });
    await second.app.ready();
    try {
      const other = new Agent(second.app);
      other.cookies = new Map(agent.cookies);
      other.csrfToken = agent.csrfToken;
      const response = await other.get('/api/user');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.email).toBe(agent.user.email);
      // And a write through the second instance passes its CSRF check too.
      const logout = await other.post('/logout');
      expect(logout.statusCode).toBe(200);
      expect((await agent.get('/api/user')).statusCode).toBe(401);
    } finally {
      await second.app.close();
    }
  });
});

describe('POST /logout', () => {
  it('destroys the session', async () => {
    const agent = await t.signedIn(['customer']);
    const cookie = agent.cookies.get('emporium_session');
    const response = await agent.post('/logout');
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.signedOut, redirect_url: '/login' });
    const replay = new Agent(t.app);
    replay.cookies.set('emporium_session', cookie!);
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  it('needs the CSRF token', async () => {
    const agent = await t.signedIn(['customer']);
    const response = await agent.request({ method: 'POST', url: '/logout', csrf: false });
    expect(response.statusCode).toBe(419);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
  });
});

describe('POST /register', () => {
  it('creates a customer and signs them in', async () => {
    const agent = t.agent();
    await agent.visit('/register');
    const response = await agent.post('/register', {
      user_type: 'individual',
      first_name: 'Nina',
      last_name: 'New',
      email: 'Nina.New@example.test',
      password: 'long-enough-password',
      password_confirmation: 'long-enough-password',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().redirect_url).toBe('/customer/dashboard');
    const roles = await agent.get('/api/user/roles');
    expect(roles.json()).toMatchObject({ roles: ['customer'], active_role: 'customer' });
    expect((await agent.get('/api/user')).json().data.email).toBe('nina.new@example.test');
  });

  it('registers a company and clears nothing it needs', async () => {
    const agent = t.agent();
    await agent.visit('/register');
    const response = await agent.post('/register', {
      user_type: 'company',
      company_name: 'Blue Bay Ltd',
      vat_number: 'VAT-9',
      email: 'office@bluebay.test',
      password: 'long-enough-password',
      password_confirmation: 'long-enough-password',
    });
    expect(response.statusCode).toBe(200);
    const user = (await agent.get('/api/user')).json().data;
    expect(user).toMatchObject({ user_type: 'company', company_name: 'Blue Bay Ltd', vat_number: 'VAT-9' });
  });

  it('answers 422 with the spec words', async () => {
    const existing = await createUser(t.ctx.db);
    const agent = t.agent();
    await agent.visit('/register');
    const company = await agent.post('/register', {
      user_type: 'company',
      email: 'x@example.test',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(company.statusCode).toBe(422);
    expect(company.json().errors).toMatchObject({
      company_name: ['Company name is required for company users'],
      password: [AUTH_MESSAGES.passwordMin],
      password_confirmation: [AUTH_MESSAGES.passwordConfirmation],
    });
    const individual = await agent.post('/register', {
      user_type: 'individual',
      email: 'not-an-email',
      password: 'long-enough-password',
      password_confirmation: 'long-enough-password',
    });
    expect(individual.json().errors).toMatchObject({
      first_name: ['First name is required for individual users'],
      last_name: ['Last name is required for individual users'],
      email: ['Please enter a valid email address'],
    });
    const taken = await agent.post('/register', {
      first_name: 'A',
      last_name: 'B',
      email: existing.email,
      password: 'long-enough-password',
      password_confirmation: 'long-enough-password',
    });
    expect(taken.json().errors).toEqual({ email: [AUTH_MESSAGES.emailTaken] });
  });
});

describe('forgot and reset password', () => {
  async function lastMailTo(email: string): Promise<string> {
    await t.runDueJobs();
    const dir = path.join(t.dataDir, 'mail');
    const files = (await fs.readdir(dir)).filter((f) => f.includes(email)).sort();
    return fs.readFile(path.join(dir, files[files.length - 1]!), 'utf8');
  }

  function linkIn(mail: string): { token: string; url: string } {
    const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /(http:\/\/[^\s]+\/reset-password\/([A-Za-z0-9_-]+)\?email=[^\s]+)/.exec(unfolded);
    if (!match) throw new Error(`no link in ${mail}`);
    return { url: match[1]!, token: match[2]! };
  }

  it('answers the same for known and unknown e-mails and mails a single-use link', async () => {
    const user = await createUser(t.ctx.db);
    const agent = t.agent();
    await agent.visit('/forgot-password');
    const known = await agent.post('/forgot-password', { email: user.email });
    const unknown = await agent.post('/forgot-password', { email: 'ghost@example.test' });
    expect(known.json()).toEqual({ message: AUTH_MESSAGES.resetLinkSent });
    expect(unknown.json()).toEqual(known.json());
    // The reply only queued the e-mail (docs/decisions/0046); the job sends it.
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'accounts.password-reset-mail'));
    expect(queued.map((j) => [j.status, j.payload.to])).toEqual([['queued', user.email]]);

    const { token, url } = linkIn(await lastMailTo(user.email));
    const page = await t.agent().visit(new URL(url).pathname + new URL(url).search);
    expect(page.statusCode).toBe(200);

    const signedIn = await t.signedIn(['customer'], { email: `other-${user.email}` });
    void signedIn;
    const reset = await agent.post('/reset-password', {
      token,
      email: user.email,
      password: 'a-brand-new-password',
      password_confirmation: 'a-brand-new-password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.agent().signIn(user.email, 'a-brand-new-password')).statusCode).toBe(200);
    const again = await agent.post('/reset-password', {
      token,
      email: user.email,
      password: 'yet-another-password',
      password_confirmation: 'yet-another-password',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual([AUTH_MESSAGES.resetInvalid]);
  });

  it('refuses an expired link and ends the old sessions on success', async () => {
    const user = await createUser(t.ctx.db);
    const session = t.agent();
    await session.signIn(user.email);
    const agent = t.agent();
    await agent.visit('/forgot-password');
    await agent.post('/forgot-password', { email: user.email });
    const { token } = linkIn(await lastMailTo(user.email));
    t.advance(61 * 60 * 1000);
    const late = await agent.post('/reset-password', {
      token,
      email: user.email,
      password: 'a-brand-new-password',
      password_confirmation: 'a-brand-new-password',
    });
    expect(late.statusCode).toBe(422);

    await agent.post('/forgot-password', { email: user.email });
    const fresh = linkIn(await lastMailTo(user.email));
    const ok = await agent.post('/reset-password', {
      token: fresh.token,
      email: user.email,
      password: 'a-brand-new-password',
      password_confirmation: 'a-brand-new-password',
    });
    expect(ok.statusCode).toBe(200);
    expect((await session.get('/api/user')).statusCode).toBe(401);
  });

  it('rate-limits requests per IP', async () => {
    const agent = t.agent();
    await agent.visit('/forgot-password');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await agent.request({
        method: 'POST',
        url: '/forgot-password',
        payload: { email: `someone${i}@example.test` },
        remoteAddress: '10.7.7.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('roles of the signed-in user', () => {
  it('lists the held roles and switches between them with a new session id', async () => {
    const agent = await t.signedIn(['partner', 'customer'], { userType: 'company', companyName: 'Acme' });
    const before = await agent.get('/api/user/roles');
    expect(before.json()).toMatchObject({ roles: ['customer', 'partner'], active_role: 'customer' });
    const cookie = agent.cookies.get('emporium_session');
    const token = agent.csrfToken;
    const response = await agent.post('/api/user/roles/switch', { role: 'partner' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      active_role: 'partner',
      dashboard_url: '/partner/dashboard',
    });
    expect(agent.cookies.get('emporium_session')).not.toBe(cookie);
    expect(response.json().data.csrf_token).not.toBe(token);
    agent.csrfToken = response.json().data.csrf_token;
    expect((await agent.get('/api/user/roles')).json().active_role).toBe('partner');
  });

  it('ends the old session id and CSRF token on a switch (DECISIONS 26)', async () => {
    const agent = await t.signedIn(['partner', 'customer'], { userType: 'company', companyName: 'Acme' });
    const before = new Agent(t.app);
    before.cookies = new Map(agent.cookies);
    before.csrfToken = agent.csrfToken;
    const response = await agent.post('/api/user/roles/switch', { role: 'partner' });
    expect(response.statusCode).toBe(200);
    // The old cookie names no session any more, so it cannot read or write as the user.
    expect((await before.get('/api/user')).statusCode).toBe(401);
    expect((await before.post('/api/user/roles/switch', { role: 'customer' })).statusCode).toBe(419);
    // The new session does not take the old CSRF token.
    const stale = await agent.post('/api/user/roles/switch', { role: 'customer' });
    expect(stale.statusCode).toBe(419);
    agent.csrfToken = response.json().data.csrf_token;
    const back = await agent.post('/api/user/roles/switch', { role: 'customer' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ active_role: 'customer', dashboard_url: '/customer/dashboard' });
  });

  it('refuses a role not held in the spec words', async () => {
    const agent = await t.signedIn(['customer']);
    const response = await agent.post('/api/user/roles/switch', { role: 'admin' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You do not have permission to access the admin role');
  });

  it('answers 401 signed out and 419 without a token', async () => {
    const guest = t.agent();
    await guest.visit();
    expect((await guest.post('/api/user/roles/switch', { role: 'customer' })).statusCode).toBe(401);
    const agent = await t.signedIn(['customer']);
    const response = await agent.request({
      method: 'POST',
      url: '/api/user/roles/switch',
      payload: { role: 'customer' },
      csrf: false,
    });
    expect(response.statusCode).toBe(419);
  });
});
