import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileReply } from '../../../contracts/files';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../platform/audit/audit.tables';
import { setSettings } from '../../platform/settings/settings-store';
import { files } from './files.tables';
import { demoPdf, seedDemoFiles } from './seed-demo-files';

type Upload = { name: string; data: Buffer; type?: string };
type SignedIn = Awaited<ReturnType<TestApp['signedIn']>>;

const MB = 1024 * 1024;

let t: TestApp;
let admin: SignedIn;
let png: Buffer;
let jpeg: Buffer;
let pdf: Buffer;
let xlsx: Buffer;

async function image(format: 'png' | 'jpeg', width: number, height: number, colour = '#3490dc') {
  const base = sharp({ create: { width, height, channels: 3, background: colour } });
  return format === 'png' ? base.png().toBuffer() : base.jpeg().toBuffer();
}

/** A multipart body as a browser builds it (FormData), ready for app.inject. */
async function multipart(uploads: Upload[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const upload of uploads) {
    form.append('files[]', new Blob([new Uint8Array(upload.data)], { type: upload.type ?? '' }), upload.name);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type')!,
  };
}

async function upload(agent: SignedIn, uploads: Upload[], fields: Record<string, string> = {}, csrf = true) {
  const body = await multipart(uploads, fields);
  return agent.request({
    method: 'POST',
    url: '/admin/file/upload',
    payload: body.payload,
    headers: { 'content-type': body.contentType },
    csrf,
  });
}

const uploadsDir = () => path.join(t.dataDir, 'uploads');

