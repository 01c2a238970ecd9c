import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_DOCUMENT_MESSAGES as M } from '../../../contracts/orders';
import { createOrderFixture } from '../../../test/order-fixtures';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { jobs } from '../../platform/jobs/jobs.tables';
import { setSettings } from '../../platform/settings/settings-store';
import { orderLinks, orders } from './orders.tables';

let t: TestApp;
let admin: Agent;
let customer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  customer = await t.signedIn(['customer']);
});
afterAll(() => t.close());

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

/** The link in the newest mail to this address (quoted-printable soft breaks undone). */
async function mailedLink(to: string): Promise<string> {
  await t.runDueJobs();
  const dir = path.join(t.dataDir, 'mail');
  const files = (await fs.readdir(dir)).filter((f) => f.includes(to)).sort();
  const raw = (await fs.readFile(path.join(dir, files.at(-1)!), 'utf8')).replace(/=\r?\n/g, '');
  const match = /https?:\/\/[^\s]+\/order-link\/([A-Za-z0-9_-]+)/.exec(raw);
  if (!match) throw new Error(`no link in mail to ${to}`);
  return `/order-link/${match[1]}`;
}

/** A new order whose customer link was sent, and the link from the mail. */
async function orderWithLink() {
  const order = await createOrderFixture(t.ctx.db);
  await admin.post(`/admin/orders/${order.id}/send-customer-link`);
  return { order, url: await mailedLink(order.customerEmail!) };
}

const status = async (orderId: number) =>
  (await admin.get(`/admin/orders/${orderId}/customer-link-status`)).json();

/** The page as a browser opens it; without a build the page data sits in its JSON script. */
const open = (url: string) =>
  t.agent().request({ method: 'GET', url, headers: { accept: 'text/html', 'x-requested-with': '' } });

/** The page's "Open my order" button: a POST with the visitor's CSRF token, which spends one view. */
const openOrder = async (url: string) => (await guest()).post(url);

describe('who may use the customer-link routes', () => {
  const calls: [string, string][] = [
    ['GET', '/admin/orders/1/customer-link-status'],
    ['POST', '/admin/orders/1/send-customer-link'],
  ];
  it.each(calls)(
    '%s %s: 401 signed out, 403 without orders.manage, 404 for no order',
    async (method, url) => {
      expect((await (await guest()).request({ method: method as 'GET', url })).statusCode).toBe(401);
      expect((await customer.request({ method: method as 'GET', url })).statusCode).toBe(403);
      const missing = url.replace('/orders/1/', '/orders/999999/');
      expect((await admin.request({ method: method as 'GET', url: missing })).statusCode).toBe(404);
    },
  );
});

