import { randomUUID } from 'node:crypto';
import {
  FILE_STORAGE_SECRET_BINDINGS,
  type FileStorageTestBody,
  type FileStorageTestReply,
  FILE_STORAGE_MESSAGES as M,
  S3_SETTING_LABELS,
} from '../../../contracts/file-storage';
import { validationError } from '../../../domain/errors';
import {
  describeStorageFailure,
  missingS3Settings,
  type S3Settings,
  s3Connection,
} from '../../../domain/files/file-storage';
import { secretsToClear } from '../../../domain/settings/bound-secrets';
import type { AppContext } from '../../platform/context';
import { s3Storage, storageFailure } from '../../platform/files/s3-storage';
import { readSystemSettings } from './update-system-settings';

/** One try, short waits: the admin is looking at a loading button. */
const TEST_OPTIONS = { maxAttempts: 1, timeoutMs: 5_000 };

/**
 * POST /api/system-settings/file-storage/test (issue 18, docs/decisions/0072): writes a small
 * object to the bucket the screen describes (saved or not), reads it back and deletes it. Any
 * failure answers 422 with the reason in plain words, never 500. The saved secret key is used only
 * for the saved endpoint and access key (docs/decisions/0036): a new one must be entered to test.
 */
export async function testFileStorage(
  ctx: AppContext,
  body: FileStorageTestBody,
): Promise<FileStorageTestReply> {
  const stored = await readSystemSettings(ctx.db);
  const given = Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined && value !== ''),
  );
  const settings: S3Settings = { ...pickS3(stored), ...given };
  const moved = secretsToClear(stored, given, FILE_STORAGE_SECRET_BINDINGS).length > 0;
  if (moved) settings.s3_secret_access_key = '';
  const missing = missingS3Settings(settings);
  if (missing.length > 0) {
    throw validationError(
      Object.fromEntries(
        missing.map((key) => [
          key,
          [
            key === 's3_secret_access_key' && moved
              ? M.secretForNewPlace
              : M.required(S3_SETTING_LABELS[key]),
          ],
        ]),
      ),
    );
  }
  const connection = s3Connection(settings)!;
  const storage = s3Storage(connection, TEST_OPTIONS);
  const key = `connection-tests/${randomUUID()}.txt`;
  const content = Buffer.from(`Emporium storage test ${new Date().toISOString()}\n`);
  try {
    await storage.put(key, content);
    const read = await readBack(storage, key);
    await storage.remove(key);
    if (!read.equals(content)) throw new Error(M.readBack);
  } catch (error) {
    const reason =
      error instanceof Error && error.message === M.readBack
        ? M.readBack
        : describeStorageFailure(storageFailure(error), connection);
    throw validationError({ connection: [M.testFailed(reason)] });
  }
  return { success: true, message: M.tested(connection.bucket) };
}

function pickS3(settings: S3Settings): S3Settings {
  const { s3_endpoint, s3_bucket, s3_region, s3_access_key_id, s3_secret_access_key, s3_force_path_style } =
    settings;
  return { s3_endpoint, s3_bucket, s3_region, s3_access_key_id, s3_secret_access_key, s3_force_path_style };
}

/** The object's bytes; unlike readStoredFile, a failure keeps its reason. */
async function readBack(storage: ReturnType<typeof s3Storage>, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
