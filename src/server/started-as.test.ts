import { expect, it } from 'vitest';
import { startedAs } from './started-as';

it.each([
  ['main', '/srv/emporium/src/server/main.ts', true],
  ['main', '/srv/emporium/dist/server/main.mjs', true],
  ['main', 'C:\\emporium\\dist\\server\\main.mjs', true],
  ['main', '/srv/emporium/dist/server/cluster.mjs', false],
  ['main', '/srv/emporium/scripts/start.ts', false],
  ['worker', '/srv/emporium/dist/server/worker.mjs', true],
  ['worker', '/srv/emporium/node_modules/vitest/dist/workers/forks.js', false],
  ['worker', '/srv/emporium/node_modules/tinypool/dist/entry/worker.js', false],
  ['main', '', false],
])('%s started as %s: %s', (name, script, expected) => {
  expect(startedAs(name, script)).toBe(expected);
});
