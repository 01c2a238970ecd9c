/**
 * Builds the browser bundles (dist/client) and the storefront's server renderer (dist/ssr), then
 * writes a brotli and a gzip copy next to every text asset, which @fastify/static serves to
 * browsers that accept them (src/server/app.ts), and the server itself (dist/server,
 * scripts/build-server.ts).
 * With --if-stale it builds only what is missing or older than its sources, so
 * `npm start` works straight after `npm ci` and costs nothing on later starts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildServer, buildServerIfStale } from './build-server';

const STAMP = path.resolve('dist/.build-stamp');
// The build script itself too: a change to what it writes (compressed copies) must reach dist.
const SOURCES = [
  'src/web',
  'src/contracts',
  'src/domain',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build.ts',
];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function isBuildStale(): boolean {
  if (!fs.existsSync(STAMP) || !fs.existsSync('dist/ssr/entry-server.js')) return true;
  const built = fs.statSync(STAMP).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

/** The assets worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/**
 * Writes `<file>.br` (brotli, best quality: it is paid once, at build) and `<file>.gz` next to
 * every text asset in the folder. A copy that would not be smaller is not written; the server
 * then sends the file itself.
 */
export function precompressAssets(dir: string): { files: number } {
  let files = 0;
  for (const name of fs.readdirSync(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const file = path.join(dir, name);
    const content = fs.readFileSync(file);
    const copies: [string, Buffer][] = [
      [
        '.br',
        zlib.brotliCompressSync(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      ],
      ['.gz', zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION })],
    ];
    for (const [extension, compressed] of copies)
      if (compressed.length < content.length) fs.writeFileSync(file + extension, compressed);
    files++;
  }
  return { files };
}

/** Vite's build manifest: each source's chunk and the chunks it imports statically. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

/**
 * The most JavaScript an entry may make the browser fetch before its first screen, gzipped: the
 * entry's chunk and everything it imports statically (issue 13). Lazily loaded chunks (storefront
 * pages, admin screens) are not counted.
 */
export const BUNDLE_BUDGETS: readonly Budget[] = [
  { entry: 'shop/index.html', name: 'storefront and sign-in', maxBytes: 120 * 1024 },
  // A shop page hydrates with the entry and its own chunk: both count (docs/decisions/0079).
  ...['home-page', 'product-page'].map((page) => ({
    entry: 'shop/index.html',
    page: `shop/pages/${page}.tsx`,
    name: `storefront with the ${page.replace('-', ' ')}`,
    maxBytes: 120 * 1024,
  })),
  { entry: 'admin/index.html', name: 'admin', maxBytes: 180 * 1024 },
];

/** A budget for an entry's initial JavaScript, with a page's chunk on top when `page` names one. */
export type Budget = { entry: string; page?: string; name: string; maxBytes: number };

export type BudgetLine = { entry: string; name: string; files: number; bytes: number; maxBytes: number };

/**
 * The chunk files an entry loads before it runs: its own and its static imports, each once. With
 * `lazy`, also every chunk it may load later (its dynamic imports, and theirs).
 */
export function initialFiles(manifest: BuildManifest, entry: string, lazy = false): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    for (const imported of [...(chunk.imports ?? []), ...(lazy ? (chunk.dynamicImports ?? []) : [])])
      visit(imported);
  };
  if (!manifest[entry]) throw new Error(`The build manifest has no entry ${entry}`);
  visit(entry);
  return [...new Set([...seen].map((key) => manifest[key]!.file))];
}

