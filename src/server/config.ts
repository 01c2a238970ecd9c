import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** The default password of every demo user (README). */
export const DEFAULT_DEMO_PASSWORD = 'emporium-demo';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  EMPORIUM_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  EMPORIUM_DEMO_PASSWORD: z.string().min(8).default(DEFAULT_DEMO_PASSWORD),
  EMPORIUM_SEED_DEMO: z.enum(['true', 'false']).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  EMPORIUM_PUBLIC_URL: z.string().optional(),
  EMPORIUM_JOB_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(15_000),
  EMPORIUM_JOB_WORKER: z.enum(['true', 'false']).default('true'),
  EMPORIUM_PROCESSES: z.coerce.number().int().min(1).max(256).optional(),
  /** Set by `npm run start:cluster` for its workers: the primary already migrated and seeded. */
  EMPORIUM_PREPARED: z.enum(['true', 'false']).default('false'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Shared rate-limit counters in Redis (docs/decisions/0081); unset: in the database. */
  redisUrl: string | undefined;
  demoPassword: string;
  seedDemo: boolean;
  env: 'development' | 'production' | 'test';
  logLevel: string;
  trustProxy: boolean;
  publicUrl: string;
  distDir: string;
  /** The wait before a failed job's second attempt, doubled after each one (docs/decisions/0046, 0073). */
  jobRetryBaseMs: number;
  /** Whether this app process runs the job worker (false when `npm run worker` processes do). */
  jobWorker: boolean;
  /** How many app processes `npm run start:cluster` forks. */
  processes: number;
  /** The database is already migrated and seeded (a cluster worker): skip both at boot. */
  prepared: boolean;
};

/** The only reader of process.env: parses it once, with defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.parse(env);
  const dataDir = path.resolve(parsed.EMPORIUM_DATA_DIR);
  const port = parsed.PORT;
  return {
    port,
    host: parsed.HOST,
    dataDir,
    databaseUrl: parsed.DATABASE_URL || undefined,
    redisUrl: parsed.REDIS_URL || undefined,
    demoPassword: parsed.EMPORIUM_DEMO_PASSWORD,
    seedDemo: parsed.EMPORIUM_SEED_DEMO ? parsed.EMPORIUM_SEED_DEMO === 'true' : true,
    env: parsed.NODE_ENV,
    logLevel: parsed.LOG_LEVEL ?? (parsed.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: parsed.TRUST_PROXY === 'true',
    publicUrl: (parsed.EMPORIUM_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    distDir: path.resolve('dist'),
    jobRetryBaseMs: parsed.EMPORIUM_JOB_RETRY_BASE_MS,
    jobWorker: parsed.EMPORIUM_JOB_WORKER === 'true',
    processes: parsed.EMPORIUM_PROCESSES ?? os.availableParallelism(),
    prepared: parsed.EMPORIUM_PREPARED === 'true',
  };
}
