/**
 * Where uploaded and generated files are kept (issue 18, docs/decisions/0072): the server's own
 * disk, or an S3-compatible bucket chosen in the system settings.
 */
export const FILE_STORAGE_DRIVERS = ['local', 's3'] as const;
export type FileStorageDriver = (typeof FILE_STORAGE_DRIVERS)[number];

/** The S3 settings as stored: empty text means "not set". */
export type S3Settings = {
  s3_endpoint: string;
  s3_bucket: string;
  s3_region: string;
  s3_access_key_id: string;
  s3_secret_access_key: string;
  s3_force_path_style: boolean;
};

/** What an S3 client needs, once every setting is filled. */
export type S3Connection = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

/** The S3 settings a connection cannot do without. */
export const REQUIRED_S3_SETTINGS = [
  's3_endpoint',
  's3_bucket',
  's3_region',
  's3_access_key_id',
  's3_secret_access_key',
] as const satisfies readonly (keyof S3Settings)[];
export type RequiredS3Setting = (typeof REQUIRED_S3_SETTINGS)[number];

/** The required S3 settings that are still empty. */
export function missingS3Settings(settings: S3Settings): RequiredS3Setting[] {
  return REQUIRED_S3_SETTINGS.filter((key) => settings[key].trim() === '');
}

/** The connection the settings describe, or null while any required one is empty. */
export function s3Connection(settings: S3Settings): S3Connection | null {
  if (missingS3Settings(settings).length > 0) return null;
  return {
    endpoint: settings.s3_endpoint.trim(),
    bucket: settings.s3_bucket.trim(),
    region: settings.s3_region.trim(),
    accessKeyId: settings.s3_access_key_id.trim(),
    secretAccessKey: settings.s3_secret_access_key,
    forcePathStyle: settings.s3_force_path_style,
  };
}

/** An http(s) address with a host and nothing after the path: no credentials, query or fragment. */
export function isStorageEndpoint(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return Boolean(url.hostname) && !url.username && !url.password && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** A bucket name as S3 allows it: 3–63 lower-case letters, digits, dots and dashes. */
export function isBucketName(value: string): boolean {
  return /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value) && !value.includes('..');
}

/** What a failed S3 call says about itself (the SDK's error name, network code, HTTP status). */
export type StorageFailure = {
  name?: string;
  code?: string;
  status?: number;
  message?: string;
};

/** A failed S3 call in plain words for the settings screen; never the SDK's stack or XML. */
export function describeStorageFailure(failure: StorageFailure, connection: S3Connection): string {
  const { name = '', code = '', status } = failure;
  const host = (() => {
    try {
      return new URL(connection.endpoint).host;
    } catch {
      return connection.endpoint;
    }
  })();
  if (name === 'NoSuchBucket') return `The bucket "${connection.bucket}" does not exist on ${host}.`;
  if (name === 'InvalidAccessKeyId') return 'The server does not know this access key.';
  if (name === 'SignatureDoesNotMatch') return 'The secret key does not match the access key.';
  if (name === 'AccessDenied' || status === 403)
    return `The access key may not write to the bucket "${connection.bucket}".`;
  if (name === 'PermanentRedirect' || name === 'AuthorizationHeaderMalformed')
    return `The bucket "${connection.bucket}" is in another region than "${connection.region}".`;
  if (code === 'ECONNREFUSED') return `Nothing answers at ${host}: the connection was refused.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `The server name ${host} could not be found.`;
  if (code === 'ETIMEDOUT' || name === 'TimeoutError' || name === 'RequestTimeout')
    return `${host} did not answer in time.`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return `${host} closed the connection.`;
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'EPROTO')
    return `The secure connection to ${host} failed (${code}).`;
  if (status !== undefined && status >= 500) return `${host} answered with a server error (${status}).`;
  const message = (failure.message ?? '').split('\n')[0]?.trim();
  return message ? `${host} refused the request: ${message}` : `${host} refused the request.`;
}
