import { z } from 'zod';
import { FILE_STORAGE_DRIVERS, isBucketName, isStorageEndpoint } from '../domain/files/file-storage';
import type { SecretBinding } from '../domain/settings/bound-secrets';

/** Words of the system settings' "File storage" section (issue 18, docs/decisions/0072). */
export const FILE_STORAGE_MESSAGES = {
  driver: 'Choose local or s3.',
  endpoint: 'Enter the address of the S3 server, starting with http:// or https://.',
  bucket: 'A bucket name is 3 to 63 lower-case letters, digits, dots or dashes.',
  region: 'Enter the region, for example us-east-1.',
  text: (label: string, max: number) => `${label} must be text of at most ${max} characters.`,
  flag: 'Must be on or off.',
  required: (label: string) => `${label} is needed to store files in S3.`,
  secretForNewPlace: 'Enter the secret key again: the endpoint or access key changed since it was saved.',
  tested: (bucket: string) =>
    `Connected: a test file was written to, read from and deleted from the bucket "${bucket}".`,
  testFailed: (reason: string) => `The connection test failed: ${reason}`,
  readBack: 'the file read back differs from the one written.',
} as const;
const M = FILE_STORAGE_MESSAGES;

/** The labels the screen shows, also used in messages. */
export const S3_SETTING_LABELS = {
  s3_endpoint: 'Endpoint',
  s3_bucket: 'Bucket',
  s3_region: 'Region',
  s3_access_key_id: 'Access key',
  s3_secret_access_key: 'Secret key',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: M.text(label, max) })
    .trim()
    .max(max, M.text(label, max));

/** Each file-storage setting's value rule; empty text means "not set" (the local driver needs none). */
export const FILE_STORAGE_FIELDS = {
  file_storage_driver: z.enum(FILE_STORAGE_DRIVERS, { error: M.driver }),
  s3_endpoint: text('Endpoint', 500).refine((v) => v === '' || isStorageEndpoint(v), { message: M.endpoint }),
  s3_bucket: text('Bucket', 63).refine((v) => v === '' || isBucketName(v), { message: M.bucket }),
  s3_region: text('Region', 64).refine((v) => v === '' || /^[a-z0-9-]+$/i.test(v), { message: M.region }),
  s3_access_key_id: text('Access key', 200),
  s3_secret_access_key: z.string({ error: M.text('Secret key', 200) }).max(200, M.text('Secret key', 200)),
  s3_force_path_style: z.boolean({ error: M.flag }),
} as const;

export type FileStorageSettingKey = keyof typeof FILE_STORAGE_FIELDS;
export const FILE_STORAGE_SETTING_KEYS = Object.keys(FILE_STORAGE_FIELDS) as FileStorageSettingKey[];

/** The secret key goes to the endpoint as the access key's: moving either clears it (docs/decisions/0036). */
export const FILE_STORAGE_SECRET_BINDINGS: readonly SecretBinding[] = [
  { secret: 's3_secret_access_key', destination: ['s3_endpoint', 's3_access_key_id'] },
];

/**
 * POST /api/system-settings/file-storage/test: the S3 settings as the screen holds them (saved or
 * not); a missing one is taken from the saved settings, an empty secret key means the saved one.
 */
export const fileStorageTestBody = z
  .object({
    s3_endpoint: FILE_STORAGE_FIELDS.s3_endpoint.optional(),
    s3_bucket: FILE_STORAGE_FIELDS.s3_bucket.optional(),
    s3_region: FILE_STORAGE_FIELDS.s3_region.optional(),
    s3_access_key_id: FILE_STORAGE_FIELDS.s3_access_key_id.optional(),
    s3_secret_access_key: FILE_STORAGE_FIELDS.s3_secret_access_key.optional(),
    s3_force_path_style: FILE_STORAGE_FIELDS.s3_force_path_style.optional(),
  })
  .default({});
export type FileStorageTestBody = z.output<typeof fileStorageTestBody>;

export type FileStorageTestReply = { success: true; message: string };
