import { ScrollArea } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';

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
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => viewport.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // the rows in sight render in the list's first pass instead of after the viewport is measured (a
    // second render and frame before the first device shows; issue 21)
    initialRect: { width: 0, height: Math.min(maxHeight, items.length * ROW_HEIGHT) },
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : keyOf(item);
    },
  });
  const height = Math.min(maxHeight, items.length * ROW_HEIGHT);
  return (
    <ScrollArea h={height} viewportRef={viewport} type="hover" offsetScrollbars>
      <ul
        aria-label={label}
        style={{
          height: virtualizer.getTotalSize(),
          position: 'relative',
          margin: 0,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {virtualizer.getVirtualItems().map((row) => {
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
    </ScrollArea>
  );
}
