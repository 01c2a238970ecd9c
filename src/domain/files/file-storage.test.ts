import { describe, expect, it } from 'vitest';
import {
  describeStorageFailure,
  isBucketName,
  isStorageEndpoint,
  missingS3Settings,
  type S3Settings,
  type StorageFailure,
  s3Connection,
} from './file-storage';

const complete: S3Settings = {
  s3_endpoint: ' https://s3.example.com ',
  s3_bucket: 'shop-files',
  s3_region: 'eu-west-1',
  s3_access_key_id: 'AKIA1',
  s3_secret_access_key: 'secret',
  s3_force_path_style: false,
};

describe('missingS3Settings and s3Connection', () => {
  it.each([
    [{}, []],
    [{ s3_endpoint: '' }, ['s3_endpoint']],
    [{ s3_bucket: '  ', s3_secret_access_key: '' }, ['s3_bucket', 's3_secret_access_key']],
    [{ s3_region: '', s3_access_key_id: '' }, ['s3_region', 's3_access_key_id']],
  ])('%j is missing %j', (change, missing) => {
    const settings = { ...complete, ...change };
    expect(missingS3Settings(settings)).toEqual(missing);
    expect(s3Connection(settings) === null).toBe(missing.length > 0);
  });

  it('trims the connection', () => {
    expect(s3Connection(complete)).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'shop-files',
      region: 'eu-west-1',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
  });
});

describe('isStorageEndpoint', () => {
  it.each([
    ['https://s3.eu-west-1.amazonaws.com', true],
    ['http://127.0.0.1:9000', true],
    ['HTTPS://minio.local/base', true],
    ['ftp://s3.example.com', false],
    ['s3.example.com', false],
    ['https://user:pw@s3.example.com', false],
    ['https://s3.example.com/?x=1', false],
    ['https://s3.example.com/#top', false],
    ['https://', false],
  ])('%s → %s', (value, ok) => expect(isStorageEndpoint(value)).toBe(ok));
});

describe('isBucketName', () => {
  it.each([
    ['shop-files', true],
    ['a.b-c', true],
    ['ab', false],
    ['Shop', false],
    ['-shop', false],
    ['shop..files', false],
    ['a'.repeat(64), false],
  ])('%s → %s', (value, ok) => expect(isBucketName(value)).toBe(ok));
});

describe('describeStorageFailure', () => {
  const connection = s3Connection({ ...complete, s3_endpoint: 'http://127.0.0.1:9000' })!;
  it.each<[StorageFailure, string]>([
    [{ name: 'NoSuchBucket', status: 404 }, 'The bucket "shop-files" does not exist on 127.0.0.1:9000.'],
    [{ name: 'InvalidAccessKeyId', status: 403 }, 'The server does not know this access key.'],
    [{ name: 'SignatureDoesNotMatch', status: 403 }, 'The secret key does not match the access key.'],
    [{ name: 'AccessDenied', status: 403 }, 'The access key may not write to the bucket "shop-files".'],
    [
      { name: 'PermanentRedirect', status: 301 },
      'The bucket "shop-files" is in another region than "eu-west-1".',
    ],
    [
      { name: 'Error', code: 'ECONNREFUSED' },
      'Nothing answers at 127.0.0.1:9000: the connection was refused.',
    ],
    [{ name: 'Error', code: 'ENOTFOUND' }, 'The server name 127.0.0.1:9000 could not be found.'],
    [{ name: 'TimeoutError' }, '127.0.0.1:9000 did not answer in time.'],
    [{ name: 'Error', code: 'ECONNRESET' }, '127.0.0.1:9000 closed the connection.'],
    [
      { name: 'Error', code: 'ERR_TLS_CERT_ALTNAME_INVALID' },
      'The secure connection to 127.0.0.1:9000 failed (ERR_TLS_CERT_ALTNAME_INVALID).',
    ],
    [{ name: 'InternalError', status: 503 }, '127.0.0.1:9000 answered with a server error (503).'],
    [
      { name: 'Odd', status: 400, message: 'Bad thing\nat line 2' },
      '127.0.0.1:9000 refused the request: Bad thing',
    ],
    [{}, '127.0.0.1:9000 refused the request.'],
  ])('%j → %s', (failure, words) => expect(describeStorageFailure(failure, connection)).toBe(words));
});
