import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_MESSAGES as M } from '../../../contracts/email-templates';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { emailTemplates } from './templates.tables';

let t: TestApp;
let admin: Agent;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());

const BASE = '/api/email-management/templates';

let slugCounter = 0;
const template = (over: Record<string, unknown> = {}) => ({
  name: 'Order confirmed',
  subject: 'Order {{order_code}} for {{customer_name}}',
  body: '<p>Hello {{customer_name}}, your total is {{grand_total}}.</p>',
  type: 'order_confirmation',
  status: 'active',
  slug: `order-confirmed-${++slugCounter}`,
  context: 'Sent when an order is placed.',
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const response = await admin.post(BASE, template(over));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; slug: string; body: string; variables: string[] };
}

describe('who may use the e-mail template routes', () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    ['GET', `${BASE}/types`],
    ['GET', BASE],
    ['POST', BASE, template()],
    ['GET', `${BASE}/1`],
    ['PUT', `${BASE}/1`, template()],
    ['DELETE', `${BASE}/1`],
    ['GET', `${BASE}/1/preview`],
    ['POST', `${BASE}/1/send-test`, { recipient_email: 'a@b.test' }],
    ['GET', '/api/email-management/theme-vars'],
    ['GET', '/api/email-management/theme-vars/clinic'],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for staff (DECISIONS 1)', async (method, url, body) => {
    const guest = t.agent();
    await guest.visit();
    const out = await guest.request({ method: method as 'GET', url, payload: body });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await staff.request({ method: method as 'GET', url, payload: body })).statusCode).toBe(403);
  });
});

describe('template types', () => {
  it('lists each type with its variables', async () => {
    const response = await admin.get(`${BASE}/types`);
    expect(response.statusCode).toBe(200);
    const types = response.json().types as { value: string; variables: { name: string }[] }[];
    const names = (value: string) => types.find((t) => t.value === value)?.variables.map((v) => v.name);
    expect(names('order_confirmation')).toEqual(
      expect.arrayContaining(['order_code', 'customer_name', 'grand_total']),
    );
    expect(names('password_reset')).toContain('reset_link');
    expect(names('custom')).toBeDefined();
  });
});

