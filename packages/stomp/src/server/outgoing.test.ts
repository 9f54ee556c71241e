import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameDecoder } from '../frame/decoder';
import type { StompFrame } from '../frame/types';
import { OutgoingMessage, subscriptionPrefix } from './outgoing';

function decodeOne(bytes: Buffer): StompFrame | undefined {
  let frame: StompFrame | undefined;
  new FrameDecoder(
    {
      frame: (f) => {
        frame = f;
      },
      heartbeat: () => {},
      error: (reason) => {
        throw new Error(reason);
      },
    },
    { maxFrameBytes: 1 << 20, maxHeaders: 100 },
  ).push(bytes);
  return frame;
}

const text = fc.string({ unit: 'binary', maxLength: 24 });

describe('MESSAGE encoding for fan-out', () => {
  it('produces frames any STOMP 1.2 decoder reads back, for any destination, headers and body', () => {
    fc.assert(
      fc.property(
        text.filter((s) => s.length > 0),
        text.filter((s) => s.length > 0),
        fc.dictionary(
          text.filter((k) => k.length > 0),
          text,
          { maxKeys: 4 },
        ),
        fc.oneof(text, fc.uint8Array({ maxLength: 200 })),
        fc.nat(),
        (destination, subscription, headers, body, id) => {
          const message = new OutgoingMessage(destination, { body, headers });
          const frame = decodeOne(message.frameFor(subscriptionPrefix(subscription), id));
          const got = new Map<string, string>();
          for (const [k, v] of frame?.headers ?? []) if (!got.has(k)) got.set(k, v);
          expect(frame?.command).toBe('MESSAGE');
          expect(got.get('subscription')).toBe(subscription);
          expect(got.get('message-id')).toBe(String(id));
          expect(got.get('destination')).toBe(destination);
          const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body);
          expect(got.get('content-length')).toBe(String(bytes.length));
          expect(Buffer.from(frame?.body ?? []).equals(bytes)).toBe(true);
          const reserved = ['subscription', 'message-id', 'destination', 'content-length'];
          for (const [k, v] of Object.entries(headers)) if (!reserved.includes(k)) expect(got.get(k)).toBe(v);
          expect(message.binary).toBe(typeof body !== 'string');
        },
      ),
    );
  });
});
