import { waitFor } from '@st/testkit';
import { describe, expect, it } from 'vitest';
import { harnessPerTest, headersOf } from '../testing/harness';
import { type SendContext, StompRefusal } from './host';

const start = harnessPerTest();

describe('SEND handlers', () => {
  it('routes SEND by the longest destination prefix with principal, headers and body', async () => {
    const harness = await start({
      authenticate: ({ connectHeaders }) => ({
        ok: true,
        principal: { gateway: connectHeaders.login ?? '?' },
      }),
    });
    const seen: Array<[string, SendContext<{ gateway: string }>]> = [];
    harness.stomp.handle('/gateway', (ctx) => {
      seen.push(['general', ctx]);
    });
    harness.stomp.handle('/gateway/answers', (ctx) => {
      seen.push(['answers', ctx]);
    });
    const client = await harness.client({ connectHeaders: { login: 'gw-7' } });
    client.publish({
      destination: '/gateway/answers/42',
      body: '{"ok":true}',
      headers: { 'correlation-id': '42' },
    });
    client.publish({ destination: '/gateway/events', binaryBody: new Uint8Array([0, 1, 2, 255]) });
    await waitFor(() => seen.length === 2);
    const first = seen.find(([kind]) => kind === 'answers')?.[1];
    const second = seen.find(([kind]) => kind === 'general')?.[1];
    expect(first?.principal).toEqual({ gateway: 'gw-7' });
    expect(first?.destination).toBe('/gateway/answers/42');
    expect(first?.headers['correlation-id']).toBe('42');
    expect(first?.text()).toBe('{"ok":true}');
    expect(second?.destination).toBe('/gateway/events');
    expect([...(second?.body ?? [])]).toEqual([0, 1, 2, 255]);
  });

  it('sends the RECEIPT after an async handler finishes, and ERROR when it refuses or fails', async () => {
    const harness = await start({ authenticate: () => ({ ok: true, principal: null }) });
    const done: string[] = [];
    harness.stomp.handle('/slow', async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      done.push(ctx.text());
    });
    harness.stomp.handle('/refuse', () => {
      throw new StompRefusal('Not your gateway');
    });
    harness.stomp.handle('/broken', async () => {
      throw new Error('database is down');
    });
    const raw = await harness.raw();
    await raw.connect();
    raw.send('SEND\ndestination:/slow\nreceipt:r\n\nhello\0');
    await raw.frame('RECEIPT', ['receipt-id', 'r']);
    expect(done).toEqual(['hello']);
    raw.send('SEND\ndestination:/refuse\nreceipt:x\n\n\0');
    expect(headersOf(await raw.frame('ERROR'))).toMatchObject({
      message: 'Not your gateway',
      'receipt-id': 'x',
    });

    const other = await harness.raw();
    await other.connect();
    other.send('SEND\ndestination:/broken\n\n\0');
    const error = headersOf(await other.frame('ERROR'));
    expect(error.message).toBe('Could not process the SEND frame');
    expect(JSON.stringify(error)).not.toContain('database');
  });

  it('refuses a SEND to a destination without handler, so clients cannot publish to topics', async () => {
    const harness = await start({ authenticate: () => ({ ok: true, principal: null }) });
    const listener = await harness.client();
    const got: string[] = [];
    listener.subscribe('/devices/found', (m) => got.push(m.body));
    const raw = await harness.raw();
    await raw.connect();
    raw.send('SEND\ndestination:/devices/found\n\nfake device\0');
    expect(headersOf(await raw.frame('ERROR')).message).toBe('No handler for destination /devices/found');
    await harness.stomp.publish('/devices/found', 'real');
    await waitFor(() => got.length === 1);
    expect(got).toEqual(['real']);
  });

  it('waits for running handlers before answering DISCONNECT', async () => {
    const harness = await start({ authenticate: () => ({ ok: true, principal: null }) });
    const done: string[] = [];
    harness.stomp.handle('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      done.push('handled');
    });
    const raw = await harness.raw();
    await raw.connect();
    raw.send('SEND\ndestination:/slow\n\n\0DISCONNECT\nreceipt:bye\n\n\0');
    await raw.frame('RECEIPT', ['receipt-id', 'bye']);
    expect(done).toEqual(['handled']);
  });
});
