// What reaches a cloud node's old generation per relayed call: reads the sampling heap profile a node wrote with
// BENCH_SCALE_NODE_HEAP_PROFILE=<file> (loopProbe.mjs; samples of objects a scavenge collected are dropped, so
// what is left survived the young generation) and prints the allocation sites by bytes, per call.
//   npx tsx bench/cloud-scale/heapProfile.ts <file> [calls] [rows]
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { waitFor } from '@st/testkit';
import { z } from 'zod';
import { runIfMain } from '../lib/cli';
import { round } from '../lib/figures';

const CallFrame = z.object({
  functionName: z.string(),
  url: z.string(),
  lineNumber: z.number(),
  columnNumber: z.number(),
});
interface HeapNode {
  callFrame: z.infer<typeof CallFrame>;
  selfSize: number;
  children: HeapNode[];
}
const HeapNode: z.ZodType<HeapNode> = z.lazy(() =>
  z.object({ callFrame: CallFrame, selfSize: z.number(), children: z.array(HeapNode) }),
);
const HeapProfile = z.object({ head: HeapNode });

// The servers are bundled (apps/<app>/dist/main.js, with a source map): frames there are named by their source.
const maps = new Map<string, SourceMap | undefined>();
function source(f: z.infer<typeof CallFrame>): string {
  const path = f.url.startsWith('file:') ? fileURLToPath(f.url) : f.url;
  if (!maps.has(path)) {
    const mapFile = `${path}.map`;
    maps.set(
      path,
      existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : undefined,
    );
  }
  const e = maps.get(path)?.findEntry(f.lineNumber, f.columnNumber);
  const file =
    e && 'originalSource' in e ? `${e.originalSource}:${e.originalLine + 1}` : `${f.url}:${f.lineNumber + 1}`;
  return file.replace(/.*node_modules\//, '').replace(/.*\/(apps|packages)\//, '$1/');
}
const where = (f: z.infer<typeof CallFrame>) => `${f.functionName || '(anonymous)'} ${source(f)}`;
/** our own code (apps/*, packages/*), not a dependency's or Node's */
const ours = (f: z.infer<typeof CallFrame>) => /^(apps|packages)\//.test(source(f));

/** Bytes per allocating function, and per stack (the allocating frame plus the nearest frames of our own code). */
/**
 * After a bench window with BENCH_SCALE_NODE_HEAP_PROFILE=<file>: waits for each node's profile and prints its
 * sites per call (a heap snapshot, `KEEP=snapshot:<ms>`, is left to read by hand).
 */
export async function printNodeHeapSites(file: string, nodes: number, calls: number): Promise<void> {
  const keep = process.env.BENCH_SCALE_NODE_HEAP_PROFILE_KEEP ?? 'promoted';
  if (keep.startsWith('snapshot:')) return;
  for (let i = 0; i < nodes; i++) {
    const profile = `${file}.node${i}.heapprofile`;
    await waitFor(() => existsSync(profile), { timeoutMs: 60_000, what: profile });
    await new Promise((r) => setTimeout(r, 500)); // written in one call; let it finish
    console.log(
      `node${i}, what survived its young generation in the window (${keep}):\n${heapSites(profile, calls)}`,
    );
  }
}

export function heapSites(file: string, calls: number, rows = 25): string {
  const { head } = HeapProfile.parse(JSON.parse(readFileSync(file, 'utf8')));
  const self = new Map<string, number>();
  const stacks = new Map<string, number>();
  let total = 0;
  const walk = (n: HeapNode, path: HeapNode['callFrame'][]) => {
    const here = [...path, n.callFrame];
    if (n.selfSize > 0) {
      total += n.selfSize;
      const key = where(n.callFrame);
      self.set(key, (self.get(key) ?? 0) + n.selfSize);
      // the allocating function, its caller, and the nearest three frames of our own code above them
      const caller = path.at(-1);
      const near = [key, ...(caller ? [where(caller)] : [])];
      const own = path.slice(0, -1).filter(ours).slice(-3).map(where).reverse();
      const stack = [...near, ...own.filter((w) => !near.includes(w))].join(' <- ');
      stacks.set(stack, (stacks.get(stack) ?? 0) + n.selfSize);
    }
    for (const c of n.children) walk(c, here);
  };
  walk(head, []);
  const perCall = (b: number) => `${round(b / 1024 / Math.max(1, calls), 3)} KiB`;
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([k, v]) => `${perCall(v).padStart(11)} ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  return [
    `sampled bytes that survived the young generation: ${round(total / 1024 / 1024, 1)} MiB, ${perCall(total)} per call over ${calls} calls`,
    'by allocating function:',
    top(self),
    'by stack (allocating function <- nearest frames of apps/ and packages/):',
    top(stacks),
  ].join('\n');
}

runIfMain(import.meta.url, async () => {
  const [file, calls, rows] = process.argv.slice(2);
  if (!file) throw new Error('usage: heapProfile.ts <file> [calls] [rows]');
  console.log(heapSites(file, Number(calls ?? 1), Number(rows ?? 25)));
});