describe('customer order link (DECISIONS 11)', () => {
  it('goes never_sent → active on send, and used_up after 5 views', async () => {
    const order = await createOrderFixture(t.ctx.db);
    expect(await status(order.id)).toEqual({
      success: true,
      data: {
        status: 'never_sent',
        sent_at: null,
        expires_at: null,
        uses_remaining: null,
        button_label: 'Send Link',
      },
    });

    const sent = await admin.post(`/admin/orders/${order.id}/send-customer-link`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      success: true,
      message: M.linkSent,
      data: { status: 'active', uses_remaining: 5, button_label: 'Resend Link' },
    });
    const after = (await status(order.id)).data;
    expect(after).toMatchObject({ status: 'active', uses_remaining: 5, button_label: 'Resend Link' });
    expect(new Date(after.expires_at).getTime() - new Date(after.sent_at).getTime()).toBe(
      7 * 24 * 3600 * 1000,
    );

    const url = await mailedLink(order.customerEmail!);
    const [row] = await t.ctx.db.select().from(orderLinks).where(eq(orderLinks.orderId, order.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(url.split('/').at(-1)!);
    // The token was in the job only until the mail left (docs/decisions/0046).
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.name, 'orders.customer-link-mail'));
    expect(job).toMatchObject({ status: 'done', payload: { linkId: row!.id } });
    expect(JSON.stringify(job!.payload)).not.toContain(url.split('/').at(-1)!);

    for (let view = 1; view <= 5; view += 1) {
      // The page (GET) spends nothing and shows no order data: only the button that opens it.
      const page = await open(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toContain('"page":"order-link"');
      expect(page.body).toContain(`"uses_remaining":${6 - view}`);
      expect(page.body).not.toContain(order.orderCode);
      expect((await status(order.id)).data.uses_remaining).toBe(6 - view);
      const opened = await openOrder(url);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json().data).toMatchObject({
        order_code: order.orderCode,
        grand_total: 1063,
        amount_due: 1043,
        uses_remaining: 5 - view,
      });
      expect((await status(order.id)).data.uses_remaining).toBe(5 - view);
    }
    const usedUp = await open(url);
    expect(usedUp.statusCode).toBe(410);
    expect(usedUp.body).toContain(M.linkUsedUp);
    expect(usedUp.body).not.toContain(order.orderCode);
    const refused = await openOrder(url);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toEqual({ message: M.linkUsedUp });
    expect((await status(order.id)).data).toMatchObject({
      status: 'used_up',
      uses_remaining: 0,
      button_label: 'Send New Link',
    });
    const [spent] = await t.ctx.db.select().from(orderLinks).where(eq(orderLinks.orderId, order.id));
    expect(spent!.usesRemaining).toBe(0);

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.customer_link_sent'), eq(auditLog.subjectId, String(order.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.subjectType).toBe('order');
  });

  it('pays the amount due from the link: its token opens the payment page, the sandbox card pays', async () => {
    const { order, url } = await orderWithLink();
    const token = url.split('/').at(-1)!;
    const payUrl = `/payment/${order.orderCode}?token=${token}`;
    expect((await openOrder(url)).json().data.pay_url).toBe(payUrl);

    const visitor = await guest();
    const payment = await visitor.get(payUrl, { accept: 'text/html' });
    expect(payment.statusCode).toBe(200);
    expect(payment.body).toContain(order.orderCode);
    // The order code alone, or another link's token, opens nothing.
    expect((await visitor.get(`/payment/${order.orderCode}`)).statusCode).toBe(404);
    const other = await createOrderFixture(t.ctx.db);
    expect((await visitor.get(`/payment/${other.orderCode}?token=${token}`)).statusCode).toBe(404);

    const start = await visitor.post(`/payment/${order.orderCode}/card`, { token });
    expect(start.statusCode, start.body).toBe(200);
    const hosted = new URL(start.json().redirect_url as string, 'http://shop');
    const paid = await visitor.post('/payment-sandbox/pay', {
      ...Object.fromEntries(hosted.searchParams),
      card_number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
    });
    const told = await visitor.post('/payment/callback', paid.json().callback.fields);
    expect(told.json()).toMatchObject({ status: 'paid' });
    const [after] = await t.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ paymentStatus: 'paid', amountPaid: '1063.00' });
    // Paid: the link shows no pay button any more, and paying spent no view of the link.
    expect((await openOrder(url)).json().data.pay_url).toBeNull();
    expect((await status(order.id)).data.uses_remaining).toBe(3);

    await t.ctx.db
      .update(orderLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderLinks.orderId, order.id));
    expect((await visitor.get(payUrl)).statusCode).toBe(404);
  });

  it('expires after 7 days with a 410 page and no order data', async () => {
    const { order, url } = await orderWithLink();
    expect((await open(url)).statusCode).toBe(200);
    await t.ctx.db
      .update(orderLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderLinks.orderId, order.id));
    expect((await status(order.id)).data).toMatchObject({ status: 'expired', button_label: 'Send New Link' });
    const page = await open(url);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(M.linkExpired);
    expect(page.body).not.toContain(order.orderCode);
    const refused = await openOrder(url);
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toEqual({ message: M.linkExpired });
  });

  it('is closed in maintenance mode like the other shop pages, without spending a use', async () => {
    const { order, url } = await orderWithLink();
    await setSettings(t.ctx.db, { maintenance_mode: true });
    try {
      const page = await open(url);
      expect(page.statusCode).toBe(503);
      expect(page.body).not.toContain(order.orderCode);
    } finally {
      await setSettings(t.ctx.db, { maintenance_mode: false });
    }
    expect((await status(order.id)).data).toMatchObject({ status: 'active', uses_remaining: 5 });
    expect((await open(url)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown token and never spends a use of another link', async () => {
    const page = await open('/order-link/not-a-real-token');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain(M.linkUnknown);
    const refused = await openOrder('/order-link/not-a-real-token');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: M.linkUnknown });
  });

  it('spends nothing when the page is fetched, however often (a mail scanner, a link preview)', async () => {
    const { order, url } = await orderWithLink();
    for (let fetch = 0; fetch < 7; fetch += 1) expect((await open(url)).statusCode).toBe(200);
    expect((await status(order.id)).data).toMatchObject({ status: 'active', uses_remaining: 5 });
  });

  it('opens the order only with the visitor session CSRF token', async () => {
    const { order, url } = await orderWithLink();
    const visitor = await guest();
    const forged = await visitor.request({ method: 'POST', url, csrf: false });
    expect(forged.statusCode).toBe(419);
    expect(forged.body).not.toContain(order.orderCode);
    expect((await status(order.id)).data.uses_remaining).toBe(5);
  });

  it('a new link replaces the previous one', async () => {
    const order = await createOrderFixture(t.ctx.db);
    await admin.post(`/admin/orders/${order.id}/send-customer-link`);
    const first = await mailedLink(order.customerEmail!);
    await new Promise((r) => setTimeout(r, 5));
    await admin.post(`/admin/orders/${order.id}/send-customer-link`);
    const second = await mailedLink(order.customerEmail!);
    expect(second).not.toBe(first);
    expect((await open(first)).statusCode).toBe(410);
    expect((await openOrder(first)).statusCode).toBe(410);
    expect((await open(second)).statusCode).toBe(200);
    expect((await openOrder(second)).statusCode).toBe(200);
    expect((await status(order.id)).data).toMatchObject({ status: 'active', uses_remaining: 4 });
  });

  it('spends exactly 5 uses when views arrive at once', async () => {
    const { order, url } = await orderWithLink();
    const visitors = await Promise.all(Array.from({ length: 8 }, () => guest()));
    const opened = await Promise.all(visitors.map((visitor) => visitor.post(url)));
    expect(opened.map((p) => p.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 410, 410, 410]);
    expect((await status(order.id)).data).toMatchObject({ status: 'used_up', uses_remaining: 0 });
  });

  it('refuses an order without a customer e-mail (422)', async () => {
    const order = await createOrderFixture(t.ctx.db, { customerEmail: null });
    const reply = await admin.post(`/admin/orders/${order.id}/send-customer-link`);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().message).toBe(M.customerEmailRequiredForLink);
  });

  it('keeps a mail failure as status error with the spec message', async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    await setSettings(t.ctx.db, { smtp_host: '127.0.0.1', smtp_port: closed, smtp_encryption: 'none' });
    try {
      const order = await createOrderFixture(t.ctx.db);
      // The reply only queues the e-mail; the job's last failed attempt marks the link.
      const reply = await admin.post(`/admin/orders/${order.id}/send-customer-link`);
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ success: true, data: { status: 'active' } });
      await t.settleJobs();
      expect((await status(order.id)).data).toMatchObject({ status: 'error', button_label: 'Send Link' });
      const [row] = await t.ctx.db
        .select()
        .from(orderLinks)
        .where(eq(orderLinks.orderId, order.id))
        .orderBy(desc(orderLinks.id));
      expect(row!.sendError).toBeTruthy();
    } finally {
      await setSettings(t.ctx.db, { smtp_host: '' });
    }
  });
});
