/**
 * Whether this process was started on the named server entry: its source (`src/server/<name>.ts`,
 * through tsx) or its build (`dist/server/<name>.mjs`, scripts/build-server.ts). Not the module's
 * own address: in a build, main.ts's code sits inside cluster.mjs and worker.mjs as well.
 */
export function startedAs(name: string, script = process.argv[1] ?? ''): boolean {
  const file = script.replace(/\\/g, '/');
  return file.endsWith(`src/server/${name}.ts`) || file.endsWith(`dist/server/${name}.mjs`);
}
