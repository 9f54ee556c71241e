import type { LogLevelName, LogMessage } from '@st/protocol';
import type { VirtualRows } from '../../ui/useVirtualRows';
import { deviceTint } from './deviceTint';

const LEVEL_COLORS: Record<LogLevelName, string> = {
  ERROR: 'var(--st-red-6)',
  WARN: 'var(--st-orange-6)',
  INFO: 'var(--st-cyan-6)',
  DEBUG: 'var(--st-grape-5)',
  TRACE: 'var(--st-dimmed)',
};

export interface LogRowProps {
  log: LogMessage;
  index: number;
  start: number;
  /** the list's measuring ref (ui/useVirtualRows.ts): rows of varying height, measured by their line */
  measure: VirtualRows['measure'];
  /** the log time in the chosen language, to the millisecond (ui/format.ts) */
  formatTime: (iso: string) => string;
}

/**
 * One log line: device, time, tag, level (coloured) and message, tinted by device; in columns on a desk, as a
 * line (time, device, level, tag, then the wrapped message) on a phone (logs.css).
 */
export function LogRow({ log, index, start, measure, formatTime }: LogRowProps) {
  const tint = deviceTint(log.device.ip);
  return (
    <li
      ref={measure}
      data-index={index}
      data-log-row=""
      className="st-log-row st-log-columns"
      style={{
        listStyle: 'none',
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        transform: `translateY(${start}px)`,
        padding: '3px 8px',
        fontSize: 'var(--st-fz-xs)',
        borderLeft: `4px solid ${tint.border}`,
        borderBottom: '1px solid var(--st-border)',
        background: tint.background,
      }}
    >
      <span className="st-log-cell st-log-device" title={`${log.device.ip} [${log.device.name}]`}>
        <span className="st-log-ip">{log.device.ip} </span>[{log.device.name}]
      </span>
      <span className="st-log-cell st-log-time" title={log.dateTime}>
        <time dateTime={log.dateTime}>{formatTime(log.dateTime)}</time>
      </span>
      <span className="st-log-cell st-log-tag" title={log.tag}>
        {log.tag}
      </span>
      <span className="st-log-cell st-log-level" style={{ fontWeight: 700, color: LEVEL_COLORS[log.level] }}>
        {log.level}
      </span>
      <span className="st-log-msg">{log.message}</span>
    </li>
  );
}
