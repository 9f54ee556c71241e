// The layer rule of docs/architecture.md, checked on every `npm run check`:
// packages/protocol <- packages/stomp <- packages/server-kit <- apps/*, apps never import each other.
// Test code (`*.test.ts(x)`, `apps/*/test/`, `src/testing/`) may use any package and start another app as
// a real peer; the rule is about what ships.
// A relative import may not leave its own workspace either, and no source files may import each other in a
// circle (check-cycles.mjs). Prints every breach, exits 1 if any.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { checkCycles } from './check-cycles.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);

/** What the source (non-test) files of each workspace may import of ours. */
const ALLOWED = {
  'packages/protocol': [],
  'packages/stomp': ['protocol'],
  'packages/server-kit': ['protocol', 'stomp'],
  'packages/testkit': ['protocol', 'stomp', 'server-kit'],
  'apps/cloud': ['protocol', 'stomp', 'server-kit'],
  'apps/gateway': ['protocol', 'stomp', 'server-kit'],
  'apps/simulator': ['protocol'],
  'apps/web': ['protocol'],
};
const APPS = ['cloud', 'gateway', 'simulator', 'web'];

const isTest = (path) =>
  /\.test\.tsx?$/.test(path) || /^apps\/[^/]+\/test\//.test(path) || /\/src\/testing\//.test(path);
const PACKAGES = ['protocol', 'stomp', 'server-kit', 'testkit'];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx|mts|mjs)$/.test(name)) yield path;
  }
}

const IMPORT = /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function checkLayers() {
  const breaches = [];
  for (const [workspace, allowed] of Object.entries(ALLOWED)) {
    const base = join(root, workspace);
    for (const dir of ['src', 'test']) {
      let entries;
      try {
        entries = [...files(join(base, dir))];
      } catch {
        continue;
      }
      for (const file of entries) {
        const rel = relative(root, file);
        const test = isTest(rel);
        const text = readFileSync(file, 'utf8');
        for (const m of text.matchAll(IMPORT)) {
          const spec = m[1] ?? m[2] ?? '';
          if (spec.startsWith('@st/')) {
            const name = spec.slice(4).split('/')[0];
            if (workspace.endsWith(`/${name}`)) continue;
            const ok =
              allowed.includes(name) ||
              (test && (PACKAGES.includes(name) || (workspace.startsWith('apps/') && APPS.includes(name))));
            if (!ok) breaches.push(`${rel}: imports @st/${name}, which ${workspace} may not use`);
          } else if (spec.startsWith('.')) {
            const target = relative(base, resolve(dirname(file), spec));
            if (target.startsWith('..')) breaches.push(`${rel}: relative import ${spec} leaves ${workspace}`);
          }
        }
      }
    }
  }
  return breaches;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const breaches = checkLayers();
  const cycles = checkCycles();
  for (const b of [...breaches, ...cycles]) console.error(b);
  if (breaches.length > 0) console.error(`layer rule (docs/architecture.md): ${breaches.length} breach(es)`);
  if (cycles.length > 0) console.error(`import cycles: ${cycles.length}`);
  if (breaches.length + cycles.length > 0) process.exit(1);
  console.log('layer rule: ok; import cycles: none');
}
