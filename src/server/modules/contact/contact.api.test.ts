import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES as M } from '../../../contracts/contact';
import { type Agent, createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { rateLimitBuckets } from '../../platform/auth/auth.tables';
import { jobs } from '../../platform/jobs/jobs.tables';
import { setSettings } from '../../platform/settings/settings-store';
import { contactMessages } from './contact.tables';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.ctx.db.delete(rateLimitBuckets);
  await t.ctx.db.delete(contactMessages);
  await t.ctx.db.delete(jobs);
  await fs.rm(mailDir(), { recursive: true, force: true });
  await setSettings(t.ctx.db, { admin_email: 'shop-owner@example.test', smtp_host: '' });
});

const mailDir = () => path.join(t.dataDir, 'mail');
async function mails(): Promise<string[]> {
  const names = (await fs.readdir(mailDir()).catch(() => [] as string[])).sort();
  const raw = await Promise.all(names.map((name) => fs.readFile(path.join(mailDir(), name), 'utf8')));
  // Undo quoted-printable soft line breaks and "=" escapes.
  return raw.map((mail) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

/** A visitor on the contact page: a guest session with its CSRF token. */
async function visitor(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit('/login');
  return agent;
}

const valid = {
  name: 'Ada Lovelace',
  email: 'Ada@Example.test',
  phone: '+44 (20) 7946-0958',
  message: 'Do you ship the oak table abroad?',
};

describe('GET /contact', () => {
  it('renders the contact page with its SEO and the CSRF token the form posts with', async () => {
    const agent = t.agent();
    const response = await agent.visit('/contact');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(agent.csrfToken).not.toBe('');
    expect(response.body).toContain('<link rel="canonical" href="http://localhost:0/contact" />');
    const json = /<script type="application\/json" id="shop-data">(.*?)<\/script>/s.exec(response.body)?.[1];
    expect(JSON.parse(json!)).toMatchObject({ page: 'contact', props: {}, path: '/contact' });
    expect((await agent.get('/sitemap.xml')).body).toContain('<loc>http://localhost:0/contact</loc>');
  });
});

describe('POST /contact', () => {
  it('stores the message, answers success and queues the e-mail to the shop', async () => {
    const agent = await visitor();
    const response = await agent.post('/contact', valid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: M.sent, errors: {} });

    const [row] = await t.ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      phone: '+44 (20) 7946-0958',
      message: valid.message,
      readAt: null,
    });
    // Queued in the request's transaction, sent by the worker afterwards — never inside the request.
    expect(await mails()).toHaveLength(0);
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'contact.message-mail'));
    expect(queued).toHaveLength(1);

    expect(await t.runDueJobs()).toBe(1);
    const [mail] = await mails();
    expect(mail).toContain('To: shop-owner@example.test');
    expect(mail).toContain('Reply-To: ada@example.test');
    expect(mail).toContain('Subject: Contact message from Ada Lovelace');
    expect(mail).toContain('Do you ship the oak table abroad?');
    expect(mail).toContain('Phone: +44 (20) 7946-0958');
  });

  it('takes a browser form post (urlencoded, token in _token) with no phone', async () => {
    const agent = await visitor();
    const form = new URLSearchParams({
      name: 'Zoë Renée',
      email: 'zoe@example.test',
      phone: '',
      message: 'A question about the lamps, please.',
      _token: agent.csrfToken,
    });
    const response = await agent.request({
      method: 'POST',
      url: '/contact',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.ctx.db.select().from(contactMessages);
    expect(row).toMatchObject({ name: 'Zoë Renée', phone: null });
  });

  it('mails every active administrator when no admin e-mail is set', async () => {
    await setSettings(t.ctx.db, { admin_email: '' });
    const admin = await t.signedIn(['admin']);
    expect((await (await visitor()).post('/contact', valid)).statusCode).toBe(200);
    await t.settleJobs();
    expect((await mails()).some((m) => m.includes(`To: ${admin.user.email}`))).toBe(true);
  });

  it.each([
    [{}, { name: [M.nameRequired], email: [M.emailRequired], message: [M.messageRequired] }],
    [{ ...valid, name: '   ' }, { name: [M.nameRequired] }],
    [{ ...valid, name: 'R2D2' }, { name: [M.nameLetters] }],
    [{ ...valid, name: 'a'.repeat(101) }, { name: [M.nameTooLong] }],
    [{ ...valid, email: '' }, { email: [M.emailRequired] }],
    [{ ...valid, email: 'ada@' }, { email: [M.emailInvalid] }],
    [{ ...valid, phone: 'call me' }, { phone: [M.phoneFormat] }],
    [{ ...valid, phone: '1'.repeat(31) }, { phone: [M.phoneTooLong] }],
    [{ ...valid, message: '' }, { message: [M.messageRequired] }],
    [{ ...valid, message: 'Too short' }, { message: [M.messageTooShort] }],
    [{ ...valid, message: 'x'.repeat(1001) }, { message: [M.messageTooLong] }],
    [
      { ...valid, name: 42, message: ['a'] },
      { name: [M.nameRequired], message: [M.messageRequired] },
    ],
  ])('refuses %j with 422 and the spec’s words', async (body, errors) => {
    const response = await (await visitor()).post('/contact', body);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual(errors);
    expect(await t.ctx.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('counts a 1000-character message of emoji as 1000 characters', async () => {
    const response = await (await visitor()).post('/contact', { ...valid, message: '👋'.repeat(1000) });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses NUL bytes and unpaired surrogates with 422, never 500', async () => {
    const agent = await visitor();
    for (const message of ['Hello\u0000 there, friend', 'Hello \ud800 there, friend']) {
      const response = await agent.post('/contact', { ...valid, message });
      expect(response.statusCode, response.body).toBe(422);
    }
    const broken = await agent.request({
      method: 'POST',
      url: '/contact',
      payload: '{"name": "Ada", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(422);
    expect(await t.ctx.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('refuses a post without the page’s CSRF token (419)', async () => {
    const agent = await visitor();
    const response = await agent.request({ method: 'POST', url: '/contact', payload: valid, csrf: false });
    expect(response.statusCode).toBe(419);
    expect(await t.ctx.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('limits each IP to 3 messages a minute (429 with the wait), and lets them write again later', async () => {
    const agent = await visitor();
    for (let i = 0; i < 3; i++) expect((await agent.post('/contact', valid)).statusCode).toBe(200);
    const refused = await agent.post('/contact', valid);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You have sent several messages in a short time\. Please try again in \d+ seconds\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    const elsewhere = await agent.request({
      method: 'POST',
      url: '/contact',
      payload: valid,
      remoteAddress: '203.0.113.9',
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(contactMessages)).toHaveLength(4);
    t.advance(61_000);
    expect((await agent.post('/contact', valid)).statusCode).toBe(200);
  });
});

describe('the admin list of contact messages', () => {
  async function send(count: number) {
    const now = t.ctx.now().getTime();
    await t.ctx.db.insert(contactMessages).values(
      Array.from({ length: count }, (_, i) => ({
        name: `Sender ${String.fromCharCode(65 + i)}`,
        email: `sender${i}@example.test`,
        message: i === 2 ? 'Where is my parcel? It has been a week.' : `Message number ${i} for the shop.`,
        createdAt: new Date(now - (count - i) * 60_000),
      })),
    );
  }

  it('needs a session (401) and the contact.manage permission (403)', async () => {
    await send(1);
    const [row] = await t.ctx.db.select().from(contactMessages);
    const anonymous = await visitor();
    expect((await anonymous.get('/api/contact-messages')).statusCode).toBe(401);
    const customer = await t.signedIn(['customer']);
    for (const response of [
      await customer.get('/api/contact-messages'),
      await customer.get(`/api/contact-messages/${row!.id}`),
      await customer.patch(`/api/contact-messages/${row!.id}`, { is_read: true }),
      await customer.delete(`/api/contact-messages/${row!.id}`),
    ])
      expect(response.statusCode).toBe(403);
    const staff = await t.signedIn(['staff']);
    expect((await staff.get('/api/contact-messages')).statusCode).toBe(200);
  });

  it('lists newest first, paged in SQL, and searches name, e-mail and message', async () => {
    await send(12);
    const admin = await t.signedIn(['admin']);
    const first = (await admin.get('/api/contact-messages?per_page=5')).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 3, per_page: 5, total: 12, from: 1, to: 5 });
    expect(first.data.map((m: { name: string }) => m.name)).toEqual([
      'Sender L',
      'Sender K',
      'Sender J',
      'Sender I',
      'Sender H',
    ]);
    expect(first.data[0]).toMatchObject({ is_read: false, read_at: null, phone: null });
    const last = (await admin.get('/api/contact-messages?per_page=5&page=3')).json();
    expect(last.data).toHaveLength(2);

    const found = (await admin.get('/api/contact-messages?search=parcel')).json();
    expect(found).toMatchObject({ total: 1, data: [{ name: 'Sender C' }] });
    expect((await admin.get('/api/contact-messages?search=SENDER3%40')).json().total).toBe(1);
    expect((await admin.get('/api/contact-messages?search=100%25')).json().total).toBe(0);
    expect((await admin.get('/api/contact-messages?status=nope')).statusCode).toBe(422);
  });

  it('shows one, marks it read and unread, filters by it, and deletes it with an audit row', async () => {
    await send(2);
    const admin = await t.signedIn(['admin']);
    const [row] = await t.ctx.db.select().from(contactMessages).orderBy(contactMessages.id);
    const url = `/api/contact-messages/${row!.id}`;
    expect((await admin.get(url)).json()).toMatchObject({ success: true, data: { id: row!.id } });

    const read = await admin.patch(url, { is_read: true });
    expect(read.json()).toMatchObject({ message: M.markedRead, data: { is_read: true } });
    const readAt = read.json().data.read_at;
    t.advance(5_000);
    expect((await admin.patch(url, { is_read: true })).json().data.read_at).toBe(readAt);
    expect((await admin.get('/api/contact-messages?status=read')).json().total).toBe(1);
    expect((await admin.get('/api/contact-messages?status=unread')).json().total).toBe(1);
    expect((await admin.patch(url, { is_read: false })).json()).toMatchObject({
      message: M.markedUnread,
      data: { is_read: false, read_at: null },
    });
    expect((await admin.patch(url, { is_read: 'yes' })).statusCode).toBe(422);

    const deleted = await admin.delete(url);
    expect(deleted.json()).toEqual({ success: true, message: M.deleted });
    expect((await admin.get(url)).statusCode).toBe(404);
    expect((await admin.delete(url)).json().message).toBe(M.notFound);
    expect((await admin.patch(url, { is_read: true })).statusCode).toBe(404);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'contact_message.deleted'));
    expect(audits).toHaveLength(1);
  });

  it('sends no e-mail for a message deleted before its job ran', async () => {
    expect((await (await visitor()).post('/contact', valid)).statusCode).toBe(200);
    await t.ctx.db.delete(contactMessages);
    await t.settleJobs();
    expect(await mails()).toHaveLength(0);
  });
});
