// Where a cloud node spent its CPU during the relay phase of bench/cloud-scale: reads a V8 CPU profile written
// with BENCH_SCALE_CPU_PROF=<dir>, keeps the samples inside the relay window the bench wrote beside it
// (relay-window-*.json), and prints self time per function and per package, and inclusive time per function.
//   npx tsx bench/cloud-scale/profile.ts <dir>/CPU....cpuprofile [<dir>/relay-window-....json] [rows]
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

const CallFrame = z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() });
const ProfileNode = z.object({
  id: z.number(),
  callFrame: CallFrame,
  children: z.array(z.number()).optional(),
});
const CpuProfile = z.object({
  nodes: z.array(ProfileNode),
  startTime: z.number(),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});
const Window = z.object({ startUs: z.number(), endUs: z.number() });

function label(f: z.infer<typeof CallFrame>): string {
  const where = f.url.replace(/.*node_modules\//, '').replace(/.*\/(apps|packages)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${where}:${f.lineNumber + 1}`;
}

function pkg(f: z.infer<typeof CallFrame>): string {
  if (f.url === '') return f.functionName;
  if (f.url.startsWith('node:')) return f.url.split('/').slice(0, 2).join('/');
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url);
  return inModules?.[1] ?? f.url.replace(/.*\/(apps|packages)\//, '$1/');
}

function top(m: Map<string, number>, total: number, rows: number): string {
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([k, v]) => `${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n');
}

function main(): void {
  const [file, windowArg, rowsArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile.ts <cpuprofile> [<relay-window.json>] [rows]');
  const profile = CpuProfile.parse(JSON.parse(readFileSync(file, 'utf8')));
  const windowFile =
    windowArg ||
    readdirSync(dirname(file))
      .filter((f) => f.startsWith('relay-window-'))
      .map((f) => join(dirname(file), f))
      .at(-1);
  const window = windowFile ? Window.parse(JSON.parse(readFileSync(windowFile, 'utf8'))) : undefined;
  const rows = Number(rowsArg ?? 40);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  let t = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const d = profile.timeDeltas[i] ?? 0;
    t += d;
    if (window && (t < window.startUs || t > window.endUs)) return;
    self.set(id, (self.get(id) ?? 0) + d);
    total += d;
  });
  const selfFn = new Map<string, number>();
  const selfPkg = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let idle = 0;
  for (const [id, us] of self) {
    const n = byId.get(id);
    if (!n) continue;
    if (n.callFrame.functionName === '(idle)') idle += us;
    const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + us);
    add(selfFn, label(n.callFrame));
    add(selfPkg, pkg(n.callFrame));
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur)?.callFrame;
      if (!frame) break;
      const k = label(frame);
      if (!seen.has(k)) add(inclusive, k);
      seen.add(k);
    }
  }
  console.log(
    `${window ? 'relay window' : 'whole profile'}: ${(total / 1e6).toFixed(2)} s sampled, ` +
      `${(((total - idle) / Math.max(1, total)) * 100).toFixed(1)} % busy`,
  );
  console.log(`--- self time per function\n${top(selfFn, total, rows)}`);
  console.log(`--- self time per package\n${top(selfPkg, total, 25)}`);
  console.log(`--- inclusive time per function\n${top(inclusive, total, rows * 2)}`);
}

main();
