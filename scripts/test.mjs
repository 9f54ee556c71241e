// `npm test`: installs what is missing, builds, then runs every test: the Vitest suite (unit and
// integration, real sockets) and the Playwright suite (the whole system in Chromium). Ends with one line
// `N passed, N failed` over both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from './build.mjs';
import { ensureInstalled } from './ensure-install.mjs';
import { ensureSystemDeps } from './system-deps.mjs';
import { printSummary } from './test-summary.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.test-reports');
const passthrough = process.argv.slice(2);

ensureInstalled();
ensureSystemDeps();
await buildAll();
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, 'vitest.json')}`,
];
const hasE2e =
  existsSync(join(root, 'e2e')) && readdirSync(join(root, 'e2e')).some((f) => f.endsWith('.spec.ts'));

let vitestStatus;
let e2eStatus = 0;
if (!hasE2e || passthrough.length > 0) {
  // Only the Vitest suite (or the files named on the command line), in this terminal.
  vitestStatus = spawnSync('npx', [...vitestArgs, ...passthrough], { cwd: root, stdio: 'inherit' }).status;
} else {
  // Both suites at once (CI's budget; the browser suite alone takes most of it): Playwright prints here as
  // it goes, Vitest runs beside it on one worker and its output is kept in .test-reports/vitest.log, printed
  // when it is done so the two never interleave.
  writeFileSync(join(reports, 'expect-e2e'), '');
  const log = join(reports, 'vitest.log');
  const logFd = openSync(log, 'w');
  const vitest = run('npx', [...vitestArgs, '--maxWorkers=1'], {
    // stdout and stderr (its own warnings) into the one log
    stdio: ['ignore', logFd, logFd],
  });
  const e2e = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
  });
  [vitestStatus, e2eStatus] = await Promise.all([
    vitest.then((status) => {
      process.stdout.write(`\n---- Vitest (ran beside Playwright) ----\n${readFileSync(log, 'utf8')}\n`);
      return status;
    }),
    e2e,
  ]);
}

// A suite can exit non-zero with every test passed (Vitest's unhandled errors, a crashed worker): the summary
// counts such an exit as a failure, so its line never says "0 failed" for a red run.
writeFileSync(join(reports, 'exit-status.json'), JSON.stringify({ vitest: vitestStatus, e2e: e2eStatus }));
const { failed } = printSummary(reports);
process.exit(vitestStatus !== 0 || e2eStatus !== 0 || failed > 0 ? 1 : 0);

/** Starts a command in the repository and resolves with its exit status (1 when it could not run). */
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, ...options });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
