// What a node allocated between two heap snapshots and still holds: reads the two snapshots a node wrote with
// BENCH_SCALE_NODE_HEAP_PROFILE=<file> BENCH_SCALE_NODE_HEAP_PROFILE_KEEP=snapshot:<ms>:<gap> (loopProbe.mjs;
// V8 keeps object ids from one snapshot to the next) and prints the objects of the second that the first did
// not have, by kind, with the long-lived objects that hold them: the nearest retainer that was already in the
// first snapshot, and the edge from it. Objects a relayed call leaves alive for a while (and a scavenge then
// promotes) show up here, held by whatever keeps them.
//   node --max-old-space-size=8000 --import tsx bench/cloud-scale/snapshotDiff.ts <a> <b> [rows]
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { runIfMain } from '../lib/cli';

const Snapshot = z.object({
  snapshot: z.object({
    meta: z.object({
      node_fields: z.array(z.string()),
      node_types: z.array(z.unknown()),
      edge_fields: z.array(z.string()),
      edge_types: z.array(z.unknown()),
    }),
  }),
  nodes: z.array(z.number()),
  edges: z.array(z.number()),
  strings: z.array(z.string()),
});
type Snapshot = z.infer<typeof Snapshot>;

/** A snapshot's nodes by index: id, kind ("type name"), size, and each node's retainers (reverse edges). */
class Graph {
  readonly count: number;
  readonly ids: Int32Array;
  readonly sizes: Float64Array;
  readonly kinds: string[];
  /** retainers of node i: [retainer index, edge label] */
  readonly retainers: Array<Array<[number, string]>>;

  constructor(s: Snapshot) {
    const nf = s.snapshot.meta.node_fields;
    const ef = s.snapshot.meta.edge_fields;
    const nodeTypes = z.array(z.string()).parse(s.snapshot.meta.node_types[0]);
    const edgeTypes = z.array(z.string()).parse(s.snapshot.meta.edge_types[0]);
    const [nType, nName, nId, nSize, nEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) =>
      nf.indexOf(f),
    ) as [number, number, number, number, number];
    const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f)) as [
      number,
      number,
      number,
    ];
    const N = nf.length;
    const E = ef.length;
    this.count = s.nodes.length / N;
    this.ids = new Int32Array(this.count);
    this.sizes = new Float64Array(this.count);
    this.kinds = new Array(this.count);
    this.retainers = Array.from({ length: this.count }, () => []);
    let edge = 0;
    for (let i = 0; i < this.count; i++) {
      const at = i * N;
      const type = nodeTypes[s.nodes[at + nType] ?? 0] ?? '?';
      const name = s.strings[s.nodes[at + nName] ?? 0] ?? '?';
      this.ids[i] = s.nodes[at + nId] ?? 0;
      this.sizes[i] = s.nodes[at + nSize] ?? 0;
      this.kinds[i] =
        `${type} ${type === 'string' || type === 'concatenated string' ? '' : name.slice(0, 60)}`;
      const edges = s.nodes[at + nEdges] ?? 0;
      for (let k = 0; k < edges; k++, edge += E) {
        const et = edgeTypes[s.edges[edge + eType] ?? 0] ?? '?';
        if (et === 'weak') continue;
        const raw = s.edges[edge + eName] ?? 0;
        const label = et === 'element' || et === 'hidden' ? `[${raw}]` : (s.strings[raw] ?? '?');
        const to = (s.edges[edge + eTo] ?? 0) / N;
        this.retainers[to]?.push([i, `${et}:${label}`]);
      }
    }
  }
}

const load = (file: string) => Snapshot.parse(JSON.parse(readFileSync(file, 'utf8')));

/**
 * The nearest retainer of `i` that was in the first snapshot (breadth first), with the path's last edge and
 * the edge that holds that retainer.
 */
function oldHolder(g: Graph, before: Set<number>, i: number): string {
  const seen = new Set([i]);
  let frontier = [i];
  for (let depth = 0; depth < 12 && frontier.length > 0; depth++) {
    const next: number[] = [];
    for (const n of frontier) {
      for (const [r, label] of g.retainers[n] ?? []) {
        if (seen.has(r)) continue;
        seen.add(r);
        if (before.has(g.ids[r] ?? -1)) {
          // one step further up names which of its kind it is (whose Map, whose array)
          const up = g.retainers[r]?.find(([u]) => u !== r);
          const from = up ? `${g.kinds[up[0]]} -${up[1]}-> ` : '';
          return `${from}${g.kinds[r]} -${label}-> ${g.kinds[n]}`;
        }
        next.push(r);
      }
    }
    frontier = next.slice(0, 200);
  }
  return '(no retainer from before)';
}

export function diff(fileA: string, fileB: string, rows = 25): void {
  const a = new Graph(load(fileA));
  const before = new Set(a.ids);
  const b = new Graph(load(fileB));
  const byKind = new Map<string, { count: number; bytes: number; nodes: number[] }>();
  let count = 0;
  let bytes = 0;
  for (let i = 0; i < b.count; i++) {
    if (before.has(b.ids[i] ?? -1)) continue;
    const kind = b.kinds[i] ?? '?';
    const e = byKind.get(kind) ?? { count: 0, bytes: 0, nodes: [] };
    e.count += 1;
    e.bytes += b.sizes[i] ?? 0;
    if (e.nodes.length < 400) e.nodes.push(i);
    byKind.set(kind, e);
    count += 1;
    bytes += b.sizes[i] ?? 0;
  }
  console.log(
    `${b.count} objects in the second snapshot, ${count} new since the first (${(bytes / 1024).toFixed(1)} KiB)`,
  );
  const top = [...byKind.entries()].sort((x, y) => y[1].bytes - x[1].bytes).slice(0, rows);
  for (const [kind, e] of top) {
    console.log(`${(e.bytes / 1024).toFixed(1).padStart(9)} KiB ${String(e.count).padStart(7)} x  ${kind}`);
    const holders = new Map<string, number>();
    for (const n of e.nodes) {
      const h = oldHolder(b, before, n);
      holders.set(h, (holders.get(h) ?? 0) + 1);
    }
    for (const [h, k] of [...holders.entries()].sort((x, y) => y[1] - x[1]).slice(0, 3))
      console.log(`${' '.repeat(22)}${Math.round((100 * k) / e.nodes.length)} % held by ${h}`);
  }
}

runIfMain(import.meta.url, async () => {
  const [fileA, fileB, rows] = process.argv.slice(2);
  if (!fileA || !fileB) throw new Error('usage: snapshotDiff.ts <a.heapsnapshot> <b.heapsnapshot> [rows]');
  diff(fileA, fileB, rows ? Number(rows) : undefined);
});