/** Each budget's initial JavaScript, summed from the gzip size of each of its files. */
export function measureBudgets(
  manifest: BuildManifest,
  gzipBytes: (file: string) => number,
  budgets: readonly Budget[] = BUNDLE_BUDGETS,
): BudgetLine[] {
  return budgets.map(({ entry, page, name, maxBytes }) => {
    const files = [
      ...new Set([...initialFiles(manifest, entry), ...(page ? initialFiles(manifest, page) : [])]),
    ];
    const bytes = files.reduce((sum, file) => sum + gzipBytes(file), 0);
    return { entry, name, files: files.length, bytes, maxBytes };
  });
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function budgetReport(lines: BudgetLine[]): string {
  return lines
    .map(
      (line) =>
        `${line.bytes > line.maxBytes ? 'OVER ' : 'ok   '}${line.name} (${line.entry}): ${kib(line.bytes)} gzipped ` +
        `in ${line.files} files, budget ${kib(line.maxBytes)}`,
    )
    .join('\n');
}

/** Measures the built client against the budgets (gzip at zlib's default level, as the docs quote). */
export function measureBuiltClient(clientDir: string): BudgetLine[] {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as BuildManifest;
  return measureBudgets(
    manifest,
    (file) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, file))).length,
  );
}

/**
 * The Mantine style files a bundle needs and `imported` lacks: those with a class name (Mantine's
 * `m_` and eight hex digits) that the bundle's JavaScript names.
 */
export function missingStyles(
  javascript: string,
  styles: Record<string, string>,
  imported: string[],
): string[] {
  return Object.entries(styles)
    .filter(([file]) => !imported.includes(file))
    .filter(([, css]) =>
      (css.match(/\.m_[0-9a-f]{8}\b/g) ?? []).some((name) => javascript.includes(name.slice(1))),
    )
    .map(([file]) => file)
    .sort();
}

/** The Mantine component styles the storefront's chunks use and src/web/shop/mantine-styles.ts does not import. */
export function missingShopStyles(clientDir: string): string[] {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as BuildManifest;
  const javascript = initialFiles(manifest, 'shop/index.html', true)
    .filter((file) => file.endsWith('.js'))
    .map((file) => fs.readFileSync(path.join(clientDir, file), 'utf8'))
    .join('\n');
  const dir = path.resolve('node_modules/@mantine/core/styles');
  const styles = Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
      .map((file) => [file, fs.readFileSync(path.join(dir, file), 'utf8')]),
  );
  const imported = [
    ...fs
      .readFileSync(path.resolve('src/web/shop/mantine-styles.ts'), 'utf8')
      .matchAll(/@mantine\/core\/styles\/([\w-]+\.css)/g),
  ].map((match) => match[1]!);
  return missingStyles(javascript, styles, imported);
}

/** Builds everything; the answer says whether the initial JavaScript kept within its budgets. */
export function build(): { withinBudgets: boolean } {
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  console.log('Building the browser bundles…');
  // Always the production bundles, whoever calls (a test run has NODE_ENV=test, with which Vite
  // would emit the development JSX runtime that a production server cannot run).
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit', env });
  execFileSync(process.execPath, [vite, 'build', '--ssr', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...env, EMPORIUM_SSR_BUILD: '1' },
  });
  precompressAssets(path.resolve('dist/client/assets'));
  fs.writeFileSync(STAMP, new Date().toISOString());
  buildServer();
  const lines = measureBuiltClient(path.resolve('dist/client'));
  console.log(`Initial JavaScript:\n${budgetReport(lines)}`);
  const missing = missingShopStyles(path.resolve('dist/client'));
  if (missing.length)
    console.error(
      `The storefront uses Mantine components whose styles src/web/shop/mantine-styles.ts does not import: ${missing.join(', ')}`,
    );
  return { withinBudgets: lines.every((line) => line.bytes <= line.maxBytes) && missing.length === 0 };
}

const isEntry = process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]));
if (isEntry) {
  if (!process.argv.includes('--if-stale') || isBuildStale()) {
    if (!build().withinBudgets) {
      console.error(
        'The build is over its budget or misses storefront styles (docs/operations.md, "Bundle budgets").',
      );
      process.exit(1);
    }
  } else {
    console.log('Browser bundles are up to date.');
    console.log(buildServerIfStale() ? 'Built the server (dist/server).' : 'The server build is up to date.');
  }
}
