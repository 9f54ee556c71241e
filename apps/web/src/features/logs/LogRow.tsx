import type { LogLevelName, LogMessage } from '@st/protocol';
import type { VirtualRows } from '../../ui/useVirtualRows';
import { deviceTint } from './deviceTint';

export const LOG_COLUMNS = 'minmax(140px, 200px) 190px minmax(80px, 150px) 64px minmax(0, 1fr)';
/** The narrowest the columns get (their minimums, gaps and room for the message). */
export const LOG_MIN_WIDTH = 640;

const LEVEL_COLORS: Record<LogLevelName, string> = {
  ERROR: 'var(--st-red-6)',
  WARN: 'var(--st-orange-6)',
  INFO: 'var(--st-cyan-6)',
  DEBUG: 'var(--st-grape-5)',
  TRACE: 'var(--st-dimmed)',
};

const cell = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

export interface LogRowProps {
  log: LogMessage;
  index: number;
  start: number;
  /** the list's measuring ref (ui/useVirtualRows.ts): rows of varying height, measured by their line */
  measure: VirtualRows['measure'];
  /** the log time in the chosen language, to the millisecond (ui/format.ts) */
  formatTime: (iso: string) => string;
}

/** One log line: device, time, tag, level (coloured) and message, tinted by device. */
export function LogRow({ log, index, start, measure, formatTime }: LogRowProps) {
  const tint = deviceTint(log.device.ip);
  return (
    <li
      ref={measure}
      data-index={index}
      data-log-row=""
      style={{
        listStyle: 'none',
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        transform: `translateY(${start}px)`,
        display: 'grid',
        gridTemplateColumns: LOG_COLUMNS,
        gap: 8,
        padding: '3px 8px',
        fontSize: 'var(--st-fz-xs)',
        borderLeft: `4px solid ${tint.border}`,
        borderBottom: '1px solid var(--st-border)',
        background: tint.background,
      }}
    >
      <span style={cell} title={`${log.device.ip} [${log.device.name}]`}>
        {log.device.ip} [{log.device.name}]
      </span>
      <span style={cell} title={log.dateTime}>
        <time dateTime={log.dateTime}>{formatTime(log.dateTime)}</time>
      </span>
      <span style={cell} title={log.tag}>
        {log.tag}
      </span>
      <span style={{ ...cell, fontWeight: 700, color: LEVEL_COLORS[log.level] }}>{log.level}</span>
      <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{log.message}</span>
    </li>
  );
}
