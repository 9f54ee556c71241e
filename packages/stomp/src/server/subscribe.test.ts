import { waitFor } from '@st/testkit';
import type { IMessage } from '@stomp/stompjs';
import { describe, expect, it } from 'vitest';
import { harnessPerTest, headersOf } from '../testing/harness';

const start = harnessPerTest();
const anyone = () => ({ ok: true as const, principal: null });

function collect(): { messages: IMessage[]; push: (m: IMessage) => void } {
  const messages: IMessage[] = [];
  return { messages, push: (m) => messages.push(m) };
}

describe('SUBSCRIBE and fan-out', () => {
  it('delivers MESSAGE frames with subscription, message-id, destination, content-type and content-length', async () => {
    const harness = await start({ authenticate: anyone });
    const raw = await harness.raw();
    await raw.connect();
    raw.send('SUBSCRIBE\nid:sub-1\ndestination:/devices/found\nreceipt:r1\n\n\0');
    await raw.frame('RECEIPT', ['receipt-id', 'r1']);
    await harness.stomp.publishJson('/devices/found', { ip: '127.0.0.9', name: 'lamp ü' });
    await harness.stomp.publish('/devices/found', 'plain', { headers: { 'x-trace': 'a:b' } });
    const [json, plain] = await waitFor(() => {
      const got = raw.frames.filter((f) => f.command === 'MESSAGE');
      return got.length === 2 && got;
    });
    if (json === undefined || plain === undefined) throw new Error('two MESSAGE frames expected');
    const body = JSON.stringify({ ip: '127.0.0.9', name: 'lamp ü' });
    expect(headersOf(json)).toMatchObject({
      subscription: 'sub-1',
      destination: '/devices/found',
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
    });
    expect(Buffer.from(json.body).toString()).toBe(body);
    const plainHeaders = headersOf(plain);
    expect(plainHeaders).toMatchObject({ 'content-type': 'text/plain;charset=utf-8', 'x-trace': 'a:b' });
    expect(plainHeaders['message-id']).not.toBe(headersOf(json)['message-id']);
  });

  it('fans out to many subscribers, stops after UNSUBSCRIBE and only reaches the subscribed destination', async () => {
    const harness = await start({ authenticate: anyone });
    const clients = await Promise.all(Array.from({ length: 20 }, () => harness.client()));
    const inboxes = clients.map((client) => {
      const inbox = collect();
      client.subscribe('/devices/logs', inbox.push);
      return inbox;
    });
    const other = collect();
    clients[0]?.subscribe('/notifications', other.push);
    await waitFor(() => harness.stomp.subscriberCount('/devices/logs') === 20);
    await harness.stomp.publish('/devices/logs', 'line 1');
    await waitFor(() => inboxes.every((i) => i.messages.length === 1));
    expect(inboxes.map((i) => i.messages[0]?.body)).toEqual(Array(20).fill('line 1'));
    expect(other.messages).toEqual([]);

    const leaving = clients[1]?.subscribe('/devices/logs', () => {});
    leaving?.unsubscribe();
    await waitFor(() => harness.stomp.subscriberCount('/devices/logs') === 20);
    await harness.stomp.publish('/notifications', 'n');
    await waitFor(() => other.messages.length === 1);
    expect(inboxes.every((i) => i.messages.length === 1)).toBe(true);
  });

  it('delivers a thousand messages in order, and binary bodies byte for byte', async () => {
    const harness = await start({ authenticate: anyone });
    const client = await harness.client();
    const inbox = collect();
    client.subscribe('/seq', inbox.push, { receipt: 'ready' });
    await waitFor(() => harness.stomp.subscriberCount('/seq') === 1);
    for (let i = 0; i < 1000; i++) void harness.stomp.publish('/seq', String(i));
    await waitFor(() => inbox.messages.length === 1000);
    expect(inbox.messages.map((m) => m.body)).toEqual(Array.from({ length: 1000 }, (_, i) => String(i)));

    const binary = collect();
    client.subscribe('/firmware', binary.push);
    await waitFor(() => harness.stomp.subscriberCount('/firmware') === 1);
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256);
    await harness.stomp.publish('/firmware', bytes);
    const [message] = await waitFor(() => binary.messages.length === 1 && binary.messages);
    expect(message?.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.from(message?.binaryBody ?? []).equals(Buffer.from(bytes))).toBe(true);
  });

  it('tells when a destination gains its first subscriber and loses its last', async () => {
    const harness = await start({ authenticate: anyone });
    const events: string[] = [];
    harness.stomp.on('destinationActive', (d) => events.push(`+${d}`));
    harness.stomp.on('destinationIdle', (d) => events.push(`-${d}`));
    const a = await harness.client();
    const b = await harness.client();
    const subA = a.subscribe('/gw/1/logs', () => {});
    b.subscribe('/gw/1/logs', () => {});
    await waitFor(() => harness.stomp.subscriberCount('/gw/1/logs') === 2);
    subA.unsubscribe();
    await waitFor(() => harness.stomp.subscriberCount('/gw/1/logs') === 1);
    expect(events).toEqual(['+/gw/1/logs']);
    await b.deactivate();
    await waitFor(() => events.length === 2);
    expect(events).toEqual(['+/gw/1/logs', '-/gw/1/logs']);
  });

  it('refuses an unauthorized SUBSCRIBE with ERROR and closes, keeping other sessions', async () => {
    const harness = await start({
      authenticate: ({ connectHeaders }) => ({ ok: true, principal: connectHeaders.login ?? '' }),
      authorizeSubscribe: (user, destination) =>
        destination.startsWith(`/secured/gateway/${user}/`) || { ok: false, reason: 'Unknown gateway' },
    });
    const own = await harness.client({ connectHeaders: { login: 'g1' } });
    const inbox = collect();
    own.subscribe('/secured/gateway/g1/devices/found', inbox.push);
    const raw = await harness.raw();
    await raw.connect('accept-version:1.2\nlogin:g2\n');
    raw.send('SUBSCRIBE\nid:0\ndestination:/secured/gateway/g1/devices/found\nreceipt:x\n\n\0');
    const error = await raw.frame('ERROR');
    expect(headersOf(error)).toMatchObject({ message: 'Unknown gateway', 'receipt-id': 'x' });
    expect(await raw.closed()).toBe(1008);
    await waitFor(() => harness.stomp.subscriberCount('/secured/gateway/g1/devices/found') === 1);
    await harness.stomp.publish('/secured/gateway/g1/devices/found', 'still here');
    await waitFor(() => inbox.messages.length === 1);
  });

  it('delivers user-addressed messages only to that user’s sessions', async () => {
    const harness = await start({
      authenticate: ({ connectHeaders }) => ({ ok: true, principal: { login: connectHeaders.login ?? '' } }),
      userOf: (p) => p.login,
    });
    const alice = collect();
    const bob = collect();
    (await harness.client({ connectHeaders: { login: 'alice' } })).subscribe('/secured/events', alice.push);
    (await harness.client({ connectHeaders: { login: 'bob' } })).subscribe('/secured/events', bob.push);
    await waitFor(() => harness.stomp.subscriberCount('/secured/events') === 2);
    await harness.stomp.publish('/secured/events', 'for alice', { user: 'alice' });
    await harness.stomp.publish('/secured/events', 'for everyone');
    await waitFor(() => bob.messages.length === 1 && alice.messages.length === 2);
    expect(alice.messages.map((m) => m.body)).toEqual(['for alice', 'for everyone']);
    expect(bob.messages.map((m) => m.body)).toEqual(['for everyone']);
  });

  it('keeps user-addressed delivery right while a user’s subscriptions come and go (index by user)', async () => {
    const harness = await start({
      authenticate: ({ connectHeaders }) => ({ ok: true, principal: { login: connectHeaders.login ?? '' } }),
      userOf: (p) => p.login,
    });
    const first = collect();
    const second = collect();
    const bob = collect();
    const aliceOne = await harness.client({ connectHeaders: { login: 'alice' } });
    const aliceTwo = await harness.client({ connectHeaders: { login: 'alice' } });
    aliceOne.subscribe('/link/requests', first.push);
    const leaving = aliceTwo.subscribe('/link/requests', second.push);
    (await harness.client({ connectHeaders: { login: 'bob' } })).subscribe('/link/requests', bob.push);
    await waitFor(() => harness.stomp.subscriberCount('/link/requests') === 3);
    await harness.stomp.publish('/link/requests', 'to both of alice', { user: 'alice' });
    await waitFor(() => first.messages.length === 1 && second.messages.length === 1);
    leaving.unsubscribe();
    await waitFor(() => harness.stomp.subscriberCount('/link/requests') === 2);
    await harness.stomp.publish('/link/requests', 'to the alice left', { user: 'alice' });
    await harness.stomp.publish('/link/requests', 'to nobody', { user: 'carol' });
    await waitFor(() => first.messages.length === 2);
    await aliceOne.deactivate();
    await waitFor(() => harness.stomp.subscriberCount('/link/requests') === 1);
    await harness.stomp.publish('/link/requests', 'to no alice', { user: 'alice' });
    await harness.stomp.publish('/link/requests', 'to bob', { user: 'bob' });
    await waitFor(() => bob.messages.length === 1);
    expect(first.messages.map((m) => m.body)).toEqual(['to both of alice', 'to the alice left']);
    expect(second.messages.map((m) => m.body)).toEqual(['to both of alice']);
    expect(bob.messages.map((m) => m.body)).toEqual(['to bob']);
  });
});
