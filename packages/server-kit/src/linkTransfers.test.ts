import type { LinkBody, LinkTransferMessage } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { LinkTransferError, LinkTransfers } from './linkTransfers';

const small = { chunkChars: 4, thresholdChars: 8, window: 2, idleMs: 60_000, maxChars: 64, maxOpen: 1 };

/** Two sides joined back to back; `drop` loses messages on the way (returns true to lose one). */
function pair(drop: (m: LinkTransferMessage) => boolean = () => false) {
  const seen: LinkTransferMessage[] = [];
  const sides: { a?: LinkTransfers; b?: LinkTransfers } = {};
  const wire = (to: () => LinkTransfers | undefined) => (m: LinkTransferMessage) => {
    seen.push(m);
    if (!drop(m)) queueMicrotask(() => to()?.handle(m));
  };
  sides.a = new LinkTransfers(
    wire(() => sides.b),
    small,
  );
  sides.b = new LinkTransfers(
    wire(() => sides.a),
    small,
  );
  return { a: sides.a, b: sides.b, seen };
}

describe('LinkTransfers', () => {
  it('carries a body in chunks, never more than the window ahead of the acks', async () => {
    const { a, b, seen } = pair();
    const body: LinkBody = { encoding: 'base64', data: 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldY' };
    expect(a.wants(body)).toBe(true);
    expect(a.wants({ encoding: 'utf8', text: 'short' })).toBe(false);
    const head = a.head(body);
    expect(head).toEqual({ encoding: 'base64', chars: 32, chunks: 8 });
    const progress: number[] = [];
    const received = b.receive('r1', head, (n) => progress.push(n));
    await a.send('r1', body);
    expect(await received).toEqual(body);
    // the receiver heard of every chunk as it came (what moves the relay's deadline)
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    let ahead = 0;
    let maxAhead = 0;
    for (const m of seen) {
      if (m.t === 'chunk') ahead += 1;
      if (m.t === 'ack') ahead -= 1;
      maxAhead = Math.max(maxAhead, ahead);
    }
    expect(maxAhead).toBeLessThanOrEqual(small.window);
    expect(a.open).toEqual({ sending: 0, receiving: 0 });
    expect(b.open).toEqual({ sending: 0, receiving: 0 });
  });

  it('refuses a body above the limit, and the sender stops', async () => {
    const { a, b } = pair();
    const body: LinkBody = { encoding: 'utf8', text: 'x'.repeat(100) };
    await expect(b.receive('big', a.head(body))).rejects.toThrow(/too large/);
    await expect(a.send('big', body)).rejects.toBeInstanceOf(LinkTransferError);
    expect(a.open.sending).toBe(0);
  });

  it('refuses more transfers at once than allowed, and a head whose chunk count lies', async () => {
    const { a, b } = pair();
    const body: LinkBody = { encoding: 'utf8', text: 'y'.repeat(12) };
    const first = b.receive('one', a.head(body));
    await expect(b.receive('two', a.head(body))).rejects.toThrow(/too many/);
    await expect(b.receive('three', { encoding: 'utf8', chars: 12, chunks: 1 })).rejects.toThrow(/count/);
    await a.send('one', body);
    expect(await first).toEqual(body);
  });

  it('drops a transfer whose chunks arrive out of order or unannounced', async () => {
    const { a, b, seen } = pair((m) => m.t === 'chunk' && m.seq === 1);
    const body: LinkBody = { encoding: 'utf8', text: 'z'.repeat(16) };
    const received = b.receive('gap', a.head(body));
    const sent = a.send('gap', body);
    await expect(received).rejects.toThrow(/out of order/);
    await expect(sent).rejects.toThrow(/refused/);
    expect(b.open.receiving).toBe(0);
    // A chunk for a transfer nobody announced is refused with an abort, and nothing is kept.
    b.handle({ t: 'chunk', id: 'nobody', seq: 0, data: 'abcd' });
    expect(seen.at(-1)).toEqual({ t: 'abort', id: 'nobody', reason: 'unknown transfer' });
    expect(b.open.receiving).toBe(0);
  });

  it('abandons a transfer that stalls, and every transfer when the link ends', async () => {
    const quiet = new LinkTransfers(() => undefined, { ...small, idleMs: 20 });
    await expect(quiet.receive('stalled', { encoding: 'utf8', chars: 12, chunks: 3 })).rejects.toThrow(
      /stalled/,
    );
    const ending = new LinkTransfers(() => undefined, small);
    const waiting = ending.receive('r', { encoding: 'utf8', chars: 12, chunks: 3 });
    const sending = ending.send('s', { encoding: 'utf8', text: 'w'.repeat(12) });
    ending.close();
    await expect(waiting).rejects.toThrow(/link ended/);
    await expect(sending).rejects.toThrow(/link ended/);
    await expect(ending.receive('later', { encoding: 'utf8', chars: 4, chunks: 1 })).rejects.toThrow(
      /link ended/,
    );
  });
});
