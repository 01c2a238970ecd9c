import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServerIfStale, isServerBuildStale, SERVER_ENTRIES, SERVER_NODE_FLAGS } from './build-server';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'emporium-server-build-'));

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the server build', () => {
  it('builds every entry into a folder that does not exist yet (a fresh checkout has no dist/), then only when stale', () => {
    const outDir = path.join(root, 'dist', 'server');
    expect(isServerBuildStale(outDir)).toBe(true);
    expect(buildServerIfStale(outDir)).toBe(true);
    for (const entry of SERVER_ENTRIES)
      expect(fs.statSync(path.join(outDir, `${entry}.mjs`)).size).toBeGreaterThan(0);
    const inputs = Object.keys(JSON.parse(fs.readFileSync(path.join(outDir, 'meta.json'), 'utf8')).inputs);
    expect(inputs).toContain('src/server/main.ts');
    // Nothing left of the staging folder beside it.
    expect(fs.readdirSync(path.dirname(outDir))).toEqual(['server']);
    expect(buildServerIfStale(outDir)).toBe(false);
    // A bundle older than one of its sources is stale.
    const source = fs.statSync(path.resolve('src/server/main.ts')).mtime;
    const before = new Date(source.getTime() - 60_000);
    fs.utimesSync(path.join(outDir, 'main.mjs'), before, before);
    expect(isServerBuildStale(outDir)).toBe(true);
  }, 60_000);
});

describe("an app process's node flags (decision 0107)", () => {
  it('are given on the command line of every start script, before the program', () => {
    const scripts = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    for (const [name, program] of [
      ['start', 'scripts/start.ts'],
      ['start:cluster', 'dist/server/cluster.mjs'],
      ['worker', 'dist/server/worker.mjs'],
    ] as const) {
      const command = scripts[name]!;
      // The program's own command: after the build, when the script builds first.
      const launch = command.includes('&&') ? command.slice(command.lastIndexOf('&&') + 2) : command;
      expect(launch, name).toMatch(/^\s*(node|tsx) /);
      for (const flag of SERVER_NODE_FLAGS) {
        expect(launch.indexOf(` ${flag} `), `${name}: ${flag}`).toBeGreaterThan(-1);
        expect(launch.indexOf(flag), `${name}: ${flag} before ${program}`).toBeLessThan(
          launch.indexOf(program),
        );
      }
    }
  });
});
