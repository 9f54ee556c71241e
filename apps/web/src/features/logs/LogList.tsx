import { memo, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../ui/format';
import { Text } from '../../ui/kit/text';
import { useVirtualRows } from '../../ui/useVirtualRows';
import './logs.css';
import { LogRow } from './LogRow';
import type { LogRows } from './logView';

const COLUMNS = ['device', 'date', 'tag', 'level', 'msg'] as const;
/** Scrolled this far from the newest line, the user is reading older ones: following pauses. */
const SCROLLED_AWAY_PX = 40;

/**
 * The log lines, newest first. Only the rows in sight (plus a few) exist in the page, so holding 100,000
 * lines costs memory but no rendering. Memoized: a keystroke's urgent render (the input) leaves it alone.
 */
export const LogList = memo(function LogList({
  rows,
  filterKey,
  followKey,
  onScrollAway,
}: {
  rows: LogRows;
  /** A new value scrolls back to the newest line (a new filter). */
  filterKey: unknown;
  /** A new value scrolls back to the newest line (following again). */
  followKey?: number;
  /** The user scrolled away from the newest lines (the screen stops following). */
  onScrollAway?: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const scroller = useRef<HTMLDivElement>(null);
  // Rows of varying height (a message wraps), measured as they render and known by their line: new lines
  // come in on top and missed ones are added, and each row keeps its own height wherever it moves.
  const keyOf = useCallback((index: number) => rows.keyAt(index), [rows]);
  const virtual = useVirtualRows({
    scrollRef: scroller,
    count: rows.size,
    rowHeight: 26,
    overscan: 10,
    keyOf,
  });
  // Where the list is scrolled, as its scroll events said: setting scrollTop when it is already 0 cost a
  // forced layout in every keystroke's commit (issue 21), so only a scrolled list is moved.
  const scrolledTo = useRef(0);
  // A new filter is a new list: show its newest lines.
  useEffect(() => {
    if (scroller.current !== null && scrolledTo.current !== 0) scroller.current.scrollTop = 0;
  }, [filterKey, followKey]);
  // On a desk narrower than the columns the list scrolls sideways in its box, not the page; on a phone each
  // row is a wrapped line and nothing scrolls sideways (logs.css).
  return (
    <div style={{ overflowX: 'auto' }}>
      <div className="st-log-box">
        <div
          className="st-log-head st-log-columns"
          style={{
            padding: '4px 8px 4px 12px',
            fontWeight: 600,
            fontSize: 'var(--st-fz-xs)',
            borderBottom: '1px solid var(--st-border)',
          }}
        >
          {COLUMNS.map((column) => (
            <span key={column}>{t(`device.logs.column.${column}`)}</span>
          ))}
        </div>
        <div
          ref={scroller}
          onScroll={(e) => {
            scrolledTo.current = e.currentTarget.scrollTop;
            if (scrolledTo.current > SCROLLED_AWAY_PX) onScrollAway?.();
          }}
          style={{ height: 'max(320px, calc(100dvh - 280px))', overflowY: 'auto', contain: 'strict' }}
        >
          {rows.size === 0 ? (
            <Text c="dimmed" size="sm" p="md">
              {t('device.logs.empty')}
            </Text>
          ) : null}
          <ul
            aria-label={t('device.logs.list')}
            style={{ height: virtual.totalSize, position: 'relative', margin: 0, padding: 0 }}
          >
            {virtual.items.map((item) => {
              const log = rows.at(item.index);
              return log === undefined ? null : (
                <LogRow
                  key={item.key}
                  log={log}
                  index={item.index}
                  start={item.start}
                  measure={virtual.measure}
                  formatTime={format.preciseDateTime}
                />
              );
            })}
          </ul>
        </div>
      </div>
    </div>
  );
});
