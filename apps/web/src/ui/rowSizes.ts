/**
 * The heights of a virtual list's rows (an estimate until a row is measured) with their running sums in a
 * Fenwick tree: a row's top, the list's height and the row at an offset each cost O(log n) however many
 * rows there are (the logs screen holds 100,000), and a measurement updates them in O(log n) too.
 * Rows are known by index; room for more rows is made by doubling.
 */
export class RowSizes {
  private sizes = new Float64Array(0);
  private measured = new Uint8Array(0);
  /** 1-based: tree[i] sums the `i & -i` rows ending with row i - 1. */
  private tree = new Float64Array(1);

  constructor(readonly estimate: number) {}

  /** Makes room for `count` rows (the new ones at the estimate). */
  reserve(count: number): void {
    const had = this.sizes.length;
    if (count <= had) return;
    const n = Math.max(count, had * 2);
    const sizes = new Float64Array(n).fill(this.estimate);
    sizes.set(this.sizes);
    const measured = new Uint8Array(n);
    measured.set(this.measured);
    const tree = new Float64Array(n + 1);
    for (let i = 1; i <= n; i++) {
      tree[i] = (tree[i] ?? 0) + (sizes[i - 1] ?? 0);
      const up = i + (i & -i);
      if (up <= n) tree[up] = (tree[up] ?? 0) + (tree[i] ?? 0);
    }
    this.sizes = sizes;
    this.measured = measured;
    this.tree = tree;
  }

  size(index: number): number {
    return this.sizes[index] ?? this.estimate;
  }

  isMeasured(index: number): boolean {
    return this.measured[index] === 1;
  }

  /** The top of row `index`: the sum of the rows before it (so `start(count)` is the list's height). */
  start(index: number): number {
    const n = this.sizes.length;
    let sum = index > n ? (index - n) * this.estimate : 0;
    for (let i = Math.min(index, n); i > 0; i -= i & -i) sum += this.tree[i] ?? 0;
    return sum;
  }

  /** Records row `index`'s measured height; gives back the change (0: as it was). */
  measure(index: number, size: number): number {
    this.reserve(index + 1);
    const delta = size - this.size(index);
    this.sizes[index] = size;
    this.measured[index] = 1;
    if (delta !== 0)
      for (let i = index + 1; i < this.tree.length; i += i & -i) this.tree[i] = (this.tree[i] ?? 0) + delta;
    return delta;
  }

  /** The row (of the first `count`) at `offset` px: the last one starting at or above it. */
  indexAt(offset: number, count: number): number {
    const n = this.sizes.length;
    let index = 0;
    let left = offset;
    for (let step = 2 ** Math.floor(Math.log2(n || 1)); step > 0; step >>= 1) {
      const sum = this.tree[index + step];
      if (sum !== undefined && sum <= left) {
        index += step;
        left -= sum;
      }
    }
    return Math.max(0, Math.min(index, count - 1));
  }
}

/** The rows to render, [first, end): those in a view `height` px tall at `top`, and `overscan` each side. */
export function rowRange(
  sizes: RowSizes,
  count: number,
  top: number,
  height: number,
  overscan: number,
): [number, number] {
  if (count === 0) return [0, 0];
  const first = sizes.indexAt(top, count);
  let end = first + 1;
  let bottom = sizes.start(end);
  while (end < count && bottom < top + height) bottom += sizes.size(end++);
  return [Math.max(0, first - overscan), Math.min(count, end + overscan)];
}
