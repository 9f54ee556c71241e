import type { StompBusMessage } from '../bus/types';
import { toBytes } from '../frame/encode';
import { escapeHeader } from '../frame/escape';

const RESERVED = new Set(['subscription', 'message-id', 'destination', 'content-length']);
const MESSAGE_ID = Buffer.from('message-id:');

/**
 * One published message, encoded once: every subscriber gets `prefix(subscription) + message-id + shared`,
 * so a fan-out to N sessions costs N small buffers and no re-encoding of headers or body.
 */
export class OutgoingMessage {
  /** Sent as a binary websocket message (the body was bytes) rather than a text one. */
  readonly binary: boolean;
  private readonly shared: Buffer;

  constructor(destination: string, message: StompBusMessage) {
    const body = toBytes(message.body);
    this.binary = typeof message.body !== 'string';
    let contentType = this.binary ? 'application/octet-stream' : 'text/plain;charset=utf-8';
    let extra = '';
    for (const [name, value] of Object.entries(message.headers ?? {})) {
      if (name === 'content-type') contentType = value;
      else if (!RESERVED.has(name)) extra += `${escapeHeader(name)}:${escapeHeader(value)}\n`;
    }
    const head =
      `\ndestination:${escapeHeader(destination)}\ncontent-type:${escapeHeader(contentType)}\n` +
      `content-length:${body.length}\n${extra}\n`;
    const headBytes = Buffer.from(head, 'utf8');
    this.shared = Buffer.allocUnsafe(headBytes.length + body.length + 1);
    headBytes.copy(this.shared, 0);
    body.copy(this.shared, headBytes.length);
    this.shared[this.shared.length - 1] = 0;
  }

  /** The MESSAGE frame for one subscription (`prefix` from {@link subscriptionPrefix}). */
  frameFor(prefix: Buffer, messageId: number): Buffer {
    const id = String(messageId);
    const out = Buffer.allocUnsafe(prefix.length + MESSAGE_ID.length + id.length + this.shared.length);
    let at = prefix.copy(out, 0);
    at += MESSAGE_ID.copy(out, at);
    at += out.write(id, at, 'latin1');
    this.shared.copy(out, at);
    return out;
  }
}

/** `MESSAGE\nsubscription:<id>\n`, computed once per SUBSCRIBE. */
export function subscriptionPrefix(subscriptionId: string): Buffer {
  return Buffer.from(`MESSAGE\nsubscription:${escapeHeader(subscriptionId)}\n`, 'utf8');
}
