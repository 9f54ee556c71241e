import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../frame/encode';
import { harnessPerTest, headersOf, textOf } from '../testing/harness';

const start = harnessPerTest();
const anyone = () => ({ ok: true as const, principal: null });

describe('frames on the wire', () => {
  it('reads frames split across websocket messages and several frames packed into one', async () => {
    const harness = await start({ authenticate: anyone });
    const raw = await harness.raw();
    const connect = Buffer.from('CONNECT\naccept-version:1.2\n\n\0');
    raw.send(connect.subarray(0, 5));
    raw.send(connect.subarray(5, 17));
    raw.send(connect.subarray(17));
    await raw.frame('CONNECTED');
    raw.send('SUBSCRIBE\nid:a\ndestination:/a\n\n\0\nSUBSCRIBE\nid:b\ndestination:/b\nreceipt:both\n\n\0');
    await raw.frame('RECEIPT', ['receipt-id', 'both']);
    expect(harness.stomp.subscriberCount('/a') + harness.stomp.subscriberCount('/b')).toBe(2);
  });

  it('answers RECEIPT for SUBSCRIBE, UNSUBSCRIBE, ACK and DISCONNECT, then closes after DISCONNECT', async () => {
    const harness = await start({ authenticate: anyone });
    const raw = await harness.raw();
    await raw.connect();
    raw.send('SUBSCRIBE\nid:1\ndestination:/x\nreceipt:s\n\n\0');
    raw.send('UNSUBSCRIBE\nid:1\nreceipt:u\n\n\0');
    raw.send('ACK\nid:9\nreceipt:a\n\n\0');
    raw.send('DISCONNECT\nreceipt:bye\n\n\0');
    await raw.frame('RECEIPT', ['receipt-id', 'bye']);
    const receipts = raw.frames.filter((f) => f.command === 'RECEIPT').map((f) => headersOf(f)['receipt-id']);
    expect(receipts).toEqual(['s', 'u', 'a', 'bye']);
    expect(await raw.closed()).toBe(1000);
    expect(harness.stomp.subscriberCount('/x')).toBe(0);
  });

  it.each([
    ['a header line without a colon', 'SUBSCRIBE\nid:1\ngarbage\n\n\0', 'Malformed header line'],
    ['an unknown command', 'FROB\n\n\0', 'Unknown command'],
    ['a SUBSCRIBE without destination', 'SUBSCRIBE\nid:1\n\n\0', 'SUBSCRIBE header destination'],
    ['a client ack mode', 'SUBSCRIBE\nid:1\ndestination:/x\nack:client\n\n\0', 'only ack:auto'],
    ['a transaction', 'BEGIN\ntransaction:t\n\n\0', 'Transactions are not supported'],
    ['an undefined escape', 'SEND\ndestination:/a\\q\n\n\0', 'Undefined escape'],
  ])('answers %s with ERROR and closes, and the server keeps serving', async (_name, frame, reason) => {
    const harness = await start({ authenticate: anyone });
    const raw = await harness.raw();
    await raw.connect();
    raw.send(frame);
    const error = await raw.frame('ERROR');
    expect(headersOf(error).message).toContain(reason);
    expect(textOf(error)).toContain(reason);
    expect(await raw.closed()).toBeGreaterThanOrEqual(1000);
    const next = await harness.raw();
    await next.connect();
  });

  it('refuses an oversized frame with ERROR, whole or in pieces', async () => {
    const harness = await start({ authenticate: anyone, maxFrameBytes: 4096 });
    harness.stomp.handle('/in', () => {});
    const whole = await harness.raw();
    await whole.connect();
    whole.send(encodeFrame({ command: 'SEND', headers: { destination: '/in' }, body: new Uint8Array(5000) }));
    expect(headersOf(await whole.frame('ERROR')).message).toBe('Frame too large');
    expect(await whole.closed()).toBe(1009);

    const pieces = await harness.raw();
    await pieces.connect();
    pieces.send('SEND\ndestination:/in\n\n');
    for (let i = 0; i < 10; i++) pieces.send('x'.repeat(500));
    expect(headersOf(await pieces.frame('ERROR')).message).toBe('Frame too large');

    const fits = await harness.raw();
    await fits.connect();
    fits.send(
      encodeFrame({
        command: 'SEND',
        headers: { destination: '/in', receipt: 'ok' },
        body: new Uint8Array(3000),
      }),
    );
    await fits.frame('RECEIPT', ['receipt-id', 'ok']);
  });
});
