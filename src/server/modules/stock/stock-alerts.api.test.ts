import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../test/factories';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { jobs } from '../../platform/jobs/jobs.tables';
import { setSettings } from '../../platform/settings/settings-store';
import { sendStockAlerts } from './send-stock-alerts';
import { stockAlerts } from './stock.tables';
import { adjust, deduct } from './stock-service';

let t: TestApp;
let admin: Agent & { user: { id: number; email: string } };
let nextOrder = 5000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
});
afterAll(() => t.close());

beforeEach(async () => {
  // Every test starts with nothing queued and the mails of the ones before it read.
  await sendStockAlerts(t.ctx);
  await t.ctx.db.delete(stockAlerts);
  await t.ctx.db.delete(jobs);
  await fs.rm(mailDir(), { recursive: true, force: true });
  await setSettings(t.ctx.db, {
    low_stock_email_notifications: true,
    out_of_stock_notifications: true,
    admin_email: '',
    smtp_host: '',
  });
});

const mailDir = () => path.join(t.dataDir, 'mail');

/** The e-mails the real mailer wrote (no SMTP configured: .eml files), oldest first. */
async function mails(): Promise<string[]> {
  const names = (await fs.readdir(mailDir()).catch(() => [] as string[])).sort();
  return Promise.all(names.map((name) => fs.readFile(path.join(mailDir(), name), 'utf8')));
}

const queued = () => t.ctx.db.select().from(stockAlerts).orderBy(stockAlerts.id);