async function filesOnDisk(): Promise<string[]> {
  try {
    return (await fs.readdir(uploadsDir(), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(uploadsDir(), path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

async function tempLeftovers(): Promise<string[]> {
  try {
    return await fs.readdir(path.join(t.dataDir, 'tmp'));
  } catch {
    return [];
  }
}

async function rowCount(): Promise<number> {
  const [row] = await t.ctx.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(files);
  return row!.n;
}

async function emptyLibrary() {
  await t.ctx.db.delete(files);
  await fs.rm(uploadsDir(), { recursive: true, force: true });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  png = await image('png', 640, 480);
  jpeg = await image('jpeg', 300, 900, '#c2410c');
  pdf = demoPdf('Price list');
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Prices').addRow(['Lamp', 12.5]);
  xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
});
afterAll(() => t.close());

beforeEach(async () => {
  await setSettings(t.ctx.db, {
    file_upload_max_size: 5,
    file_upload_allowed_types: 'jpg,jpeg,png,gif,webp,pdf,doc,docx,xls,xlsx',
  });
});

describe('POST /admin/file/upload', () => {
  beforeEach(emptyLibrary);

  it('stores images and documents, deciding type from the content, with previews for images', async () => {
    const response = await upload(
      admin,
      [
        { name: 'Blue Lamp.png', data: png, type: 'image/png' },
        { name: 'tall.jpeg', data: jpeg, type: 'image/jpeg' },
        { name: 'Price list.pdf', data: pdf, type: 'application/pdf' },
      ],
      { context: 'documents' },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: '3 files uploaded successfully.' });
    const [lamp, tall, list] = body.files as FileReply[];
    expect(lamp).toMatchObject({
      name: 'Blue Lamp.png',
      size: png.length,
      mime_type: 'image/png',
      extension: 'png',
      is_image: true,
      is_document: false,
      context: 'documents',
      width: 640,
      height: 480,
    });
    expect(lamp!.path).toMatch(/^files\/\d{4}\/\d{2}\/[0-9a-f]{16}-blue-lamp\.png$/);
    expect(lamp!.url).toBe(`/uploads/${lamp!.path}`);
    expect(lamp!.preview_url).toMatch(/^\/uploads\/previews\/\d{4}\/\d{2}\/[0-9a-f]{16}-blue-lamp\.webp$/);
    expect(lamp!.formatted_size).toMatch(/ (B|KB)$/);
    expect(tall).toMatchObject({ extension: 'jpeg', mime_type: 'image/jpeg', width: 300, height: 900 });
    expect(list).toMatchObject({
      extension: 'pdf',
      mime_type: 'application/pdf',
      is_document: true,
      is_image: false,
      preview_url: null,
      width: null,
      height: null,
    });

    // The bytes on disk are the bytes sent; the preview is a small WebP.
    expect(await fs.readFile(path.join(uploadsDir(), lamp!.path))).toEqual(png);
    const preview = await t.agent().get(lamp!.preview_url!);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    const meta = await sharp(preview.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBe(400);
    const tallPreview = await sharp((await t.agent().get(tall!.preview_url!)).rawPayload).metadata();
    expect([tallPreview.width, tallPreview.height]).toEqual([133, 400]);

    const [row] = await t.ctx.db.select().from(files).where(eq(files.id, lamp!.id));
    expect(row!.uploadedBy).toBe(admin.user.id);
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'files.uploaded'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry!.data).toMatchObject({ ids: [lamp!.id, tall!.id, list!.id] });
    expect(await tempLeftovers()).toEqual([]);
  });

  it('uses the context "products" by default and keeps the type the content proves', async () => {
    const response = await upload(admin, [{ name: 'really-a-png.jpg', data: png, type: 'image/jpeg' }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().files[0]).toMatchObject({
      name: 'really-a-png.jpg',
      context: 'products',
      extension: 'png',
      mime_type: 'image/png',
    });
    expect(response.json().files[0].path).toMatch(/-really-a-png\.png$/);
    expect(response.json().message).toBe('1 file uploaded successfully.');
  });

  it('accepts an Office spreadsheet (a zip container) by its content', async () => {
    const response = await upload(admin, [{ name: 'prices.xlsx', data: xlsx }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().files[0]).toMatchObject({
      extension: 'xlsx',
      mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      is_document: true,
    });
  });

  it('answers 422 "No files selected for upload." without files', async () => {
    const response = await upload(admin, [], { context: 'products' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'No files selected for upload.',
      errors: { files: ['No files selected for upload.'] },
    });
    const notMultipart = await admin.post('/admin/file/upload', { context: 'products' });
    expect(notMultipart.statusCode).toBe(422);
    expect(notMultipart.json().message).toBe('No files selected for upload.');
  });

  it('refuses a file over the max-size setting while streaming and keeps nothing', async () => {
    await setSettings(t.ctx.db, { file_upload_max_size: 1 });
    const big = Buffer.concat([png, Buffer.alloc(1.5 * MB - png.length)]);
    const response = await upload(admin, [
      { name: 'small.png', data: png },
      { name: 'big.png', data: big },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('File too large: big.png (max 1 MB)');
    expect(response.json().errors).toEqual({ files: ['File too large: big.png (max 1 MB)'] });
    expect(await rowCount()).toBe(0);
    expect(await filesOnDisk()).toEqual([]);
    expect(await tempLeftovers()).toEqual([]);
  });

  it('accepts a file of exactly the max size', async () => {
    await setSettings(t.ctx.db, { file_upload_max_size: 1 });
    const exact = Buffer.concat([pdf, Buffer.alloc(MB - pdf.length, 0x20)]);
    const response = await upload(admin, [{ name: 'exact.pdf', data: exact }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().files[0].size).toBe(MB);
  });

  it('refuses files over 50 MB together and keeps nothing', async () => {
    await setSettings(t.ctx.db, { file_upload_max_size: 6 });
    const five = Buffer.concat([pdf, Buffer.alloc(5 * MB - pdf.length, 0x20)]);
    const uploads = Array.from({ length: 11 }, (_, i) => ({ name: `part-${i}.pdf`, data: five }));
    const response = await upload(admin, uploads);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Total file size exceeds 50 MB limit');
    expect(await rowCount()).toBe(0);
    expect(await filesOnDisk()).toEqual([]);
    expect(await tempLeftovers()).toEqual([]);
  });

  it('refuses more than 50 files in one upload', async () => {
    const uploads = Array.from({ length: 51 }, (_, i) => ({ name: `p${i}.pdf`, data: pdf }));
    const response = await upload(admin, uploads);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Too many files: at most 50 can be uploaded at once.');
    expect(await rowCount()).toBe(0);
    expect(await tempLeftovers()).toEqual([]);
  });

  it('answers 422 for a cut-off multipart body and keeps nothing', async () => {
    const body = await multipart([
      { name: 'a.png', data: png },
      { name: 'b.pdf', data: pdf },
    ]);
    const response = await admin.request({
      method: 'POST',
      url: '/admin/file/upload',
      payload: body.payload.subarray(0, body.payload.length - 200),
      headers: { 'content-type': body.contentType },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The upload could not be read. Please try again.');
    expect(await rowCount()).toBe(0);
    expect(await filesOnDisk()).toEqual([]);
    expect(await tempLeftovers()).toEqual([]);
  });

  it.each([
    ['a text file named .png', 'notes.png', Buffer.from('just some words, not a picture\n'.repeat(20))],
    ['an HTML page named .png', 'page.png', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['a Windows program named .png', 'setup.png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000)])],
    [
      'an SVG (not sanitised yet)',
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
  ])('refuses %s by its content, naming the file', async (_label, name, data) => {
    const response = await upload(admin, [{ name, data, type: 'image/png' }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      `File content not allowed: ${name} (its content is not one of jpg, jpeg, png, gif, webp, pdf, doc, docx, xls, xlsx)`,
    );
    expect(await rowCount()).toBe(0);
  });

  it('refuses SVG content even when an admin allows svg', async () => {
    await setSettings(t.ctx.db, { file_upload_allowed_types: 'png,svg' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
    const response = await upload(admin, [{ name: 'logo.svg', data: svg, type: 'image/svg+xml' }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('File content not allowed: logo.svg');
  });

  it('refuses a type the setting does not allow', async () => {
    await setSettings(t.ctx.db, { file_upload_allowed_types: 'png' });
    const response = await upload(admin, [{ name: 'list.pdf', data: pdf }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'File content not allowed: list.pdf (its content is not one of png)',
    );
  });

  it('refuses a broken image', async () => {
    const broken = Buffer.concat([png.subarray(0, 64), Buffer.alloc(500)]);
    const response = await upload(admin, [{ name: 'broken.png', data: broken }]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('The image could not be read: broken.png');
  });

  it('stores nothing when one file of several is refused', async () => {
    const response = await upload(admin, [
      { name: 'good.png', data: png },
      { name: 'good.pdf', data: pdf },
      { name: 'bad.png', data: Buffer.from('plain text') },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('bad.png');
    expect(await rowCount()).toBe(0);
    expect(await filesOnDisk()).toEqual([]);
    expect(await tempLeftovers()).toEqual([]);
  });

  it('refuses an unknown context', async () => {
    const response = await upload(admin, [{ name: 'a.png', data: png }], { context: 'elsewhere' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ context: ['The selected context is invalid.'] });
    expect(await rowCount()).toBe(0);
  });

  it('answers 401 signed out, 403 without files.manage, 419 without the CSRF token', async () => {
    const guest = t.agent();
    await guest.visit();
    const body = await multipart([{ name: 'a.png', data: png }]);
    const signedOut = await guest.request({
      method: 'POST',
      url: '/admin/file/upload',
      payload: body.payload,
      headers: { 'content-type': body.contentType },
    });
    expect(signedOut.statusCode).toBe(401);
    const customer = await t.signedIn(['customer']);
    expect((await upload(customer, [{ name: 'a.png', data: png }])).statusCode).toBe(403);
    expect((await upload(admin, [{ name: 'a.png', data: png }], {}, false)).statusCode).toBe(419);
    const staff = await t.signedIn(['staff']);
    expect((await upload(staff, [{ name: 'a.png', data: png }])).statusCode).toBe(200);
    expect(await rowCount()).toBe(1);
  });
});

describe('the library: list, get, delete', () => {
  let uploaded: FileReply[];

  beforeAll(async () => {
    await emptyLibrary();
    const first = await upload(
      admin,
      [
        { name: 'Alpha lamp.png', data: png },
        { name: 'Beta chair.jpg', data: jpeg },
      ],
      { context: 'products' },
    );
    t.advance(1000);
    const second = await upload(admin, [{ name: 'Catalogue.pdf', data: pdf }], { context: 'documents' });
    t.advance(1000);
    const third = await upload(admin, [{ name: 'Delta banner.png', data: await image('png', 1200, 400) }], {
      context: 'sliders',
    });
    t.advance(1000);
    const fourth = await upload(admin, [{ name: 'Echo prices.xlsx', data: xlsx }], { context: 'documents' });
    uploaded = [first, second, third, fourth].flatMap((r) => r.json().files as FileReply[]);
  });

  const list = (query = '') => admin.get(`/admin/file-manager${query}`);
  const names = (body: { files: FileReply[] }) => body.files.map((f) => f.name);
  const sizeOf = (...wanted: string[]) =>
    uploaded.filter((f) => wanted.includes(f.name)).reduce((sum, f) => sum + f.size, 0);

  it('lists the newest first with paging, count and the total size', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(names(body)).toEqual([
      'Echo prices.xlsx',
      'Delta banner.png',
      'Catalogue.pdf',
      'Beta chair.jpg',
      'Alpha lamp.png',
    ]);
    expect(body.pagination).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 24,
      total: 5,
      from: 1,
      to: 5,
    });
    expect(body.total_size).toBe(uploaded.reduce((sum, f) => sum + f.size, 0));
  });

  it('pages in SQL and keeps the totals on every page, also past the end', async () => {
    const second = (await list('?per_page=2&page=2')).json();
    expect(names(second)).toEqual(['Catalogue.pdf', 'Beta chair.jpg']);
    expect(second.pagination).toMatchObject({ current_page: 2, last_page: 3, total: 5, from: 3, to: 4 });
    expect(second.total_size).toBe(uploaded.reduce((sum, f) => sum + f.size, 0));
    const beyond = (await list('?per_page=2&page=9')).json();
    expect(beyond.files).toEqual([]);
    expect(beyond.pagination).toMatchObject({ total: 5, last_page: 3 });
    expect(beyond.total_size).toBe(uploaded.reduce((sum, f) => sum + f.size, 0));
  });

  it.each([
    ['?type=image', ['Delta banner.png', 'Beta chair.jpg', 'Alpha lamp.png']],
    ['?type=document', ['Echo prices.xlsx', 'Catalogue.pdf']],
    ['?type=other', []],
    ['?context=documents', ['Echo prices.xlsx', 'Catalogue.pdf']],
    ['?context=products&type=image', ['Beta chair.jpg', 'Alpha lamp.png']],
    [
      '?context=&type=',
      ['Echo prices.xlsx', 'Delta banner.png', 'Catalogue.pdf', 'Beta chair.jpg', 'Alpha lamp.png'],
    ],
    ['?search=LAMP', ['Alpha lamp.png']],
    ['?search=%25', []],
    [
      '?sort_by=name&sort_order=asc',
      ['Alpha lamp.png', 'Beta chair.jpg', 'Catalogue.pdf', 'Delta banner.png', 'Echo prices.xlsx'],
    ],
    ['?sort_by=name&sort_order=desc&type=image', ['Delta banner.png', 'Beta chair.jpg', 'Alpha lamp.png']],
  ])('filters and sorts: %s', async (query, expected) => {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(names(body)).toEqual(expected);
    expect(body.pagination.total).toBe(expected.length);
    expect(body.total_size).toBe(sizeOf(...expected));
  });

  it('sorts by size', async () => {
    const body = (await list('?sort_by=size&sort_order=asc')).json();
    const sizes = body.files.map((f: FileReply) => f.size);
    expect(sizes).toEqual([...sizes].sort((a: number, b: number) => a - b));
    expect(sizes).toHaveLength(5);
  });

  it('answers 422 for an unknown filter or sort', async () => {
    expect((await list('?type=video')).statusCode).toBe(422);
    expect((await list('?sort_by=mime_type')).statusCode).toBe(422);
    expect((await list('?context=nowhere')).json().errors).toEqual({
      context: ['The selected context is invalid.'],
    });
  });

  it('answers a browser navigation with the admin page, and refuses others', async () => {
    // The page is the SPA shell whatever the query says; the list is validated when it is fetched.
    const page = await admin.request({
      method: 'GET',
      url: '/admin/file-manager?type=video&view=list',
      headers: { accept: 'text/html', 'x-requested-with': '' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<meta name="csrf-token"');
    expect((await t.agent().get('/admin/file-manager')).statusCode).toBe(401);
    const customer = await t.signedIn(['customer']);
    expect((await customer.get('/admin/file-manager')).statusCode).toBe(403);
    const staff = await t.signedIn(['staff']);
    expect((await staff.get('/admin/file-manager')).statusCode).toBe(200);
  });

  it('gets one file, and 404 for a missing one', async () => {
    const target = uploaded[2]!;
    const response = await admin.get(`/admin/file/${target.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: target });
    expect((await admin.get('/admin/file/999999')).statusCode).toBe(404);
    expect((await admin.get('/admin/file/99999999999')).statusCode).toBe(404);
    expect((await t.agent().get(`/admin/file/${target.id}`)).statusCode).toBe(401);
  });

  it('gets several files in the order asked', async () => {
    const [a, b, c] = uploaded;
    const response = await admin.get(`/admin/file/files?ids=${c!.id},${a!.id},999999,${b!.id},${a!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((f: FileReply) => f.id)).toEqual([c!.id, a!.id, b!.id]);
  });

  it.each([
    ['', 'The ids field is required.'],
    ['?ids=', 'The ids field is required.'],
    ['?ids=1,two', 'The ids must be a comma-separated list of file ids.'],
    ['?ids=1;drop', 'The ids must be a comma-separated list of file ids.'],
    ['?ids=0', 'The ids must be a comma-separated list of file ids.'],
    [
      `?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      'At most 100 files can be fetched at once.',
    ],
  ])('refuses ids %s', async (query, message) => {
    const response = await admin.get(`/admin/file/files${query}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(message);
  });
});

describe('deleting', () => {
  beforeEach(emptyLibrary);

  it('deletes one file with its stored file and preview', async () => {
    const [lamp] = (await upload(admin, [{ name: 'lamp.png', data: png }])).json().files as FileReply[];
    expect(await filesOnDisk()).toHaveLength(2);
    const response = await admin.delete(`/admin/file/${lamp!.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'File deleted successfully.' });
    expect(await filesOnDisk()).toEqual([]);
    expect((await admin.get(`/admin/file/${lamp!.id}`)).statusCode).toBe(404);
    expect((await t.agent().get(lamp!.url)).statusCode).toBe(404);
    expect((await admin.delete(`/admin/file/${lamp!.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete signed out, without the permission or without CSRF', async () => {
    const [lamp] = (await upload(admin, [{ name: 'lamp.png', data: png }])).json().files as FileReply[];
    const guest = t.agent();
    await guest.visit();
    expect((await guest.delete(`/admin/file/${lamp!.id}`)).statusCode).toBe(401);
    const customer = await t.signedIn(['customer']);
    expect((await customer.delete(`/admin/file/${lamp!.id}`)).statusCode).toBe(403);
    expect(
      (await admin.request({ method: 'DELETE', url: `/admin/file/${lamp!.id}`, csrf: false })).statusCode,
    ).toBe(419);
    expect(await rowCount()).toBe(1);
  });

  it('deletes in bulk and counts what it deleted', async () => {
    const stored = (
      await upload(admin, [
        { name: 'a.png', data: png },
        { name: 'b.pdf', data: pdf },
        { name: 'c.jpg', data: jpeg },
      ])
    ).json().files as FileReply[];
    const response = await admin.post('/admin/file-manager/bulk-delete', {
      file_ids: [stored[0]!.id, stored[1]!.id, 999999],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      deleted_count: 2,
      message: '2 files deleted successfully.',
    });
    const left = (await admin.get('/admin/file-manager')).json();
    expect(left.files.map((f: FileReply) => f.name)).toEqual(['c.jpg']);
    expect((await filesOnDisk()).sort()).toEqual(
      [stored[2]!.path, stored[2]!.preview_url!.replace('/uploads/', '')].sort(),
    );
  });

  it.each([[{ file_ids: [] }], [{}], [{ file_ids: 'all' }]])(
    'answers 422 "No files selected for deletion." for %j',
    async (body) => {
      const response = await admin.post('/admin/file-manager/bulk-delete', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('No files selected for deletion.');
    },
  );

  it('refuses bulk delete without the permission or CSRF', async () => {
    const customer = await t.signedIn(['customer']);
    expect((await customer.post('/admin/file-manager/bulk-delete', { file_ids: [1] })).statusCode).toBe(403);
    expect(
      (
        await admin.request({
          method: 'POST',
          url: '/admin/file-manager/bulk-delete',
          payload: { file_ids: [1] },
          csrf: false,
        })
      ).statusCode,
    ).toBe(419);
  });
});

describe('GET /uploads/*', () => {
  let stored: FileReply[];

  beforeAll(async () => {
    await emptyLibrary();
    stored = (
      await upload(admin, [
        { name: 'Lamp.png', data: png },
        { name: 'Prix été.pdf', data: pdf },
        { name: 'prices.xlsx', data: xlsx },
      ])
    ).json().files as FileReply[];
  });

  it('serves an image inline, publicly, with its stored type and strict headers', async () => {
    const response = await t.agent().request({
      method: 'GET',
      url: stored[0]!.url,
      headers: { accept: 'image/avif,image/webp,*/*', 'x-requested-with': '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(png);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': String(png.length),
    });
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="Lamp.png"; filename*=UTF-8''Lamp.png`,
    );
  });

  it('serves a PDF inline and a spreadsheet as an attachment', async () => {
    const document = await t.agent().get(stored[1]!.url);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toBe(
      `inline; filename="Prix ete.pdf"; filename*=UTF-8''Prix%20%C3%A9t%C3%A9.pdf`,
    );
    const sheet = await t.agent().get(stored[2]!.url);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(sheet.headers['content-disposition']).toMatch(/^attachment; filename="prices\.xlsx"/);
    expect(sheet.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    '/uploads/files/2026/11/0000000000000000-nothing.png',
    '/uploads/../package.json',
    '/uploads/..%2f..%2fpackage.json',
    '/uploads/files/..%2f..%2f..%2fpackage.json',
    '/uploads/%2e%2e/%2e%2e/package.json',
    '/uploads/files%2f..%2f..%2fpackage.json',
    '/uploads/%2fetc%2fpasswd',
    '/uploads/',
    '/uploads/stray.html',
  ])('answers 404 for %s', async (url) => {
    // A file placed in the storage by hand is not in the library, so it is not served either.
    await fs.writeFile(path.join(uploadsDir(), 'stray.html'), '<script>alert(1)</script>');
    const response = await t.agent().get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('"name": "emporium"');
    expect(response.body).not.toContain('<script>');
  });

  it('answers 404 when the stored file has gone from the storage', async () => {
    await fs.rm(path.join(uploadsDir(), stored[2]!.path));
    expect((await t.agent().get(stored[2]!.url)).statusCode).toBe(404);
  });
});

describe('seedDemoFiles', () => {
  it('adds demo pictures with previews and a PDF once', async () => {
    await emptyLibrary();
    expect(await seedDemoFiles(t.ctx.db, t.ctx.storage)).toBe(6);
    expect(await seedDemoFiles(t.ctx.db, t.ctx.storage)).toBe(0);
    const body = (await admin.get('/admin/file-manager?sort_by=name&sort_order=asc')).json();
    expect(body.files.map((f: FileReply) => f.extension).sort()).toEqual([
      'jpg',
      'jpg',
      'jpg',
      'pdf',
      'png',
      'webp',
    ]);
    for (const file of body.files as FileReply[]) {
      const served = await t.agent().get(file.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(file.mime_type);
      if (file.is_image) expect((await t.agent().get(file.preview_url!)).statusCode).toBe(200);
    }
  });
});
