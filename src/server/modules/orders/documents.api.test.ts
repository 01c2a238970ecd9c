import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_DOCUMENT_MESSAGES as M } from '../../../contracts/orders';
import { DOCUMENT_TYPES, DOCUMENT_UNAVAILABLE_MESSAGES } from '../../../domain/orders/documents-and-link';
import { createOrderFixture } from '../../../test/order-fixtures';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { jobs } from '../../platform/jobs/jobs.tables';
import { setSettings } from '../../platform/settings/settings-store';
import { orderDocumentNumbers, orderDocuments, orders } from './orders.tables';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let customer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  customer = await t.signedIn(['customer']);
  await setSettings(t.ctx.db, {
    company_name: 'Emporium Trading Ltd',
    company_address: '1 Harbour Front, Port Louis',
    company_vat_number: 'VAT-20123456',
    company_email: 'accounts@emporium.test',
    company_phone: '+230 200 0000',
  });
});
afterAll(() => t.close());

async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const year = new Date().getUTCFullYear();

/** What the screen does: POST …/generate (reuses the current version, or makes one), then GET the view. */
async function show(orderId: number, type: string, fresh = false, agent: Agent = admin) {
  const made = await agent.post(
    `/admin/orders/${orderId}/documents/${type}/generate`,
    fresh ? { fresh } : {},
  );
  if (made.statusCode !== 200) return made;
  return agent.get(`/admin/orders/${orderId}/documents/view/${type}`);
}

describe('who may use the document routes', () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    ['GET', '/admin/orders/1/documents'],
    ['GET', '/admin/orders/1/documents/view/proforma_invoice'],
    ['POST', '/admin/orders/1/documents/proforma_invoice/generate', {}],
    ['GET', '/admin/orders/1/documents/1/view'],
    ['GET', '/admin/orders/1/documents/proforma_invoice/history'],
    ['POST', '/admin/orders/1/send-document-email', { document_type: 'proforma_invoice' }],
    ['DELETE', '/admin/orders/1/documents/1'],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 without orders.manage', async (method, url, body) => {
    const guest = t.agent();
    await guest.visit();
    const out = await guest.request({ method: method as 'GET', url, payload: body });
    expect(out.statusCode).toBe(401);
    const denied = await customer.request({ method: method as 'GET', url, payload: body });
    expect(denied.statusCode).toBe(403);
  });

  it.each(calls)('%s %s: 404 for an order that does not exist', async (method, url, body) => {
    const missing = url.replace('/orders/1/', '/orders/999999/');
    expect((await admin.request({ method: method as 'GET', url: missing, payload: body })).statusCode).toBe(
      404,
    );
  });

  it('404 for a deleted order, an unknown type and a document of another order', async () => {
    const deleted = await createOrderFixture(t.ctx.db, { deletedAt: new Date() });
    expect((await admin.get(`/admin/orders/${deleted.id}/documents`)).statusCode).toBe(404);
    const order = await createOrderFixture(t.ctx.db);
    expect((await show(order.id, 'invoice')).statusCode).toBe(404);
    const other = await createOrderFixture(t.ctx.db);
    await show(other.id, 'proforma_invoice');
    const [doc] = await t.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, other.id));
    expect((await admin.get(`/admin/orders/${order.id}/documents/${doc!.id}/view`)).statusCode).toBe(404);
    expect((await admin.delete(`/admin/orders/${order.id}/documents/${doc!.id}`)).statusCode).toBe(404);
  });
});