describe('low-stock and out-of-stock e-mails', () => {
  it('queues an alert when a sale crosses the line, and mails it after the commit', async () => {
    const product = await createProduct(t.ctx.db, {
      name: 'Alert lamp',
      stockQuantity: 7,
      lowStockThreshold: 5,
    });
    await t.ctx.db.transaction((tx) =>
      deduct(tx, {
        productId: product.id,
        variantId: null,
        quantity: 3,
        reference: { type: 'order', id: ++nextOrder },
        userId: null,
      }),
    );
    expect((await queued()).map((a) => [a.kind, a.quantity, a.threshold, a.sentAt])).toEqual([
      ['low_stock', 4, 5, null],
    ]);
    // A second sale of a low item mails nothing more; the last units mail "out of stock".
    await t.ctx.db.transaction((tx) =>
      deduct(tx, {
        productId: product.id,
        variantId: null,
        quantity: 1,
        reference: { type: 'order', id: ++nextOrder },
        userId: null,
      }),
    );
    await t.ctx.db.transaction((tx) =>
      deduct(tx, {
        productId: product.id,
        variantId: null,
        quantity: 3,
        reference: { type: 'order', id: ++nextOrder },
        userId: null,
      }),
    );
    expect((await queued()).map((a) => a.kind)).toEqual(['low_stock', 'out_of_stock']);

    expect(await sendStockAlerts(t.ctx)).toBe(2);
    const [mail] = await mails();
    expect(mail).toContain('Subject: Stock alerts: 1 out of stock, 1 low');
    expect(mail).toContain(`To: ${admin.user.email}`);
    expect(mail).toContain('Alert lamp: 0 left');
    expect(mail).toContain('Alert lamp: 4 left (low at 5)');
    expect((await queued()).every((a) => a.sentAt !== null)).toBe(true);
    expect(await sendStockAlerts(t.ctx)).toBe(0);
    expect(await mails()).toHaveLength(1);
  });

  it('queues nothing when the notification is off, or when the change rolls back', async () => {
    await setSettings(t.ctx.db, { low_stock_email_notifications: false });
    const product = await createProduct(t.ctx.db, { stockQuantity: 10, lowStockThreshold: 5 });
    await t.ctx.db.transaction((tx) =>
      adjust(tx, {
        productId: product.id,
        variantId: null,
        storeLocationId: null,
        newQuantity: 3,
        userId: null,
      }),
    );
    expect(await queued()).toEqual([]);

    await expect(
      t.ctx.db.transaction(async (tx) => {
        await adjust(tx, {
          productId: product.id,
          variantId: null,
          storeLocationId: null,
          newQuantity: 0,
          userId: null,
        });
        throw new Error('the order failed after the deduction');
      }),
    ).rejects.toThrow('the order failed');
    expect(await queued()).toEqual([]);
    expect(await t.ctx.db.select().from(jobs)).toEqual([]);
  });

  it('mails the admin e-mail of the e-mail settings when one is set, by the job the stock update route queued', async () => {
    await setSettings(t.ctx.db, { admin_email: 'stock@shop.test' });
    const product = await createProduct(t.ctx.db, {
      name: 'Routed vase',
      stockQuantity: 2,
      lowStockThreshold: 1,
    });
    const response = await admin.post('/api/stock-update/update-stock', {
      product_id: product.id,
      new_quantity: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
    // The route only queued the job (docs/decisions/0046): nothing is mailed until it runs.
    expect(await mails()).toEqual([]);
    expect(await t.runDueJobs()).toBe(1);
    expect((await queued()).every((a) => a.sentAt !== null)).toBe(true);
    const [mail] = await mails();
    expect(await mails()).toHaveLength(1);
    expect(mail).toContain('To: stock@shop.test');
    expect(mail).toContain('Subject: Out of stock: Routed vase');
  });

  it('puts an alert back with the error when the mail server cannot be reached, and sends it later', async () => {
    await setSettings(t.ctx.db, { smtp_host: '127.0.0.1', smtp_port: 1 });
    const product = await createProduct(t.ctx.db, { stockQuantity: 6, lowStockThreshold: 5 });
    await t.ctx.db.transaction((tx) =>
      adjust(tx, {
        productId: product.id,
        variantId: null,
        storeLocationId: null,
        newQuantity: 2,
        userId: null,
      }),
    );
    expect(await sendStockAlerts(t.ctx)).toBe(0);
    const [failed] = await queued();
    expect(failed).toMatchObject({ sentAt: null, attempts: 1 });
    expect(failed!.lastError).toMatch(/ECONNREFUSED|connect/i);

    await setSettings(t.ctx.db, { smtp_host: '' });
    expect(await sendStockAlerts(t.ctx)).toBe(1);
    const [sent] = await t.ctx.db.select().from(stockAlerts).where(eq(stockAlerts.id, failed!.id));
    expect(sent!.attempts).toBe(2);
    expect(sent!.sentAt).not.toBeNull();
  });

  it('queues one job for every alert waiting, which fails while the mail server is down and mails them all later', async () => {
    await setSettings(t.ctx.db, { smtp_host: '127.0.0.1', smtp_port: 1 });
    for (const name of ['Queued cup', 'Queued plate']) {
      const product = await createProduct(t.ctx.db, { name, stockQuantity: 6, lowStockThreshold: 5 });
      await t.ctx.db.transaction((tx) =>
        adjust(tx, {
          productId: product.id,
          variantId: null,
          storeLocationId: null,
          newQuantity: 2,
          userId: null,
        }),
      );
    }
    const waiting = await t.ctx.db.select().from(jobs);
    expect(waiting.map((j) => [j.name, j.status])).toEqual([['stock.alerts-mail', 'queued']]);
    expect(await t.runDueJobs()).toBe(1);
    const [retry] = await t.ctx.db.select().from(jobs);
    expect(retry).toMatchObject({ status: 'queued', attempts: 1 });
    expect(retry!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(retry!.runAt.getTime()).toBeGreaterThan(t.ctx.now().getTime());

    await setSettings(t.ctx.db, { smtp_host: '' });
    await t.settleJobs();
    const [done] = await t.ctx.db.select().from(jobs);
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    expect(await mails()).toHaveLength(1);
    expect(await mails()).toEqual([expect.stringContaining('Stock alerts: 0 out of stock, 2 low')]);
  });

  it('mails every active admin when no admin e-mail is set', async () => {
    const other = await createUser(t.ctx.db, { roles: ['admin'] });
    const suspended = await createUser(t.ctx.db, { roles: ['admin'], accountStatus: 'suspended' });
    const product = await createProduct(t.ctx.db, { stockQuantity: 1, lowStockThreshold: 0 });
    await t.ctx.db.transaction((tx) =>
      adjust(tx, {
        productId: product.id,
        variantId: null,
        storeLocationId: null,
        newQuantity: 0,
        userId: null,
      }),
    );
    expect(await sendStockAlerts(t.ctx)).toBe(1);
    const [mail] = await mails();
    const to = mail!.split('\n').find((line) => line.startsWith('To:'))!;
    expect(to).toContain(admin.user.email);
    expect(to).toContain(other.email);
    expect(to).not.toContain(suspended.email);
  });
});
