import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLIDER_MESSAGES as M } from '../../../contracts/sliders';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import type { Storage } from '../../platform/files/storage';
import { files, seedDemoFiles } from '../files';

let t: TestApp;
let admin: Agent;
let staff: Agent;
let imageIds: number[];
let pdfId: number | undefined;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  await seedDemoFiles(t.ctx.db, t.ctx.storage as Storage);
  const rows = await t.ctx.db.select().from(files);
  imageIds = rows.filter((r) => r.mimeType.startsWith('image/')).map((r) => r.id);
  pdfId = rows.find((r) => r.extension === 'pdf')?.id;
});
afterAll(() => t.close());

async function guest(): Promise<Agent> {
  const agent = t.agent();
  await agent.visit();
  return agent;
}

const slide = (i: number, extra: Record<string, unknown> = {}) => ({
  title: `Slide ${i}`,
  description: '',
  link: '/',
  image_id: imageIds[i],
  ...extra,
});

describe('who may use the slider routes', () => {
  const calls: [string, string, Record<string, unknown>?][] = [
    ['GET', '/api/sliders'],
    ['GET', '/api/sliders/1'],
    ['POST', '/api/sliders', { name: 'X' }],
    ['PUT', '/api/sliders/1', { name: 'X' }],
    ['DELETE', '/api/sliders/1'],
    ['DELETE', '/api/slides/1'],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for staff', async (method, url, body) => {
    const out = await (await guest()).request({ method: method as 'GET', url, payload: body });
    expect(out.statusCode).toBe(401);
    expect((await staff.request({ method: method as 'GET', url, payload: body })).statusCode).toBe(403);
  });
});

describe('sliders', () => {
  it('creates a slider with ordered slides, reorders them on update, and lists it', async () => {
    const created = await admin.post('/api/sliders', {
      name: 'Home',
      description: 'Front page',
      is_active: true,
      slides: [slide(0), slide(1, { link: 'https://example.com/sale' })],
    });
    expect(created.statusCode, created.body).toBe(200);
    const slider = created.json().data;
    expect(created.json().message).toBe(M.created);
    expect(slider.slides.map((s: { title: string }) => s.title)).toEqual(['Slide 0', 'Slide 1']);
    expect(slider.slides[0].image_path).toMatch(/^\/uploads\//);

    const [first, second] = slider.slides;
    const updated = await admin.put(`/api/sliders/${slider.id}`, {
      name: 'Home',
      is_active: false,
      slides: [{ ...second, image_id: second.image_id }, { ...first, image_id: first.image_id }, slide(2)],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const again = (await admin.get(`/api/sliders/${slider.id}`)).json().data;
    expect(again.is_active).toBe(false);
    expect(again.slides.map((s: { id: number }) => s.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(again.slides.map((s: { order: number }) => s.order)).toEqual([0, 1, 2]);

    const list = (await admin.get('/api/sliders')).json().data;
    expect(list.find((s: { id: number }) => s.id === slider.id).slides_count).toBe(3);

    const removed = await admin.delete(`/api/slides/${first.id}`);
    expect(removed.json()).toEqual({ success: true, message: M.slideDeleted });
    expect((await admin.get(`/api/sliders/${slider.id}`)).json().data.slides).toHaveLength(2);
    expect((await admin.delete(`/api/slides/${first.id}`)).statusCode).toBe(404);

    const gone = await admin.delete(`/api/sliders/${slider.id}`);
    expect(gone.json()).toEqual({ success: true, message: M.deleted });
    expect((await admin.get(`/api/sliders/${slider.id}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/sliders/${slider.id}`, { name: 'X' })).statusCode).toBe(404);
  });

  it('accepts a multipart form whose slides are JSON text', async () => {
    const form = new FormData();
    form.append('name', 'Multipart');
    form.append('is_active', 'true');
    form.append('slides', JSON.stringify([slide(0)]));
    const response = new Response(form);
    const reply = await admin.request({
      method: 'POST',
      url: '/api/sliders',
      payload: Buffer.from(await response.arrayBuffer()),
      headers: { 'content-type': response.headers.get('content-type')! },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data.slides).toHaveLength(1);
  });

  it('refuses a missing name, bad links, missing or non-image files with 422', async () => {
    const reply = await admin.post('/api/sliders', {
      name: ' ',
      slides: [slide(0, { link: 'javascript:alert(1)' }), slide(1, { link: '//evil.test' })],
    });
    expect(reply.statusCode).toBe(422);
    const { errors } = reply.json();
    expect(errors.name).toEqual([M.name]);
    expect(errors['slides.0.link']).toEqual([M.link]);
    expect(errors['slides.1.link']).toEqual([M.link]);
    const images = await admin.post('/api/sliders', {
      name: 'Images',
      slides: [slide(0, { image_id: 999999 }), ...(pdfId ? [slide(1, { image_id: pdfId })] : [])],
    });
    expect(images.statusCode).toBe(422);
    expect(images.json().errors['slides.0.image_id']).toEqual([M.image]);
    if (pdfId) expect(images.json().errors['slides.1.image_id']).toEqual([M.image]);
  });

  it('hands the first active slider to the storefront home page, escaped', async () => {
    for (const s of (await admin.get('/api/sliders')).json().data) await admin.delete(`/api/sliders/${s.id}`);
    await admin.post('/api/sliders', {
      name: 'Off',
      is_active: false,
      slides: [slide(0, { title: 'Hidden' })],
    });
    await admin.post('/api/sliders', {
      name: 'On',
      is_active: true,
      slides: [slide(1, { title: '<b>Sale</b>' }), slide(2, { title: 'Second' })],
    });
    const page = await (await guest()).get('/', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('\\u003cb\\u003eSale');
    expect(page.body).not.toContain('<b>Sale</b>');
    expect(page.body).not.toContain('Hidden');
    expect(page.body.indexOf('Sale')).toBeLessThan(page.body.indexOf('Second'));
  });
});
