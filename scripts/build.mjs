// Builds what `npm start`, the servers and the end-to-end tests run:
//   apps/<server>/src/main.ts -> apps/<server>/dist/main.js (esbuild; workspace packages bundled in,
//   npm dependencies left to node_modules), and the console (apps/web -> apps/web/dist, Vite).
// Skips a target whose output is newer than every source it depends on; `--force` rebuilds all.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const force = process.argv.includes('--force');
const SERVERS = ['simulator', 'gateway', 'cloud'];

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const sharedSources = () =>
  Math.max(...readdirSync(join(root, 'packages')).map((p) => newestMtime(join(root, 'packages', p))));
const isStale = (out, ...dirs) =>
  force || !existsSync(out) || statSync(out).mtimeMs < Math.max(sharedSources(), ...dirs.map(newestMtime));

function externals() {
  const deps = new Set(['better-sqlite3', 'pg-native']);
  for (const dir of ['apps', 'packages']) {
    for (const d of readdirSync(join(root, dir))) {
      const f = join(root, dir, d, 'package.json');
      if (!existsSync(f)) continue;
      const pkg = JSON.parse(readFileSync(f, 'utf8'));
      for (const name of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
        if (!name.startsWith('@st/')) deps.add(name);
      }
    }
  }
  return [...deps];
}

export async function buildAll() {
  const { build } = await import('esbuild');
  const external = externals();
  for (const app of SERVERS) {
    const dir = join(root, 'apps', app);
    const entry = join(dir, 'src', 'main.ts');
    if (!existsSync(entry)) continue;
    const out = join(dir, 'dist', 'main.js');
    if (!isStale(out, join(dir, 'src'))) continue;
    await build({
      entryPoints: [entry],
      outfile: out,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      external,
      logLevel: 'warning',
      define: { 'process.env.ST_BUILD_TIME': JSON.stringify(new Date().toISOString()) },
    });
    console.log(`[build] apps/${app}/dist/main.js`);
  }
  const web = join(root, 'apps', 'web');
  if (
    existsSync(join(web, 'index.html')) &&
    // (all of apps/web but dist/ and node_modules/: the sources, index.html, vite.config.ts and its build steps)
    isStale(join(web, 'dist', 'index.html'), web)
  ) {
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('console build failed');
    console.log('[build] apps/web/dist');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildAll().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
