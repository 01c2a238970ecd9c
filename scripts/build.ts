/**
 * Builds the browser bundles (dist/client) and the storefront's server renderer (dist/ssr).
 * With --if-stale it builds only when dist is missing or older than the web sources, so
 * `npm start` works straight after `npm ci` and costs nothing on later starts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const STAMP = path.resolve('dist/.build-stamp');
const SOURCES = ['src/web', 'src/contracts', 'src/domain', 'vite.config.ts', 'package-lock.json'];

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

export function build(): void {
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  console.log('Building the browser bundles…');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  execFileSync(process.execPath, [vite, 'build', '--ssr', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, EMPORIUM_SSR_BUILD: '1' },
  });
  fs.writeFileSync(STAMP, new Date().toISOString());
}

const isEntry = process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]));
if (isEntry) {
  if (!process.argv.includes('--if-stale') || isBuildStale()) build();
  else console.log('Browser bundles are up to date.');
}
