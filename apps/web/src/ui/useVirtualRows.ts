import { type Key, type RefObject, useLayoutEffect, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';
import { RowSizes, rowRange } from './rowSizes';

export interface VirtualRow {
  index: number;
  key: Key;
  /** px from the list's top */
  start: number;
}

export interface VirtualRowsOptions {
  /** The element that scrolls (overflow: auto) and holds the list. */
  scrollRef: RefObject<HTMLElement | null>;
  count: number;
  /** Every row's height in px; for measured rows (`measure`), the estimate until they are. Read once. */
  rowHeight: number;
  /** Rows rendered beyond each edge of the view. */
  overscan: number;
  /** A row's React key (default: its index). */
  keyOf?: (index: number) => Key;
  /** The view's height until the scroll element is read: the rows in sight render in the first pass. */
  initialHeight?: number;
}

export interface VirtualRows {
  /** The rows to render, each placed `start` px below the list's top. */
  items: VirtualRow[];
  /** The whole list's height in px. */
  totalSize: number;
  /** For rows of varying height, each row's ref (with `data-index`): measures it on mount and resize. */
  measure: (row: HTMLElement | null) => (() => void) | undefined;
}

/**
 * A virtual list: only the rows in view (and `overscan` each side) are rendered, placed at their offsets in
 * an element `totalSize` tall. Re-renders when scrolling or a resized view changes which rows are in view,
 * and when a measured row changes height; a row measured above the view moves the scroll position with it,
 * so what is in view stays put. Work per render: the rows rendered, and O(log n) for the rest (rowSizes.ts).
 */
export function useVirtualRows({
  scrollRef,
  count,
  rowHeight,
  overscan,
  keyOf,
  initialHeight = 0,
}: VirtualRowsOptions): VirtualRows {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [view] = useState(() => new View(new RowSizes(rowHeight), initialHeight, rerender));
  const { sizes } = view;
  sizes.reserve(count);
  const [first, end] = rowRange(sizes, count, view.top, view.height, overscan);
  useLayoutEffect(() => view.committed(count, overscan, first, end));
  useLayoutEffect(() => view.attach(scrollRef.current), [view, scrollRef]);
  const items: VirtualRow[] = [];
  for (let index = first, start = sizes.start(first); index < end; start += sizes.size(index++)) {
    items.push({ index, key: keyOf === undefined ? index : keyOf(index), start });
  }
  return { items, totalSize: sizes.start(count), measure: view.measure };
}

/** What the hook keeps between renders: the rows' sizes, the view as last read, the rows last committed. */
class View {
  top = 0;
  private count = 0;
  private overscan = 0;
  private shown = [0, 0];
  private el: HTMLElement | null = null;
  private observer: ResizeObserver | null = null;

  constructor(
    readonly sizes: RowSizes,
    public height: number,
    private readonly rerender: () => void,
  ) {}

  committed(count: number, overscan: number, first: number, end: number): void {
    this.count = count;
    this.overscan = overscan;
    this.shown = [first, end];
  }

  /** Follows the scroll element's position and height. */
  attach(el: HTMLElement | null): (() => void) | undefined {
    if (el === null) return;
    this.el = el;
    this.top = el.scrollTop;
    this.height = el.clientHeight;
    this.update(false);
    // in the scroll event's task: the rows coming into view are in the page before it is painted
    const onScroll = () => {
      this.top = el.scrollTop;
      this.update(true);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer = this.observe();
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer.unobserve(el);
      this.el = null;
    };
  }

  /** (a ref callback: React 19 calls the function it gives back when the row goes. Heights are kept to the
   * fraction of a pixel, so rows sit end to end.) */
  readonly measure = (row: HTMLElement | null): (() => void) | undefined => {
    if (row === null) return;
    const observer = this.observe();
    observer.observe(row);
    if (this.record(row, row.getBoundingClientRect().height)) this.rerender();
    return () => observer.unobserve(row);
  };

  private update(sync: boolean): void {
    const [first, end] = rowRange(this.sizes, this.count, this.top, this.height, this.overscan);
    if (first === this.shown[0] && end === this.shown[1]) return;
    if (sync) flushSync(this.rerender);
    else this.rerender();
  }

  /** Notes a row's height; true if it changed. */
  private record(row: Element, size: number): boolean {
    const index = Number(row.getAttribute('data-index'));
    if (!Number.isInteger(index) || index < 0) return false;
    const top = this.sizes.start(index);
    const remeasured = this.sizes.isMeasured(index);
    const delta = this.sizes.measure(index, size);
    if (delta === 0) return false;
    // A row above the view (met for the first time: starting above it; again: all of it, as a row across the
    // view's top grows below what the user reads) moves the view with it. (The element's scrollTop, not
    // this.top: a scroll made by code has not reported yet. Measuring laid the page out: reading it is free.)
    const el = this.el;
    if (el !== null) {
      const scrolled = el.scrollTop;
      if (remeasured ? top + size - delta <= scrolled : top < scrolled) {
        this.top = scrolled + delta;
        el.scrollTop = this.top;
      }
    }
    return true;
  }

  private observe(): ResizeObserver {
    this.observer ??= new ResizeObserver((entries) => {
      let changed = false;
      for (const { target, borderBoxSize } of entries) {
        if (target === this.el) {
          this.height = target.clientHeight;
          continue;
        }
        const size = borderBoxSize[0]?.blockSize ?? target.getBoundingClientRect().height;
        if (this.record(target, size)) changed = true;
      }
      if (changed) this.rerender();
      else this.update(false);
    });
    return this.observer;
  }
}
