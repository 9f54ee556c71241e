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
/** how many shards the browser suite is split into (see the lanes below) */
const E2E_PARTS = 3;
let e2eStatuses = [];
if (!hasE2e || passthrough.length > 0) {
  // Only the Vitest suite (or the files named on the command line), in this terminal.
  vitestStatus = spawnSync('npx', [...vitestArgs, ...passthrough], { cwd: root, stdio: 'inherit' }).status;
} else {
  // Two lanes at once, so the run ends when the longer lane ends (CI's budget). Playwright splits the spec files
  // into E2E_PARTS shards (each shard starts its own system on free ports, so shards never share state). Lane
  // one runs shards 1..E2E_PARTS-1 one after the other and prints here as it goes; lane two runs Vitest, then the
  // last shard, with its output kept in .test-reports and printed when the lane is done so the two never
  // interleave. A browser shard keeps about one core busy (Chromium and the servers) while Vitest's tests mostly
  // wait on sockets and timers (a third of a core per worker), so Vitest runs two workers beside a shard; it then
  // takes about a third of the browser suite's time, hence three parts.
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
  const laneOne = (async () => {
    const statuses = [];
    for (let n = 1; n < E2E_PARTS; n++) statuses.push(await shard(n, 'inherit'));
    return statuses;
  })();
  const laneTwo = (async () => {
    // stdout and stderr (their own warnings) into the one log
    const v = await run('npx', [...vitestArgs, '--maxWorkers=2'], { stdio: ['ignore', logFd, logFd] });
    const last = await shard(E2E_PARTS, ['ignore', logFd, logFd]);
    process.stdout.write(`\n---- Vitest, then browser part ${E2E_PARTS} (ran beside the other parts) ----\n`);
    process.stdout.write(`${readFileSync(log, 'utf8')}\n`);
    return [v, last];
  })();
  const [oneStatuses, [v, last]] = await Promise.all([laneOne, laneTwo]);
  vitestStatus = v;
  e2eStatuses = [...oneStatuses, last];
}

// A suite can exit non-zero with every test passed (Vitest's unhandled errors, a crashed worker): the summary
// counts such an exit as a failure, so its line never says "0 failed" for a red run.
writeFileSync(
  join(reports, 'exit-status.json'),
  JSON.stringify({
    vitest: vitestStatus,
    ...Object.fromEntries(e2eStatuses.map((status, i) => [`e2e-${i + 1}`, status])),
  }),
);
const { failed } = printSummary(reports);
process.exit(vitestStatus !== 0 || e2eStatuses.some((status) => status !== 0) || failed > 0 ? 1 : 0);

/** Starts a command in the repository and resolves with its exit status (1 when it could not run). */
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, ...options });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
