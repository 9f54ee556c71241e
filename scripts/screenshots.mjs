// `npm run screenshots`: builds, then runs the Playwright suite with ST_DOCS_SCREENSHOTS=1 so the specs
// write their pictures into docs/screenshots/ (an ordinary `npm test` writes them under test-results/).
import { spawnSync } from 'node:child_process';
import { buildAll } from './build.mjs';
import { ensureInstalled } from './ensure-install.mjs';

ensureInstalled();
await buildAll();
const r = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: new URL('..', import.meta.url).pathname,
    stdio: 'inherit',
    env: { ...process.env, ST_DOCS_SCREENSHOTS: '1' },
  },
);
process.exit(r.status ?? 1);
