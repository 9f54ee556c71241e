// Installs dependencies when node_modules is missing or older than the lock file / manifests.
// Runs before every root script, so a fresh clone needs nothing but `npm start` or `npm test`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'node_modules', '.st-install-stamp');

function manifests() {
  const files = ['package.json', 'package-lock.json'];
  for (const dir of ['packages', 'apps']) {
    const base = join(root, dir);
    if (!existsSync(base)) continue;
    for (const d of readdirSync(base)) files.push(join(dir, d, 'package.json'));
  }
  files.push('e2e/package.json', 'bench/package.json');
  return files.filter((f) => existsSync(join(root, f))).sort();
}

export function installHash() {
  const h = createHash('sha256');
  for (const f of manifests()) h.update(f).update(readFileSync(join(root, f)));
  return h.digest('hex');
}

export function ensureInstalled() {
  const want = installHash();
  const have = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
  if (have === want) return;
  const fresh = !existsSync(join(root, 'node_modules'));
  // `npm install` (not `npm ci`): it installs exactly the locked versions too, and tolerates a lock file that
  // lacks other platforms' optional packages (npm 11 writes such locks; `npm ci` then refuses to run).
  const args = ['install'];
  console.log(
    `[setup] ${fresh ? 'installing' : 'updating'} dependencies (npm ${args[0]}); native modules build from source, this can take a few minutes...`,
  );
  const r = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    console.error('[setup] npm install failed; see the messages above.');
    process.exit(r.status ?? 1);
  }
  writeFileSync(stamp, `${installHash()}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstalled();
