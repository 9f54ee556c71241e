import { unescapeHeader } from './escape';
import { isRawHeaderCommand } from './types';

export interface ParsedHead {
  readonly command: string;
  readonly headers: Array<readonly [string, string]>;
  /** -1 when absent. */
  readonly contentLength: number;
}

const DIGITS = /^\d{1,15}$/;

/**
 * Parses the command line and header lines of a frame (the text before the blank line, without it).
 * Returns the reason as a string when the head is malformed.
 */
export function parseHead(text: string, maxHeaders: number): ParsedHead | string {
  const lines = text.split('\n');
  const command = stripCr(lines[0] ?? '');
  if (command.length === 0) return 'Empty command line';
  const raw = isRawHeaderCommand(command);
  const headers: Array<readonly [string, string]> = [];
  let contentLength = -1;
  for (let i = 1; i < lines.length; i++) {
    const line = stripCr(lines[i] ?? '');
    const colon = line.indexOf(':');
    if (colon <= 0) return `Malformed header line ${JSON.stringify(line.slice(0, 80))}`;
    if (headers.length >= maxHeaders) return 'Too many headers';
    const name = raw ? line.slice(0, colon) : unescapeHeader(line.slice(0, colon));
    const value = raw ? line.slice(colon + 1) : unescapeHeader(line.slice(colon + 1));
    if (name === undefined || value === undefined) return 'Undefined escape sequence in a header';
    if (name === 'content-length' && contentLength < 0) {
      if (!DIGITS.test(value)) return `Invalid content-length ${JSON.stringify(value.slice(0, 40))}`;
      contentLength = Number(value);
    }
    headers.push([name, value]);
  }
  return { command, headers, contentLength };
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
