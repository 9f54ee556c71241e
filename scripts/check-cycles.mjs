// No import cycles between our source files, checked on every `npm run check` (through check-layers.mjs).
// A cycle makes the load order decide what a module sees (an import still undefined while its module runs)
// and ties files that should stand alone. The graph is built from relative imports (type-only ones too:
// they tie the files together just as much), resolved the way TypeScript's bundler resolution does
// (`./x` -> x.ts, x.tsx, x/index.ts ...). Cycles are found as strongly connected components (Tarjan).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const WORKSPACES = ['packages', 'apps'];

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts|mjs)$/.test(name) && !/\.d\.ts$/.test(name)) yield path;
  }
}

const IMPORT =
  /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\s)import\s+['"]([^'"]+)['"]/g;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '/index.ts', '/index.tsx'];

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  const bare = base.replace(/\.(js|mjs|jsx)$/, '');
  for (const candidate of [base, ...EXTENSIONS.map((e) => bare + e)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The import graph of every workspace's src/ (file -> files it imports relatively). */
export function importGraph() {
  const graph = new Map();
  for (const group of WORKSPACES) {
    for (const workspace of readdirSync(join(root, group))) {
      const src = join(root, group, workspace, 'src');
      if (!existsSync(src)) continue;
      for (const file of sources(src)) {
        const targets = new Set();
        for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
          const spec = m[1] ?? m[2] ?? m[3] ?? '';
          if (!spec.startsWith('.')) continue;
          const target = resolveImport(file, spec);
          if (target !== undefined) targets.add(target);
        }
        graph.set(file, targets);
      }
    }
  }
  return graph;
}

/** Every group of files that import each other in a circle (Tarjan's strongly connected components). */
export function findCycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (start) => {
    // iterative depth-first search (deep import chains would overflow the call stack)
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, edges] = frame;
      if (frame[2] < edges.length) {
        const to = edges[frame[2]++];
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, [...(graph.get(to) ?? [])], 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        const selfImport = component.length === 1 && graph.get(node)?.has(node);
        if (component.length > 1 || selfImport) cycles.push(component);
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles.map((c) => c.sort());
}

export function checkCycles() {
  return findCycles(importGraph()).map(
    (files) => `import cycle: ${files.map((f) => relative(root, f)).join(' <-> ')}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cycles = checkCycles();
  for (const c of cycles) console.error(c);
  if (cycles.length > 0) process.exit(1);
  console.log('import cycles: none');
}
