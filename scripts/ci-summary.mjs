// Reads the vitest and Playwright JSON reports and prints one plain "N passed, N failed" line.
// A report that is missing counts as a failure: tests that did not run are never counted as passed.
import fs from 'node:fs';

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
  if (Array.isArray(report.testResults)) {
    // vitest
    p = report.numPassedTests ?? 0;
    f = (report.numFailedTests ?? 0) + (report.numTodoTests ?? 0) + (report.numPendingTests ?? 0);
    if (report.success === false && f === 0) f = 1;
  } else if (report.stats) {
    // Playwright
    p = report.stats.expected ?? 0;
    f = (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0) + (report.stats.skipped ?? 0);
    if ((report.errors ?? []).length > 0 && f === 0) f = report.errors.length;
  }
  console.log(`${file}: ${p} passed, ${f} failed`);
  passed += p;
  failed += f;
}
failed += missing;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
