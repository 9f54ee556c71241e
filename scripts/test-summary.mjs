// Reads the JSON reports of the last `npm test` and prints one line: `N passed, N failed`.
// A suite whose report is missing (it crashed before writing one) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function vitestCounts(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // Files that failed to load hold no test results but must still count as failed.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length;
  return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + brokenFiles };
}

function playwrightCounts(file) {
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0 };
}

export function printSummary(dir) {
  let passed = 0;
  let failed = 0;
  const add = (c) => {
    passed += c.passed;
    failed += c.failed;
  };
  const exits = existsSync(join(dir, 'exit-status.json'))
    ? JSON.parse(readFileSync(join(dir, 'exit-status.json'), 'utf8'))
    : {};
  /** a suite that exited non-zero although none of its tests failed counts one failure, and says why */
  const suite = (name, counts) => {
    add(counts);
    const status = exits[name];
    if (counts.failed === 0 && status !== undefined && status !== 0) {
      console.log(
        `${name} exited with status ${status} although no test failed (unhandled errors?): 1 failure`,
      );
      failed += 1;
    }
  };
  const vitest = join(dir, 'vitest.json');
  if (existsSync(vitest)) suite('vitest', vitestCounts(vitest));
  else failed += 1;
  const e2e = join(dir, 'e2e.json');
  if (existsSync(e2e)) suite('e2e', playwrightCounts(e2e));
  else if (existsSync(join(dir, 'expect-e2e'))) failed += 1;
  console.log(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printSummary(process.argv[2] ?? join(new URL('..', import.meta.url).pathname, '.test-reports'));
}
