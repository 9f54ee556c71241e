import { describe, expect, it } from 'vitest';
import { findCycles } from './check-cycles.mjs';

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('import cycle finder', () => {
  it('finds each circle once, however long, and nothing in a tree', () => {
    const cycles: string[][] = findCycles(
      graph({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['f'], f: ['e'], g: ['d'] }),
    );
    expect(cycles.map((c) => c.join(' ')).sort()).toEqual(['a b c', 'e f']);
    expect(findCycles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });
});