describe('creating, reading, updating and deleting', () => {
  it('creates a template with the placeholders it uses as variables, and an audit row', async () => {
    const response = await admin.post(BASE, template({ slug: 'created-one' }));
    expect(response.statusCode).toBe(200);
    const reply = response.json();
    expect(reply).toMatchObject({ success: true, message: M.created });
    expect(reply.data).toMatchObject({
      name: 'Order confirmed',
      type: 'order_confirmation',
      status: 'active',
      slug: 'created-one',
      context: 'Sent when an order is placed.',
      variables: ['order_code', 'customer_name', 'grand_total'],
    });
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'email_template.created'));
    expect(rows.some((r) => r.subjectId === String(reply.data.id))).toBe(true);

    const read = await admin.get(`${BASE}/${reply.data.id}`);
    expect(read.json().data).toEqual(reply.data);
  });

  it('defaults type to custom, status to active, and the slug to one made from the name', async () => {
    const response = await admin.post(BASE, {
      name: 'Spring Sale & Offers',
      subject: 'Hi',
      body: '<p>Hi</p>',
    });
    expect(response.json().data).toMatchObject({
      type: 'custom',
      status: 'active',
      slug: 'spring-sale-and-offers',
      context: null,
    });
  });

  it('sanitises the body on save: scripts, handlers and javascript: links are dropped', async () => {
    const saved = await create({
      body: '<p onclick="steal()">Hi {{customer_name}}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://x.test/a.png" onerror="alert(2)"><a href="{{order_link}}">order</a>',
    });
    expect(saved.body).toBe(
      '<p>Hi {{customer_name}}</p><a>x</a><img src="https://x.test/a.png"><a href="{{order_link}}">order</a>',
    );
    expect(saved.variables).toEqual(['order_code', 'customer_name', 'order_link']);
  });

  it('answers 422 when nothing is left after sanitising', async () => {
    const response = await admin.post(BASE, template({ body: '<script>alert(1)</script>' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.body).toEqual([M.bodyEmpty]);
  });

  it('answers 422 with every field message', async () => {
    const response = await admin.post(BASE, {
      name: '',
      subject: '',
      body: '',
      type: 'nope',
      status: 'maybe',
      slug: 'Bad Slug!',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: [M.nameRequired],
      subject: [M.subjectRequired],
      body: [M.bodyRequired],
      type: [M.type],
      status: [M.status],
      slug: [M.slug],
    });
  });

  it('answers 422 on the slug field when another template holds the slug, but not for itself', async () => {
    const first = await create({ slug: 'taken-slug' });
    const clash = await admin.post(BASE, template({ slug: 'taken-slug' }));
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toMatchObject({ message: M.slugTaken, errors: { slug: [M.slugTaken] } });
    const same = await admin.put(`${BASE}/${first.id}`, template({ slug: 'taken-slug', name: 'Renamed' }));
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ message: M.updated, data: { name: 'Renamed', slug: 'taken-slug' } });
  });

  it('deletes a template after which it is 404, with an audit row', async () => {
    const saved = await create();
    const deleted = await admin.delete(`${BASE}/${saved.id}`);
    expect(deleted.json()).toEqual({ success: true, message: M.deleted });
    expect((await admin.get(`${BASE}/${saved.id}`)).statusCode).toBe(404);
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'email_template.deleted'));
    expect(rows.some((r) => r.subjectId === String(saved.id))).toBe(true);
  });

  it.each([
    ['GET', `${BASE}/999999`],
    ['PUT', `${BASE}/999999`],
    ['DELETE', `${BASE}/999999`],
    ['GET', `${BASE}/999999/preview`],
    ['POST', `${BASE}/999999/send-test`],
    ['GET', `${BASE}/abc`],
  ])('%s %s answers 404', async (method, url) => {
    const payload = method === 'PUT' ? template() : { recipient_email: 'a@b.test' };
    const response = await admin.request({ method: method as 'GET', url, payload });
    expect(response.statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('pages, searches, filters by type and status and sorts in SQL', async () => {
    for (const [i, status] of ['active', 'inactive', 'active'].entries()) {
      await create({ name: `Zebra list ${i}`, status, type: 'password_reset', subject: 'Reset' });
    }
    const page = await admin.get(`${BASE}?search=zebra&per_page=2&sort_by=name&sort_order=desc`);
    expect(page.json()).toMatchObject({
      total: 3,
      per_page: 2,
      current_page: 1,
      last_page: 2,
      from: 1,
      to: 2,
    });
    expect(page.json().data.map((r: { name: string }) => r.name)).toEqual(['Zebra list 2', 'Zebra list 1']);
    const inactive = await admin.get(`${BASE}?search=zebra&status=inactive`);
    expect(inactive.json().data.map((r: { name: string }) => r.name)).toEqual(['Zebra list 1']);
    const byType = await admin.get(`${BASE}?search=zebra&type=order_confirmation`);
    expect(byType.json().total).toBe(0);
    const bad = await admin.get(`${BASE}?sort_by=password`);
    expect(bad.statusCode).toBe(422);
  });
});

describe('preview and test e-mail', () => {
  it('renders the preview with sample values, escaped in the body, plain in the subject', async () => {
    const saved = await create({
      type: 'rental_reminder',
      subject: 'News from {{shop_name}}',
      body: '<p>{{shop_name}} says hi {{customer_name}} {{not_a_variable}}</p>',
    });
    const response = await admin.get(`${BASE}/${saved.id}/preview`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      subject: 'News from Emporium Health & Home',
      html: '<p>Emporium Health &amp; Home says hi Chloé Customer </p>',
      text: 'Emporium Health & Home says hi Chloé Customer',
      unknown_variables: ['not_a_variable'],
    });
    expect(response.json().data.sample_values.booking_code).toBe('RNT-2026-000007');
  });

  it('sends the rendered test e-mail through the mailer (an .eml file without SMTP), HTML escaped', async () => {
    const saved = await create({ body: '<p>From {{shop_name}} to {{customer_name}}</p>' });
    const response = await admin.post(`${BASE}/${saved.id}/send-test`, {
      recipient_email: 'tester@shop.test',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      delivered: 'file',
      message: M.testWritten('tester@shop.test'),
    });
    const dir = path.join(t.dataDir, 'mail');
    const files = (await fs.readdir(dir)).filter((f) => f.includes('tester@shop.test')).sort();
    const raw = (await fs.readFile(path.join(dir, files.at(-1)!), 'utf8')).replace(/=\r?\n/g, '');
    expect(raw).toMatch(/^Subject: =\?UTF-8\?Q\?=5BTest=5D_Order_ORD-2026-000042_for_/m);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('From Emporium Health &amp; Home to Chlo');
    expect(raw).toContain('From Emporium Health & Home to Chlo');
  });

  it('answers 422 for a missing or malformed recipient', async () => {
    const saved = await create();
    const missing = await admin.post(`${BASE}/${saved.id}/send-test`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.recipient_email).toEqual([M.recipientRequired]);
    const bad = await admin.post(`${BASE}/${saved.id}/send-test`, { recipient_email: 'nobody' });
    expect(bad.json().errors.recipient_email).toEqual([M.email]);
  });
});

