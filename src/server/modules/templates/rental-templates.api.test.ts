import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENTAL_TEMPLATE_MESSAGES as M } from '../../../contracts/rental-templates';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { rentalTemplates } from './templates.tables';

let t: TestApp;
let admin: Agent;
let staff: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
});
afterAll(() => t.close());

const BASE = '/api/rental-templates';

const template = (over: Record<string, unknown> = {}) => ({
  name: 'Agreement',
  content: '<p>Between {{shop_name}} and {{customer_name}} for {{booking_code}}.</p>',
  type: 'rental_agreement',
  status: 'active',
  is_default: false,
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const response = await admin.post(BASE, template(over));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; name: string; is_default: boolean; content: string };
}

const isDefault = async (id: number) => (await admin.get(`${BASE}/${id}`)).json().data.is_default;

describe('who may use the rental template routes', () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    ['GET', `${BASE}/types`],
    ['GET', BASE],
    ['POST', BASE, template()],
    ['GET', `${BASE}/1`],
    ['PUT', `${BASE}/1`, template()],
    ['DELETE', `${BASE}/1`],
    ['GET', `${BASE}/1/preview`],
    ['POST', `${BASE}/1/duplicate`],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for staff (DECISIONS 1)', async (method, url, body) => {
    const guest = t.agent();
    await guest.visit();
    const out = await guest.request({ method: method as 'GET', url, payload: body });
    expect(out.statusCode).toBe(401);
    expect((await staff.request({ method: method as 'GET', url, payload: body })).statusCode).toBe(403);
  });
});

describe('rental templates', () => {
  it('lists the document types with their variables', async () => {
    const types = (await admin.get(`${BASE}/types`)).json().types as {
      value: string;
      variables: { name: string }[];
    }[];
    expect(types.map((type) => type.value)).toContain('rental_agreement');
    expect(types.find((type) => type.value === 'rental_agreement')!.variables.map((v) => v.name)).toContain(
      'booking_code',
    );
  });

  it('creates with defaults, sanitised content, variables and an audit row', async () => {
    const response = await admin.post(BASE, {
      name: 'Plain',
      content: '<p onclick="x()">{{customer_name}}</p><script>bad()</script>',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: M.created,
      data: {
        type: 'rental_agreement',
        status: 'active',
        is_default: false,
        content: '<p>{{customer_name}}</p>',
        variables: ['customer_name'],
      },
    });
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'rental_template.created'));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('answers 422 with field messages', async () => {
    const response = await admin.post(BASE, { name: '', content: '', type: 'x', status: 'y' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: [M.nameRequired],
      content: [M.contentRequired],
      type: [M.type],
      status: [M.status],
    });
    const inactiveDefault = await admin.post(BASE, template({ status: 'inactive', is_default: true }));
    expect(inactiveDefault.json().errors).toEqual({ is_default: [M.defaultInactive] });
    const emptied = await admin.post(BASE, template({ content: '<script>x()</script>' }));
    expect(emptied.json().errors).toEqual({ content: [M.contentEmpty] });
  });

  it('keeps one default per type: a new default clears the others of its type only', async () => {
    const first = await create({ name: 'First default', is_default: true });
    const note = await create({ name: 'Note default', type: 'delivery_note', is_default: true });
    const second = await create({ name: 'Second default', is_default: true });
    expect(await isDefault(first.id)).toBe(false);
    expect(await isDefault(second.id)).toBe(true);
    expect(await isDefault(note.id)).toBe(true);
    const updated = await admin.put(
      `${BASE}/${first.id}`,
      template({ name: 'First again', is_default: true }),
    );
    expect(updated.json()).toMatchObject({
      message: M.updated,
      data: { is_default: true, name: 'First again' },
    });
    expect(await isDefault(second.id)).toBe(false);
  });

  it('duplicates as a non-default copy with the same content', async () => {
    const original = await create({ name: 'To copy', is_default: true });
    const response = await admin.post(`${BASE}/${original.id}/duplicate`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: M.duplicated,
      data: {
        name: 'To copy (copy)',
        is_default: false,
        content: original.content,
        type: 'rental_agreement',
      },
    });
    expect(await isDefault(original.id)).toBe(true);
  });

  it('drops a link whose scheme a placeholder splits, and checks links again once filled (issue 11)', async () => {
    const saved = await create({ content: '<p><a href="java{{shop_name}}script:alert(1)">a</a></p>' });
    expect(saved.content).toBe('<p><a>a</a></p>');
    const [legacy] = await t.ctx.db
      .insert(rentalTemplates)
      .values({ name: 'Legacy', content: '<p><a href="{{nope}}javascript:alert(1)">Sign</a></p>' })
      .returning();
    const preview = (await admin.get(`${BASE}/${legacy!.id}/preview`)).json().data;
    expect(preview.html).toBe('<p><a>Sign</a></p>');
  });

  it('previews with escaped sample values', async () => {
    const saved = await create({ content: '<p>{{company_name}} / {{booking_code}} / {{nope}}</p>' });
    const response = await admin.get(`${BASE}/${saved.id}/preview`);
    expect(response.json().data).toMatchObject({
      html: '<p>Lagoon Traders &amp; Co / RNT-2026-000007 / </p>',
      unknown_variables: ['nope'],
    });
  });

  it('pages, searches, filters and sorts', async () => {
    await create({ name: 'Quokka A', status: 'inactive' });
    await create({ name: 'Quokka B', type: 'return_note' });
    await create({ name: 'Quokka C' });
    const page = await admin.get(`${BASE}?search=quokka&per_page=2&sort_by=name&sort_order=desc`);
    expect(page.json()).toMatchObject({ total: 3, last_page: 2 });
    expect(page.json().data.map((r: { name: string }) => r.name)).toEqual(['Quokka C', 'Quokka B']);
    const filtered = await admin.get(`${BASE}?search=quokka&type=rental_agreement&status=active`);
    expect(filtered.json().data.map((r: { name: string }) => r.name)).toEqual(['Quokka C']);
  });

  it('deletes, then answers 404', async () => {
    const saved = await create();
    expect((await admin.delete(`${BASE}/${saved.id}`)).json()).toEqual({ success: true, message: M.deleted });
    for (const [method, url] of [
      ['GET', `${BASE}/${saved.id}`],
      ['PUT', `${BASE}/${saved.id}`],
      ['DELETE', `${BASE}/${saved.id}`],
      ['GET', `${BASE}/${saved.id}/preview`],
      ['POST', `${BASE}/${saved.id}/duplicate`],
    ] as const) {
      const response = await admin.request({
        method,
        url,
        payload: method === 'PUT' ? template() : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('concurrent defaults', () => {
  it('leaves exactly one default when several are saved as the default at once', async () => {
    const saves = await Promise.all(
      ['One', 'Two', 'Three'].map((name) =>
        admin.post(BASE, template({ name: `Race ${name}`, type: 'rental_invoice', is_default: true })),
      ),
    );
    expect(saves.map((s) => s.statusCode)).toEqual([200, 200, 200]);
    const list = await admin.get(`${BASE}?type=rental_invoice&per_page=100`);
    const defaults = list.json().data.filter((row: { is_default: boolean }) => row.is_default);
    expect(defaults).toHaveLength(1);
  });
});
