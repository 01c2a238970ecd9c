import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** The keys s3rver accepts; any other access key is refused. */
export const S3_TEST_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** The objects of the bucket, as keys. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
};

/**
 * An S3-compatible server in this process (s3rver) on a random port of 127.0.0.1, with one empty
 * bucket, its objects in a temporary folder removed by close().
 */
export async function startS3Server(bucket = 'emporium-test'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'emporium-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async keys() {
      const root = path.join(directory, bucket);
      const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'))
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).replace(/\._S3rver_object$/, ''),
        )
        .sort();
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
