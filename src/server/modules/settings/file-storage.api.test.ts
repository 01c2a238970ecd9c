import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FILE_STORAGE_MESSAGES as M } from '../../../contracts/file-storage';
import { multipartBody } from '../../../test/multipart';
import { S3_TEST_KEYS, startS3Server, type TestS3Server } from '../../../test/s3-server';
import type { Agent, TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { settings } from '../../platform/settings/settings.tables';
import { getSettings } from '../../platform/settings/settings-store';
import { files } from '../files/files.tables';

let t: TestApp;
let s3: TestS3Server;
let admin: Agent;
let staff: Agent;
let png: Buffer;

beforeAll(async () => {
  [t, s3] = await Promise.all([createTestApp(), startS3Server()]);
  admin = await t.signedIn(['admin']);
  staff = await t.signedIn(['staff']);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3490dc' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
  await s3.close();
});
beforeEach(async () => {
  await t.ctx.db.delete(settings);
  await t.ctx.db.delete(files);
});

/** The S3 settings of the test server, complete. */
const s3Settings = () => ({
  s3_endpoint: s3.endpoint,
  s3_bucket: s3.bucket,
  s3_region: 'us-east-1',
  s3_access_key_id: S3_TEST_KEYS.accessKeyId,
  s3_secret_access_key: S3_TEST_KEYS.secretAccessKey,
  s3_force_path_style: true,
});
const put = (values: Record<string, unknown>, agent = admin) =>
  agent.put('/api/system-settings', { settings: values });
const useS3 = async () =>
  expect((await put({ file_storage_driver: 's3', ...s3Settings() })).statusCode).toBe(200);
const useLocal = async () => expect((await put({ file_storage_driver: 'local' })).statusCode).toBe(200);

async function uploadPng(name: string) {
  const body = await multipartBody('files[]', [{ name, data: png, type: 'image/png' }], {
    context: 'products',
  });
  const response = await admin.request({ method: 'POST', url: '/admin/file/upload', ...body });
  expect(response.statusCode).toBe(200);
  return response.json().files[0] as { id: number; path: string; url: string; preview_url: string };
}
const onDisk = (key: string) =>
  fs.access(path.join(t.dataDir, 'uploads', key)).then(
    () => true,
    () => false,
  );

describe('files in an S3-compatible bucket', () => {
  it('uploads through the library into the bucket, serves it from /uploads/ and deletes it there', async () => {
    await useS3();
    const file = await uploadPng('blue-lamp.png');
    expect(file.url).toBe(`/uploads/${file.path}`);
    const previewKey = file.preview_url.replace('/uploads/', '');
    expect(await s3.keys()).toEqual([file.path, previewKey].sort());
    expect(await onDisk(file.path)).toBe(false);

    const served = await t.agent().get(file.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(png);
    expect((await t.agent().get(file.preview_url)).headers['content-type']).toBe('image/webp');

    expect((await admin.delete(`/admin/file/${file.id}`)).statusCode).toBe(200);
    expect(await s3.keys()).toEqual([]);
    expect((await t.agent().get(file.url)).statusCode).toBe(404);
  });

  it('keeps serving files stored before a switch, from the other driver', async () => {
    const local = await uploadPng('on-disk.png');
    expect(await onDisk(local.path)).toBe(true);
    await useS3();
    const inBucket = await uploadPng('in-bucket.png');
    expect(await s3.keys()).toContain(inBucket.path);
    expect((await t.agent().get(local.url)).rawPayload).toEqual(png);

    await useLocal();
    expect((await t.agent().get(inBucket.url)).rawPayload).toEqual(png);
    expect((await t.agent().get(local.url)).rawPayload).toEqual(png);
    // Deleting removes the file wherever it is.
    expect((await admin.delete(`/admin/file/${inBucket.id}`)).statusCode).toBe(200);
    expect(await s3.keys()).toEqual([]);
  });
});

describe('the file storage settings', () => {
  it('answers the driver and S3 settings, never the secret key, and keeps it when saved empty', async () => {
    await useS3();
    const { settings: view } = (await admin.get('/api/system-settings')).json();
    expect(view).toMatchObject({
      file_storage_driver: 's3',
      s3_endpoint: s3.endpoint,
      s3_bucket: s3.bucket,
      has_s3_secret_access_key: true,
    });
    expect(view).not.toHaveProperty('s3_secret_access_key');

    expect((await put({ s3_region: 'eu-west-1', s3_secret_access_key: '' })).statusCode).toBe(200);
    const stored = await getSettings(t.ctx.db, ['s3_region', 's3_secret_access_key']);
    expect(stored).toEqual({ s3_region: 'eu-west-1', s3_secret_access_key: S3_TEST_KEYS.secretAccessKey });
  });

  it('refuses an endpoint that is not an http(s) address, and S3 with a setting missing (422)', async () => {
    const bad = await put({ s3_endpoint: 'ftp://files.example.com' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ s3_endpoint: [M.endpoint] });

    const incomplete = await put({ file_storage_driver: 's3', s3_endpoint: 'https://s3.example.com' });
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json().errors).toEqual({
      s3_bucket: [M.required('Bucket')],
      s3_access_key_id: [M.required('Access key')],
      s3_secret_access_key: [M.required('Secret key')],
    });
    expect((await getSettings(t.ctx.db, ['file_storage_driver'])).file_storage_driver).toBe('local');
  });

  it('clears the secret key when the endpoint moves, so S3 needs it entered again', async () => {
    await useS3();
    const moved = await put({ s3_endpoint: 'https://elsewhere.example.com' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({ s3_secret_access_key: [M.secretForNewPlace] });
    await useLocal();
    expect((await put({ s3_endpoint: 'https://elsewhere.example.com' })).statusCode).toBe(200);
    expect((await admin.get('/api/system-settings')).json().settings.has_s3_secret_access_key).toBe(false);
  });

  it('is for settings.manage only: 401 signed out, 403 for staff', async () => {
    const guest = t.agent();
    await guest.visit();
    expect((await put({ file_storage_driver: 's3' }, guest)).statusCode).toBe(401);
    expect((await guest.post('/api/system-settings/file-storage/test', {})).statusCode).toBe(401);
    expect((await put({ file_storage_driver: 's3' }, staff)).statusCode).toBe(403);
    expect((await staff.post('/api/system-settings/file-storage/test', {})).statusCode).toBe(403);
  });
});

describe('POST /api/system-settings/file-storage/test', () => {
  const test = (body: Record<string, unknown>) => admin.post('/api/system-settings/file-storage/test', body);

  it('writes, reads and deletes a test file with the settings on the screen, saved or not', async () => {
    const response = await test(s3Settings());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: M.tested(s3.bucket) });
    expect(await s3.keys()).toEqual([]);

    await useS3();
    expect((await test({})).json().message).toBe(M.tested(s3.bucket));
  });

  it('says in plain words when the bucket does not exist or nothing answers (422, never 500)', async () => {
    const host = new URL(s3.endpoint).host;
    const wrongBucket = await test({ ...s3Settings(), s3_bucket: 'no-such-bucket' });
    expect(wrongBucket.statusCode).toBe(422);
    expect(wrongBucket.json().message).toBe(
      M.testFailed(`The bucket "no-such-bucket" does not exist on ${host}.`),
    );

    const unreachable = await test({ ...s3Settings(), s3_endpoint: 'http://127.0.0.1:1' });
    expect(unreachable.statusCode).toBe(422);
    expect(unreachable.json().message).toBe(
      M.testFailed('Nothing answers at 127.0.0.1:1: the connection was refused.'),
    );
  });

  it('needs every setting, and the secret key again for a new endpoint', async () => {
    const empty = await test({});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual([
      's3_endpoint',
      's3_bucket',
      's3_access_key_id',
      's3_secret_access_key',
    ]);

    await useS3();
    const { s3_secret_access_key: _, ...withoutSecret } = s3Settings();
    const moved = await test({ ...withoutSecret, s3_endpoint: 'http://127.0.0.1:1' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({ s3_secret_access_key: [M.secretForNewPlace] });

    const badEndpoint = await test({ s3_endpoint: 'not a url' });
    expect(badEndpoint.statusCode).toBe(422);
    expect(badEndpoint.json().errors).toEqual({ s3_endpoint: [M.endpoint] });
  });
});
