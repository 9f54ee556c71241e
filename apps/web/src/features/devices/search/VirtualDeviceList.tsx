import { type ReactNode, useCallback, useRef } from 'react';
import { useVirtualRows } from '../../../ui/useVirtualRows';

const ROW_HEIGHT = 56;

export interface VirtualDeviceListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  renderRow: (item: T) => ReactNode;
  label: string;
  maxHeight: number;
}

/** Only the rows in view are rendered, so hundreds of devices keep the panel smooth. */
export function VirtualDeviceList<T>({
  items,
  keyOf,
  renderRow,
  label,
  maxHeight,
}: VirtualDeviceListProps<T>) {
  const viewport = useRef<HTMLDivElement>(null);
  const height = Math.min(maxHeight, items.length * ROW_HEIGHT);
  const { items: rows, totalSize } = useVirtualRows({
    scrollRef: viewport,
    count: items.length,
    rowHeight: ROW_HEIGHT,
    overscan: 6,
    // the rows in sight render in the list's first pass instead of after the viewport is measured (a
    // second render and frame before the first device shows; issue 21)
    initialHeight: height,
    keyOf: useCallback(
      (index: number) => {
        const item = items[index];
        return item === undefined ? index : keyOf(item);
      },
      [items, keyOf],
    ),
  });
  return (
    <div ref={viewport} className="st-scroll" style={{ height }}>
      <ul
        aria-label={label}
        style={{
          height: totalSize,
          position: 'relative',
          margin: 0,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {rows.map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          return (
            <li
              key={row.key}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${row.start}px)`,
              }}
            >
              {renderRow(item)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
