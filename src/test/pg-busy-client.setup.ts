import { afterAll, expect } from 'vitest';

/**
 * On PostgreSQL, a file fails when node-postgres warned that a query was sent to a client still
 * running one: reads sent together inside a transaction (one connection) must go through
 * readTogether (platform/db/read-together.ts). The warning came back twice from checkout code
 * under load, each time found only by the bench; this catches it in the suite.
 */
const BUSY = 'already executing a query';
const seen = Symbol.for('emporium.pgBusyClientWarnings');
const store = globalThis as { [seen]?: string[] };
if (!store[seen]) {
  const warnings: string[] = [];
  store[seen] = warnings;
  process.on('warning', (warning) => {
    if (warning.message.includes(BUSY)) warnings.push(warning.stack ?? warning.message);
  });
}

afterAll(() => {
  const warnings = store[seen]!.splice(0);
  // The stack names the code that sent the query.
  expect(
    warnings.join('\n\n'),
    'a query was sent to a busy client: use readTogether inside a transaction',
  ).toBe('');
});
