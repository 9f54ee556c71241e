import { useVirtualizer } from '@tanstack/react-virtual';
import type { Key, RefObject } from 'react';

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
  /** Every row's height in px; for measured rows (`measure`), the estimate until they are. */
  rowHeight: number;
  /** Rows rendered beyond each edge of the view. */
  overscan: number;
  /**
   * A row's key (default: its index): the row's identity, which its measured height follows when rows are
   * added or removed before it. Give a function that changes only when the rows do (useCallback on them):
   * a new one makes the virtualizer go over every row's key again.
   */
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
  measure: (row: HTMLElement | null) => void;
}

const byIndex = (index: number) => index;

/**
 * A virtual list on TanStack Virtual: only the rows in view (and `overscan` each side) are rendered, placed
 * at their offsets in an element `totalSize` tall. Measured heights are kept by row key, so a row keeps its
 * own height when new rows come in above it (the logs, newest first) or missed ones are added; a row measured
 * above the view moves the scroll position with it, so what is in view stays put.
 */
export function useVirtualRows({
  scrollRef,
  count,
  rowHeight,
  overscan,
  keyOf = byIndex,
  initialHeight = 0,
}: VirtualRowsOptions): VirtualRows {
  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    getItemKey: keyOf,
    initialRect: { width: 0, height: initialHeight },
  });
  const items = virtualizer
    .getVirtualItems()
    .map(({ index, key, start }) => ({ index, key: key as Key, start }));
  return { items, totalSize: virtualizer.getTotalSize(), measure: virtualizer.measureElement };
}
