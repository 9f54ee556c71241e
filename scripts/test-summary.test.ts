// The totals line CI ends with, and the failed tests named just above it (CI keeps only the output's tail).
// The reports are written in the shapes Vitest's and Playwright's JSON reporters write (trimmed to the fields read).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./test-summary.mjs', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function summary(reports: Record<string, unknown>): string[] {
  dir = mkdtempSync(join(tmpdir(), 'summary-'));
  for (const [name, body] of Object.entries(reports)) writeFileSync(join(dir, name), JSON.stringify(body));
  const r = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  expect(r.status).toBe(0);
  return r.stdout.trim().split('\n');
}

const vitest = {
  numPassedTests: 2,
  numFailedTests: 1,
  testResults: [
    {
      name: join(root, 'apps/cloud/test/relay.test.ts'),
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'relay answers', status: 'passed', failureMessages: [] },
        {
          fullName: 'relay times out',
          status: 'failed',
          failureMessages: ['AssertionError: expected 1 to be 2\n    at relay.test.ts:9:3'],
        },
      ],
    },
    {
      name: join(root, 'packages/stomp/test/broken.test.ts'),
      status: 'failed',
      message: "Cannot find module './missing'\n    at import",
      assertionResults: [],
    },
    { name: join(root, 'ok.test.ts'), status: 'passed', assertionResults: [{ status: 'passed' }] },
  ],
};

const e2e = {
  stats: { expected: 3, flaky: 1, unexpected: 1 },
  suites: [
    {
      title: 'backups.spec.ts',
      file: 'backups.spec.ts',
      specs: [],
      suites: [
        {
          title: 'scheduled backups, cloud mode',
          file: 'backups.spec.ts',
          specs: [
            {
              title: 'run now',
              file: 'backups.spec.ts',
              line: 42,
              tests: [
                {
                  status: 'unexpected',
                  results: [
                    { error: { message: 'first try' } },
                    {
                      error: {
                        message:
                          'Error: \u001b[2mexpect(\u001b[22mlocator\u001b[2m).\u001b[22mtoContainText failed\n\nLocator: x',
                      },
                    },
                  ],
                },
              ],
            },
            {
              title: 'list',
              file: 'backups.spec.ts',
              line: 90,
              tests: [{ status: 'expected', results: [] }],
            },
          ],
        },
      ],
    },
  ],
};

describe('test summary', () => {
  it('names each failed test and broken file, its first message line without colours, then the totals', () => {
    expect(summary({ 'vitest.json': vitest, 'e2e.json': e2e })).toEqual([
      'FAILED vitest apps/cloud/test/relay.test.ts > relay times out: AssertionError: expected 1 to be 2',
      "FAILED vitest packages/stomp/test/broken.test.ts: Cannot find module './missing'",
      'FAILED e2e backups.spec.ts:42 > scheduled backups, cloud mode > run now: Error: expect(locator).toContainText failed',
      '6 passed, 3 failed',
    ]);
  });

  it('counts a missing report, and a suite that exited non-zero with no failed test, as one failure each', () => {
    const clean = { ...vitest, numFailedTests: 0, testResults: [] };
    expect(
      summary({ 'vitest.json': clean, 'exit-status.json': { vitest: 1, e2e: 0 }, 'expect-e2e': '' }),
    ).toEqual([
      'vitest exited with status 1 although no test failed (unhandled errors?): 1 failure',
      'e2e: no report (the browser suite did not finish): 1 failure',
      '2 passed, 2 failed',
    ]);
  });

  it('adds up the browser suite’s shards, and counts a shard without a report or with a bad exit', () => {
    const clean = { ...vitest, numPassedTests: 5, numFailedTests: 0, testResults: [] };
    const ok = { stats: { expected: 4, flaky: 0, unexpected: 0 }, suites: [] };
    expect(
      summary({
        'vitest.json': clean,
        'e2e-1.json': e2e,
        'e2e-2.json': ok,
        'exit-status.json': { vitest: 0, 'e2e-1': 1, 'e2e-2': 1, 'e2e-3': 1 },
        'expect-e2e': '3',
      }),
    ).toEqual([
      'FAILED e2e backups.spec.ts:42 > scheduled backups, cloud mode > run now: Error: expect(locator).toContainText failed',
      'e2e-2 exited with status 1 although no test failed (unhandled errors?): 1 failure',
      'e2e-3: no report (the browser suite did not finish): 1 failure',
      '13 passed, 3 failed',
    ]);
  });
});
