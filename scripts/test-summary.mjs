// Reads the JSON reports of the last `npm test` and prints the failed tests, one line each, then one line:
// `N passed, N failed`. A suite whose report is missing (it crashed before writing one) counts as one failure.
// The failures are named here, at the end, because CI keeps only the tail of the output and Vitest's own report
// (printed when it ends, beside Playwright) may lie far above it.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
/** the first line of a failure message, without colours, cut to one terminal line */
const firstLine = (message) =>
  String(message ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes in the reporters' messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim()
    .slice(0, 200) ?? '';

function vitestCounts(file) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const failures = [];
  let brokenFiles = 0;
  for (const f of r.testResults ?? []) {
    const name = relative(root, f.name ?? '');
    const tests = f.assertionResults ?? [];
    // Files that failed to load hold no test results but must still count as failed.
    if (f.status === 'failed' && tests.length === 0) {
      brokenFiles++;
      failures.push(`vitest ${name}: ${firstLine(f.message)}`);
    }
    for (const t of tests)
      if (t.status === 'failed')
        failures.push(`vitest ${name} > ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
  }
  return { passed: r.numPassedTests ?? 0, failed: (r.numFailedTests ?? 0) + brokenFiles, failures };
}

/** every test of a Playwright JSON report, with the path of titles down to it */
function* playwrightTests(suite, titles = []) {
  const path = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? []) yield { titles: [...path, spec.title], spec, test };
  for (const child of suite.suites ?? []) yield* playwrightTests(child, path);
}

function playwrightCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats ?? {};
  const failures = [];
  for (const suite of report.suites ?? [])
    for (const { titles, spec, test } of playwrightTests(suite))
      if (test.status === 'unexpected') {
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`e2e ${spec.file}:${spec.line} > ${titles.slice(1).join(' > ')}: ${firstLine(error)}`);
      }
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, failures };
}

export function printSummary(dir) {
  let passed = 0;
  let failed = 0;
  const add = (c) => {
    passed += c.passed;
    failed += c.failed;
    for (const f of c.failures) console.log(`FAILED ${f}`);
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
  // The browser suite runs in shards, one report each (`e2e-<n>.json`, their count in `expect-e2e`), or whole
  // (`e2e.json`, `expect-e2e` empty). A shard that left no report counts as one failure.
  const expect = join(dir, 'expect-e2e');
  const parts = existsSync(expect) ? Number(readFileSync(expect, 'utf8').replace(/\D/g, '') || 0) : 0;
  const names = parts > 0 ? Array.from({ length: parts }, (_, i) => `e2e-${i + 1}`) : ['e2e'];
  for (const name of names) {
    const report = join(dir, `${name}.json`);
    if (existsSync(report)) suite(name, playwrightCounts(report));
    else if (existsSync(expect)) {
      console.log(`${name}: no report (the browser suite did not finish): 1 failure`);
      failed += 1;
    }
  }
  // The packaging suite (scripts/package-test.mjs --report): {passed, failed, failures, skipped}
  const pkg = join(dir, 'package-test.json');
  if (existsSync(pkg)) {
    const r = JSON.parse(readFileSync(pkg, 'utf8'));
    if (r.skipped) console.log(`package test skipped: ${r.skipped}`);
    suite('package', { ...r, failures: (r.failures ?? []).map((f) => `package ${f}`) });
  } else if (exits.package !== undefined) {
    console.log('package: no report (the package test did not finish): 1 failure');
    failed += 1;
  }
  console.log(`${passed} passed, ${failed} failed`);
  return { passed, failed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printSummary(process.argv[2] ?? join(new URL('..', import.meta.url).pathname, '.test-reports'));
}
