import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Connection, StorageFailure } from '../../../domain/files/file-storage';
import { assertSafeKey, type Storage, UPLOADS_URL_PREFIX } from './storage';

export type S3StorageOptions = {
  /** Tries per call (the SDK retries network errors and 5xx); the connection test makes one. */
  maxAttempts?: number;
  /** Milliseconds to open a connection and to wait for an answer. */
  timeoutMs?: number;
};

/**
 * Files in an S3-compatible bucket (issue 18, docs/decisions/0072). The browser never talks to
 * the bucket: `url()` is our own `/uploads/...` route, which checks the key and streams the object.
 */
export function s3Storage(connection: S3Connection, options: S3StorageOptions = {}): Storage {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const client = new S3Client({
    endpoint: connection.endpoint,
    region: connection.region,
    forcePathStyle: connection.forcePathStyle,
    credentials: { accessKeyId: connection.accessKeyId, secretAccessKey: connection.secretAccessKey },
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: { connectionTimeout: timeoutMs, requestTimeout: timeoutMs },
  });
  const Bucket = connection.bucket;
  return {
    async put(key, data) {
      assertSafeKey(key);
      if (Buffer.isBuffer(data)) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length }));
        return;
      }
      // A stream of unknown length goes up in parts (5 MB each), so it is never held whole in memory.
      await new Upload({ client, params: { Bucket, Key: key, Body: data } }).done();
    },
    async get(key) {
      assertSafeKey(key);
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return object.Body as Readable;
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      // S3 answers success for a key that is not there, as the local disk's `rm --force` does.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    url(key) {
      return `${UPLOADS_URL_PREFIX}${key}`;
    },
  };
}

/** What a failed SDK call says about itself, for describeStorageFailure. */
export function storageFailure(error: unknown): StorageFailure {
  if (error instanceof S3ServiceException)
    return { name: error.name, status: error.$metadata.httpStatusCode, message: error.message };
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, code: typeof code === 'string' ? code : undefined, message: error.message };
  }
  return { message: String(error) };
}
