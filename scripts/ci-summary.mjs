// Reads the vitest and Playwright JSON reports and prints one plain "N passed, N failed" line,
// after the name of every failed test (the end of the CI log is often all that is kept).
// A report that is missing counts as a failure: tests that did not run are never counted as passed.
import fs from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

/** The first lines of a failure's messages (the error and, for a property test, its counterexample). */
function firstLines(messages) {
  const lines = (messages ?? [])
    .flatMap((m) => stripVTControlCharacters(String(m)).split('\n'))
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at ') && !l.startsWith('❯'));
  return lines.length > 0 ? `\n      ${lines.slice(0, 6).join('\n      ')}` : '';
}

let passed = 0;
let failed = 0;
let missing = 0;

for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.log(`${file}: missing (the suite did not finish)`);
    missing += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  let p = 0;
  let f = 0;
  const failures = [];
  if (Array.isArray(report.testResults)) {
    // vitest
    for (const result of report.testResults) {
      const file = String(result.name ?? '').replace(`${process.cwd()}/`, '');
      for (const test of result.assertionResults ?? []) {
        if (test.status === 'failed')
          failures.push(`${file} > ${test.fullName ?? test.title}${firstLines(test.failureMessages)}`);
      }
      if (result.status === 'failed' && !(result.assertionResults ?? []).some((t) => t.status === 'failed'))
        failures.push(`${file} (${String(result.message ?? 'failed to run').split('\n')[0]})`);
    }
    p = report.numPassedTests ?? 0;
    f = (report.numFailedTests ?? 0) + (report.numTodoTests ?? 0) + (report.numPendingTests ?? 0);
    if (report.success === false && f === 0) f = 1;
  } else if (report.stats) {
    // Playwright
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'expected')
            failures.push(
              `${spec.file}:${spec.line} > ${[...titles, spec.title].join(' > ')} (${test.status})`,
            );
        }
      }
      for (const child of suite.suites ?? [])
        walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
    };
    for (const suite of report.suites ?? []) walk(suite, []);
    p = report.stats.expected ?? 0;
    f = (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0) + (report.stats.skipped ?? 0);
    if ((report.errors ?? []).length > 0 && f === 0) f = report.errors.length;
  }
  for (const failure of failures) console.log(`  failed: ${failure}`);
  console.log(`${file}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
failed += missing;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