describe('generating is a POST; viewing changes nothing (issue 11)', () => {
  const count = async (orderId: number) =>
    (await t.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, orderId))).length;

  it('GET view never makes a version, not even with ?fresh=1 or after the order changed', async () => {
    const order = await createOrderFixture(t.ctx.db);
    const view = `/admin/orders/${order.id}/documents/view/proforma_invoice`;
    const none = await admin.get(`${view}?fresh=1`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(M.notGeneratedYet);
    expect(await count(order.id)).toBe(0);

    const made = await admin.post(`/admin/orders/${order.id}/documents/proforma_invoice/generate`, {});
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ success: true, message: M.generated, version: 1, generated: true });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.ctx.db
      .update(orders)
      .set({ trackingCode: 'TRK2', updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const shown = await admin.get(`${view}?fresh=1`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(await count(order.id)).toBe(1);

    const again = await admin.post(`/admin/orders/${order.id}/documents/proforma_invoice/generate`, {});
    expect(again.json()).toMatchObject({ version: 2, generated: true });
    const reused = await admin.post(`/admin/orders/${order.id}/documents/proforma_invoice/generate`);
    expect(reused.json()).toMatchObject({ message: M.upToDate, version: 2, generated: false });
    expect(await count(order.id)).toBe(2);
  });

  it('refuses a generate call without the CSRF token (419) and makes nothing', async () => {
    const order = await createOrderFixture(t.ctx.db);
    const reply = await admin.request({
      method: 'POST',
      url: `/admin/orders/${order.id}/documents/proforma_invoice/generate`,
      payload: { fresh: true },
      csrf: false,
    });
    expect(reply.statusCode).toBe(419);
    expect(await count(order.id)).toBe(0);
  });

  it('answers 422 for a fresh flag that is not true or false', async () => {
    const order = await createOrderFixture(t.ctx.db);
    const reply = await admin.post(`/admin/orders/${order.id}/documents/proforma_invoice/generate`, {
      fresh: 'yes',
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors.fresh).toEqual(['Must be true or false.']);
    expect(await count(order.id)).toBe(0);
  });
});

describe('documents of an order', () => {
  it('lists every type with its availability (spec 1 §4) and no documents at first', async () => {
    const order = await createOrderFixture(t.ctx.db);
    const reply = await staff.get(`/admin/orders/${order.id}/documents`);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.documents).toEqual([]);
    expect(Object.keys(body.document_status).sort()).toEqual([...DOCUMENT_TYPES].sort());
    expect(body.document_status).toMatchObject({
      proforma_invoice: { available: true, latest_id: null, count: 0 },
      final_invoice: { available: false },
      delivery_note: { available: false },
      receipt: { available: true },
      credit_note: { available: false },
      shipping_label: { available: true },
      packing_slip: { available: true },
    });
  });

  it('renders a proforma invoice as a PDF with the company, order code, items and formatted totals', async () => {
    const order = await createOrderFixture(t.ctx.db);
    const reply = await show(order.id, 'proforma_invoice');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toBe(
      `inline; filename="proforma_invoice-${order.orderCode}.pdf"`,
    );
    expect(reply.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(reply.rawPayload);
    expect(text).toContain('Proforma Invoice');
    expect(text).toContain(order.orderCode);
    expect(text).toContain('Emporium Trading Ltd');
    expect(text).toContain('VAT number: VAT-20123456');
    expect(text).toContain('Garden chair');
    expect(text).toContain('Oak table (Large)');
    expect(text).toContain('12 Royal Road, Curepipe');
    expect(text).toContain('Rs 1,063.00'); // grand total, en-GB grouping, 2 decimals
    expect(text).toContain('Rs 1,043.00'); // amount due
    expect(text).toContain('15%: on Rs 920.00 VAT Rs 138.00');

    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.document_generated'), eq(auditLog.subjectId, String(order.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.subjectType).toBe('order');
    expect(audits[0]!.data).toMatchObject({ document_type: 'proforma_invoice', version: 1 });
  });

  it('serves the latest version while the order is unchanged, a new one after a change or on request', async () => {
    const order = await createOrderFixture(t.ctx.db);
    const url = `/admin/orders/${order.id}/documents/view/packing_slip`;
    expect((await admin.get(url)).json()).toMatchObject({ message: M.notGeneratedYet });
    expect((await show(order.id, 'packing_slip')).statusCode).toBe(200);
    await show(order.id, 'packing_slip');
    await admin.get(url);
    let docs = await t.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, order.id));
    expect(docs).toHaveLength(1);
    await t.ctx.db
      .update(orders)
      .set({ trackingCode: 'TRK1', updatedAt: new Date(Date.now() + 1000) })
      .where(eq(orders.id, order.id));
    await show(order.id, 'packing_slip');
    await show(order.id, 'packing_slip', true);
    docs = await t.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, order.id));
    expect(docs.map((d) => d.version).sort()).toEqual([1, 2, 3]);

    const listed = (await admin.get(`/admin/orders/${order.id}/documents`)).json();
    expect(listed.documents).toHaveLength(3);
    expect(listed.document_status.packing_slip.count).toBe(3);
    const latest = docs.find((d) => d.version === 3)!;
    expect(listed.document_status.packing_slip.latest_id).toBe(latest.id);
    expect(listed.documents[0]).toMatchObject({ id: latest.id, document_type: 'packing_slip', version: 3 });

    const history = await admin.get(`/admin/orders/${order.id}/documents/packing_slip/history`);
    expect(history.statusCode).toBe(200);
    expect(history.json().history.map((h: { version: number }) => h.version)).toEqual([3, 2, 1]);

    const stored = await admin.get(`/admin/orders/${order.id}/documents/${docs[0]!.id}/view`);
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(stored.rawPayload);
    expect(text).toContain('Packing Slip');
    // Quantities, not prices.
    expect(text).toContain('Total quantity: 3');
    expect(text).not.toContain('Rs 1,063.00');
  });

  it('answers 422 for a document the order is not ready for (spec 1 §4)', async () => {
    const order = await createOrderFixture(t.ctx.db, {
      deliveryStatus: 'processing',
      paymentStatus: 'partial',
    });
    for (const type of ['final_invoice', 'delivery_note', 'credit_note'] as const) {
      const reply = await show(order.id, type);
      expect(reply.statusCode).toBe(422);
      expect(reply.json()).toMatchObject({
        message: DOCUMENT_UNAVAILABLE_MESSAGES[type],
        errors: { document_type: [DOCUMENT_UNAVAILABLE_MESSAGES[type]] },
      });
    }
    const pickup = await createOrderFixture(t.ctx.db, { shippingType: 'pickup', deliveryAddress: null });
    expect((await show(pickup.id, 'shipping_label')).statusCode).toBe(422);
    const email = await admin.post(`/admin/orders/${order.id}/send-document-email`, {
      document_type: 'final_invoice',
    });
    expect(email.statusCode).toBe(422);
  });

  it('draws a delivery note (quantities) and a shipping label (addresses, carrier, tracking)', async () => {
    const order = await createOrderFixture(t.ctx.db, {
      deliveryStatus: 'in_transit',
      trackingCode: 'TRK-778899',
    });
    const note = await show(order.id, 'delivery_note');
    expect(note.statusCode).toBe(200);
    const noteText = await pdfText(note.rawPayload);
    expect(noteText).toContain('Delivery Note');
    expect(noteText).toContain('Oak table (Large)');
    expect(noteText).not.toContain('Rs 1,000.00');
    const label = await show(order.id, 'shipping_label');
    const labelText = await pdfText(label.rawPayload);
    expect(labelText).toContain('Shipping Label');
    expect(labelText).toContain('12 Royal Road, Curepipe');
    expect(labelText).toContain('Tracking code: TRK-778899');
    const receipt = await show(order.id, 'receipt');
    const receiptText = await pdfText(receipt.rawPayload);
    expect(receiptText).toContain('Payments received');
    expect(receiptText).toContain('20/11/2026');
  });

  it('deletes a version after audit; its number stays reserved for the order', async () => {
    const order = await createOrderFixture(t.ctx.db, { paymentStatus: 'paid', amountPaid: '1063.00' });
    await show(order.id, 'final_invoice');
    const [doc] = await t.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, order.id));
    const stored = path.join(t.dataDir, 'uploads', doc!.storagePath);
    await expect(fs.access(stored)).resolves.toBeUndefined();
    const reply = await admin.delete(`/admin/orders/${order.id}/documents/${doc!.id}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: M.deleted });
    await expect(fs.access(stored)).rejects.toThrow();
    expect(await t.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.id, doc!.id))).toEqual([]);
    expect((await admin.get(`/admin/orders/${order.id}/documents/${doc!.id}/view`)).statusCode).toBe(404);
    const [kept] = await t.ctx.db
      .select()
      .from(orderDocumentNumbers)
      .where(eq(orderDocumentNumbers.orderId, order.id));
    expect(kept!.documentNumber).toBe(doc!.documentNumber);
    await show(order.id, 'final_invoice');
    const [again] = await t.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, order.id));
    expect(again).toMatchObject({ documentNumber: doc!.documentNumber, version: 1 });
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.document_deleted'), eq(auditLog.subjectId, String(order.id))));
    expect(audits[0]!.data).toMatchObject({ document_id: doc!.id, document_number: doc!.documentNumber });
  });
});

describe('final invoice and credit note numbers (DECISIONS 12)', () => {
  const numberOf = async (orderId: number, type = 'final_invoice') => {
    const reply = await show(orderId, type);
    expect(reply.statusCode).toBe(200);
    const listed = (await admin.get(`/admin/orders/${orderId}/documents`)).json();
    return listed.documents.find((d: { document_type: string }) => d.document_type === type)
      .document_number as string;
  };
  const seq = (number: string) => Number(number.split('-')[2]);

  it('gives two orders consecutive numbers, and a regenerated invoice keeps its number', async () => {
    const a = await createOrderFixture(t.ctx.db, { paymentStatus: 'paid' });
    const b = await createOrderFixture(t.ctx.db, { paymentType: 'credit', paymentStatus: 'unpaid' });
    const first = await numberOf(a.id);
    const second = await numberOf(b.id);
    expect(first).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    expect(seq(second)).toBe(seq(first) + 1);
    const again = await show(a.id, 'final_invoice', true);
    expect(await pdfText(again.rawPayload)).toContain(`Number: ${first}`);
    const history = (await admin.get(`/admin/orders/${a.id}/documents/final_invoice/history`)).json().history;
    expect(
      history.map((h: { document_number: string; version: number }) => [h.document_number, h.version]),
    ).toEqual([
      [first, 2],
      [first, 1],
    ]);
  });

  it('numbers credit notes on their own sequence', async () => {
    const order = await createOrderFixture(t.ctx.db, { paymentStatus: 'refunded' });
    expect(await numberOf(order.id, 'credit_note')).toMatch(new RegExp(`^CN-${year}-\\d{6}$`));
  });

  it('gives concurrent generations distinct consecutive numbers', async () => {
    const made = await Promise.all(
      Array.from({ length: 5 }, () => createOrderFixture(t.ctx.db, { paymentStatus: 'paid' })),
    );
    const replies = await Promise.all(
      made.flatMap((o) => [show(o.id, 'final_invoice', true), show(o.id, 'final_invoice', true)]),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const numbers = await Promise.all(made.map((o) => numberOf(o.id)));
    const sorted = numbers.map(seq).sort((x, y) => x - y);
    expect(new Set(sorted).size).toBe(5);
    expect(sorted[4]! - sorted[0]!).toBe(4);
    for (const o of made) {
      const history = (await admin.get(`/admin/orders/${o.id}/documents/final_invoice/history`)).json()
        .history;
      expect(new Set(history.map((h: { document_number: string }) => h.document_number)).size).toBe(1);
    }
  });
});

describe('sending a document by e-mail', () => {
  it('queues the e-mail, and the job mails the PDF as an attachment to the customer and audits it', async () => {
    const order = await createOrderFixture(t.ctx.db);
    const reply = await admin.post(`/admin/orders/${order.id}/send-document-email`, {
      document_type: 'proforma_invoice',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, message: M.emailSent });
    const dir = path.join(t.dataDir, 'mail');
    const mine = async () =>
      (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.includes(order.customerEmail!));
    expect(await mine()).toEqual([]);
    const made = async () =>
      (await t.ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, order.id))).length;
    // The request makes no PDF: a job does (issue 18), then another mails it.
    expect(await made()).toBe(0);
    expect(await t.runDueJobs()).toBe(2);
    expect(await made()).toBe(1);
    const file = (await fs.readdir(dir)).find((f) => f.includes(order.customerEmail!.replace('@', '@')));
    expect(file).toBeDefined();
    const raw = await fs.readFile(path.join(dir, file!), 'utf8');
    expect(raw).toContain(`To: ${order.customerEmail}`);
    expect(raw).toContain('Content-Type: application/pdf');
    expect(raw).toContain(`proforma_invoice-${order.orderCode}.pdf`);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.document_emailed'), eq(auditLog.subjectId, String(order.id))));
    expect(audits[0]!.data).toMatchObject({ document_type: 'proforma_invoice', to: order.customerEmail });
  });

  it('refuses a missing or unknown type, and an order without e-mail', async () => {
    const order = await createOrderFixture(t.ctx.db, { customerEmail: null });
    expect((await admin.post(`/admin/orders/${order.id}/send-document-email`, {})).json()).toMatchObject({
      errors: { document_type: [M.documentType] },
    });
    expect(
      (await admin.post(`/admin/orders/${order.id}/send-document-email`, { document_type: 'x' })).statusCode,
    ).toBe(422);
    const reply = await admin.post(`/admin/orders/${order.id}/send-document-email`, {
      document_type: 'proforma_invoice',
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().message).toBe(M.customerEmailRequired);
  });

  it('answers at once when the mail server is down; the job retries and audits the failure', async () => {
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
      const reply = await admin.post(`/admin/orders/${order.id}/send-document-email`, {
        document_type: 'proforma_invoice',
      });
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toEqual({ success: true, message: M.emailSent });
      await t.settleJobs();
      const [job] = await t.ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.name, 'orders.document-mail'))
        .orderBy(desc(jobs.id))
        .limit(1);
      expect(job).toMatchObject({ status: 'failed', attempts: job!.maxAttempts });
      expect(job!.lastError).toMatch(/ECONNREFUSED|connect/i);
      const audits = await t.ctx.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'order.document_email_failed'), eq(auditLog.subjectId, String(order.id))),
        );
      expect(audits).toHaveLength(1);
      expect(audits[0]!.data).toMatchObject({ document_type: 'proforma_invoice' });
    } finally {
      await setSettings(t.ctx.db, { smtp_host: '' });
    }
  });
});
