// `npm test`: installs what is missing, builds, then runs every test: the Vitest suite (unit and
// integration, real sockets) and the Playwright suite (the whole system in Chromium). Ends with one line
// `N passed, N failed` over both.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, 'vitest.json')}`,
    ...passthrough,
  ],
  { cwd: root, stdio: 'inherit' },
);

const hasE2e =
  existsSync(join(root, 'e2e')) && readdirSync(join(root, 'e2e')).some((f) => f.endsWith('.spec.ts'));
let e2eStatus = 0;
if (hasE2e && passthrough.length === 0) {
  writeFileSync(join(reports, 'expect-e2e'), '');
  const r = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
  });
  e2eStatus = r.status ?? 1;
}

const { failed } = printSummary(reports);
process.exit(vitest.status !== 0 || e2eStatus !== 0 || failed > 0 ? 1 : 0);
