import { escapeHeader } from './escape';
import { isRawHeaderCommand, type StompHeaderList } from './types';

export interface OutgoingFrame {
  readonly command: string;
  readonly headers?: StompHeaderList | Readonly<Record<string, string>>;
  readonly body?: Uint8Array | string;
}

const NUL = Buffer.from([0]);

function entries(headers: OutgoingFrame['headers']): StompHeaderList {
  if (headers === undefined) return [];
  return Array.isArray(headers) ? headers : Object.entries(headers);
}

/**
 * Encodes one frame: command, escaped headers (raw for CONNECT/CONNECTED), a `content-length` when the body
 * is not empty and none was given, the body and the closing NUL.
 */
export function encodeFrame(frame: OutgoingFrame): Buffer {
  const raw = isRawHeaderCommand(frame.command);
  const body = frame.body === undefined ? undefined : toBytes(frame.body);
  let head = `${frame.command}\n`;
  let hasLength = false;
  for (const [name, value] of entries(frame.headers)) {
    if (name === 'content-length') hasLength = true;
    head += raw ? `${name}:${value}\n` : `${escapeHeader(name)}:${escapeHeader(value)}\n`;
  }
  if (!hasLength && body !== undefined && body.length > 0) head += `content-length:${body.length}\n`;
  head += '\n';
  const headBytes = Buffer.from(head, 'utf8');
  return body === undefined || body.length === 0
    ? Buffer.concat([headBytes, NUL])
    : Buffer.concat([headBytes, body, NUL]);
}

export function toBytes(body: Uint8Array | string): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}