describe('links built from placeholders (issue 11)', () => {
  it('drops a link whose scheme a placeholder splits, when saving', async () => {
    const saved = await create({
      body: '<p><a href="java{{shop_name}}script:alert(1)">a</a> <a href="{{x}}:alert(1)">b</a> <a href="{{shop_url}}/orders">c</a></p>',
    });
    expect(saved.body).toBe('<p><a>a</a> <a>b</a> <a href="{{shop_url}}/orders">c</a></p>');
  });

  it('never lets a filled placeholder make a javascript: link in the preview or the sent e-mail', async () => {
    // A template saved before the check existed: its placeholder fills to nothing and joins the scheme.
    const [legacy] = await t.ctx.db
      .insert(emailTemplates)
      .values({
        name: 'Legacy',
        subject: 'Legacy',
        body: '<p><a href="java{{not_a_variable}}script:alert(1)">Pay</a> <a href="https://shop.test/x">Shop</a></p>',
        slug: `legacy-${Date.now()}`,
      })
      .returning();
    const preview = (await admin.get(`${BASE}/${legacy!.id}/preview`)).json().data;
    expect(preview.html).toBe('<p><a>Pay</a> <a href="https://shop.test/x">Shop</a></p>');
    const sent = await admin.post(`${BASE}/${legacy!.id}/send-test`, { recipient_email: 'legacy@shop.test' });
    expect(sent.statusCode).toBe(200);
    const dir = path.join(t.dataDir, 'mail');
    const files = (await fs.readdir(dir)).filter((f) => f.includes('legacy@shop.test'));
    const raw = (await fs.readFile(path.join(dir, files.at(-1)!), 'utf8')).replace(/=\r?\n/g, '');
    expect(raw).not.toMatch(/javascript/i);
    expect(raw).toContain('https://shop.test/x');
  });
});

describe('theme variables', () => {
  it('answers CSS with the default colours, and the clinic primary colour', async () => {
    const plain = await admin.get('/api/email-management/theme-vars');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/css/);
    expect(plain.body).toContain('--color-primary: #3490dc;');
    expect(plain.body).toContain('--color-background: #ffffff;');
    expect((await admin.get('/api/email-management/theme-vars/default')).body).toBe(plain.body);
    const clinic = await admin.get('/api/email-management/theme-vars/clinic');
    expect(clinic.body).toContain('--color-primary: #0d9488;');
    expect((await admin.get('/api/email-management/theme-vars/neon')).statusCode).toBe(404);
  });
});

describe('slug races', () => {
  it('answers 422 on the slug, not 500, when two saves take the same new slug at once', async () => {
    const replies = await Promise.all([1, 2].map(() => admin.post(BASE, template({ slug: 'raced-slug' }))));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(replies.find((r) => r.statusCode === 422)!.json().errors.slug).toEqual([M.slugTaken]);
  });
});
