// Type-checks every workspace that has a tsconfig.json (each with its own lib/types), one after another.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const roots = ['packages', 'apps'];
const projects = roots.flatMap((r) => (existsSync(r) ? readdirSync(r).map((d) => join(r, d)) : []));
projects.push('e2e', 'bench', 'scripts');
let failed = 0;
for (const p of projects) {
  if (!existsSync(join(p, 'tsconfig.json'))) continue;
  const r = spawnSync(join('node_modules', '.bin', 'tsc'), ['-p', p, '--noEmit'], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.error(`typecheck failed: ${p}`);
  }
}
process.exit(failed ? 1 : 0);
