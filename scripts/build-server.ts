/**
 * The built server: `dist/server/<entry>.mjs`, one esbuild bundle per entry of our TypeScript
 * (packages stay imports of node_modules). Production processes and the test batteries that spawn
 * them run these with plain node instead of compiling some 600 TypeScript files through tsx at every
 * start (docs/decisions/0094).
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSync, type Metafile } from 'esbuild';

/** The server's entries: one app process, `npm run start:cluster`, `npm run worker`. */
export const SERVER_ENTRIES = ['main', 'cluster', 'worker'] as const;
export type ServerEntry = (typeof SERVER_ENTRIES)[number];

const OUT_DIR = path.resolve('dist/server');
/** What esbuild read for each bundle, written last: its presence says the build finished. */
const metaFile = (outDir: string): string => path.join(outDir, 'meta.json');

const serverEntryFile = (entry: ServerEntry, outDir = OUT_DIR): string => path.join(outDir, `${entry}.mjs`);

/**
 * Whether a bundle is missing or older than one of the sources it was built from (a new source
 * file is imported by a changed one, which is newer).
 */
export function isServerBuildStale(outDir = OUT_DIR): boolean {
  const meta = metaFile(outDir);
  if (!fs.existsSync(meta) || !SERVER_ENTRIES.every((entry) => fs.existsSync(serverEntryFile(entry, outDir))))
    return true;
  const built = Math.min(
    ...SERVER_ENTRIES.map((entry) => fs.statSync(serverEntryFile(entry, outDir)).mtimeMs),
  );
  const inputs = Object.keys((JSON.parse(fs.readFileSync(meta, 'utf8')) as Metafile).inputs);
  return inputs.some((input) => {
    const stat = fs.statSync(input, { throwIfNoEntry: false });
    return !stat || stat.mtimeMs > built;
  });
}

/**
 * Bundles every entry. Each file is written beside its place and renamed onto it, so a process
 * starting meanwhile, or a second build at the same moment (two test workers), never reads half a
 * file. The folder is made when missing (a fresh checkout has no dist/).
 */
export function buildServer(outDir = OUT_DIR): void {
  fs.mkdirSync(outDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(outDir), '.server-'));
  try {
    const result = buildSync({
      entryPoints: Object.fromEntries(SERVER_ENTRIES.map((entry) => [entry, `src/server/${entry}.ts`])),
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // Class and function names stay as written: errors are told apart by name in logs.
      keepNames: true,
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'warning',
    });
    for (const file of fs.readdirSync(staging))
      if (file !== 'meta.json') fs.renameSync(path.join(staging, file), path.join(outDir, file));
    const meta = metaFile(outDir);
    fs.writeFileSync(`${meta}.${process.pid}`, JSON.stringify(result.metafile));
    fs.renameSync(`${meta}.${process.pid}`, meta);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Builds the server when a bundle is missing or stale; answers whether it built. */
export function buildServerIfStale(outDir = OUT_DIR): boolean {
  if (!isServerBuildStale(outDir)) return false;
  buildServer(outDir);
  return true;
}

/**
 * Node's flags for an app process, given on its command line (package.json's start scripts, the
 * test and bench servers): the old generation may grow to 1.5 times what V8's last full collection
 * found live, where V8's own choice, up to 4 times, let a 200,000-row export grow a process by
 * 93–100 MiB of collectable garbage (docs/decisions/0107). Node 20 freezes V8's flags once it runs,
 * and NODE_OPTIONS refuses this one: only the command line sets it.
 */
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=50'] as const;

/** The built file of an entry, to start with `node`: built first when missing or stale. */
export function builtServer(entry: ServerEntry): string {
  buildServerIfStale();
  return serverEntryFile(entry);
}
