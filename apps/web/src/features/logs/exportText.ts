import type { LogMessage } from '@st/protocol';
import type { LogRows } from './logView';

/** One line of the exported text file: time, level, device, tag and message, tab separated. */
export function formatLogLine(log: LogMessage): string {
  const message = log.message.replace(/\r?\n/g, ' ');
  return `${log.dateTime}\t${log.level}\t${log.device.name} (${log.device.ip})\t${log.tag}\t${message}`;
}

/** The rows the user sees, newest first, as the text of the exported file. */
export function logsAsText(rows: LogRows): string {
  const out: string[] = [];
  for (let i = 0; i < rows.size; i++) {
    const log = rows.at(i);
    if (log !== undefined) out.push(formatLogLine(log));
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

/** A file name that sorts by time and carries no characters file systems refuse. */
export function exportFileName(now: Date): string {
  return `device-logs-${now.toISOString().replace(/[:.]/g, '-')}.txt`;
}
