// `npm test`: installs what is missing, builds, then runs every test: the Vitest suite (unit and
// integration, real sockets), the Playwright suite (the whole system in Chromium) and the packaging suite
// (images and .debs, tested for real). Ends with one line `N passed, N failed` over all three.
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
/** how many shards the browser suite is split into, which lane runs which, and Vitest's workers (see below) */
const E2E_PARTS = 1;
const LANES = { one: [1], two: [] };
const VITEST_WORKERS = 1;
let e2eStatuses = [];
if (!hasE2e || passthrough.length > 0) {
  // Only the Vitest suite (or the files named on the command line), in this terminal.
  vitestStatus = spawnSync('npx', [...vitestArgs, ...passthrough], { cwd: root, stdio: 'inherit' }).status;
} else {
  // Two lanes at once, so the run ends when the longer lane ends (CI's budget). The browser suite can be split
  // into Playwright shards (`--shard`; each shard starts its own system on free ports, so shards never share
  // state): lane one runs LANES.one in turn and prints here as it goes; lane two runs Vitest, then LANES.two,
  // with its output kept in .test-reports and printed when the lane is done so the two never interleave.
  // On 2 cores one shard beside Vitest (one worker) is the fastest measured: three shards over two lanes with
  // two Vitest workers took 37 min against 28, because the shards' browsers compete for the same cores and
  // the slower pages pushed timing-bound tests over their waits.
  writeFileSync(join(reports, 'expect-e2e'), String(E2E_PARTS));
  const log = join(reports, 'lane-two.log');
  const logFd = openSync(log, 'w');
  const shard = (n, stdio) =>
    run(
      'npx',
      [
        'playwright',
        'test',
        '-c',
        'e2e/playwright.config.ts',
        `--shard=${n}/${E2E_PARTS}`,
        `--output=test-results/part-${n}`,
      ],
      { stdio, env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, `e2e-${n}.json`) } },
    );
  const statuses = new Map();
  const laneOne = (async () => {
    for (const n of LANES.one) statuses.set(n, await shard(n, 'inherit'));
  })();
  const laneTwo = (async () => {
    // stdout and stderr (their own warnings) into the one log
    const v = await run('npx', [...vitestArgs, `--maxWorkers=${VITEST_WORKERS}`], {
      stdio: ['ignore', logFd, logFd],
    });
    for (const n of LANES.two) statuses.set(n, await shard(n, ['ignore', logFd, logFd]));
    process.stdout.write('\n---- Vitest (ran beside the browser suite) ----\n');
    process.stdout.write(`${readFileSync(log, 'utf8')}\n`);
    return v;
  })();
  [, vitestStatus] = await Promise.all([laneOne, laneTwo]);
  e2eStatuses = Array.from({ length: E2E_PARTS }, (_, i) => statuses.get(i + 1) ?? 1);
}

// The packaging suite (scripts/package-test.mjs: the amd64 image under podman, the .debs under systemd) runs
// after both lanes, alone, so its mmdebstrap, compression and containers never take cores from the browser
// suite; it adds about a minute on a fresh machine (docs/deploy.md, "How the packages are tested"). Only for
// the whole suite.
let packageStatus;
if (passthrough.length === 0) {
  const report = join(reports, 'package-test.json');
  packageStatus = await run(
    process.execPath,
    ['scripts/package-test.mjs', '--no-build', '--report', report],
    {
      stdio: 'inherit',
    },
  );
}

// A suite can exit non-zero with every test passed (Vitest's unhandled errors, a crashed worker): the summary
// counts such an exit as a failure, so its line never says "0 failed" for a red run.
writeFileSync(
  join(reports, 'exit-status.json'),
  JSON.stringify({
    vitest: vitestStatus,
    ...Object.fromEntries(e2eStatuses.map((status, i) => [`e2e-${i + 1}`, status])),
    ...(packageStatus === undefined ? {} : { package: packageStatus }),
  }),
);
const { failed } = printSummary(reports);
process.exit(
  vitestStatus !== 0 || e2eStatuses.some((status) => status !== 0) || (packageStatus ?? 0) !== 0 || failed > 0
    ? 1
    : 0,
);

/** Starts a command in the repository and resolves with its exit status (1 when it could not run). */
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, ...options });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
