import { waitFor } from '@st/testkit';
import { describe, expect, it } from 'vitest';
import { harnessPerTest, headersOf } from '../testing/harness';

const start = harnessPerTest();
const anyone = () => ({ ok: true as const, principal: null });

describe('heart-beating', () => {
  it('sends EOL heart-beats to a client that asked for them, and none to one that did not', async () => {
    const harness = await start({ authenticate: anyone, heartbeat: { outgoing: 50, incoming: 0 } });
    const wants = await harness.raw();
    await wants.connect('accept-version:1.2\nheart-beat:0,50\n');
    const refuses = await harness.raw();
    await refuses.connect('accept-version:1.2\nheart-beat:0,0\n');
    await waitFor(() => wants.heartbeats >= 3, { what: 'three heart-beats' });
    expect(refuses.heartbeats).toBe(0);
    expect(refuses.closeCode).toBeUndefined();
  });

  it('drops a client that stops heart-beating, and keeps one that goes on', async () => {
    const harness = await start({ authenticate: anyone, heartbeat: { outgoing: 0, incoming: 100 } });
    const reasons: string[] = [];
    harness.stomp.on('disconnected', (_s, reason) => reasons.push(reason));
    const silent = await harness.raw();
    await silent.connect('accept-version:1.2\nheart-beat:100,0\n');
    const alive = await harness.raw();
    await alive.connect('accept-version:1.2\nheart-beat:100,0\n');
    const pinger = setInterval(() => alive.send('\n'), 20);
    try {
      expect(headersOf(await silent.frame('ERROR')).message).toContain('Heart-beat timeout');
      await silent.closed();
      expect(reasons).toEqual([expect.stringContaining('Heart-beat timeout')]);
      // The beating client outlived the silent one by its whole timeout window and more.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(alive.closeCode).toBeUndefined();
      expect(harness.stomp.sessions()).toHaveLength(1);
    } finally {
      clearInterval(pinger);
    }
  });

  it('keeps a @stomp/stompjs client connected through heart-beats in both directions', async () => {
    const harness = await start({ authenticate: anyone, heartbeat: { outgoing: 100, incoming: 100 } });
    let lost = 0;
    const client = await harness.client({
      heartbeatIncoming: 100,
      heartbeatOutgoing: 100,
      onHeartbeatLost: () => lost++,
    });
    const messages: string[] = [];
    client.subscribe('/t', (m) => messages.push(m.body));
    await new Promise((resolve) => setTimeout(resolve, 700));
    await harness.stomp.publish('/t', 'after idle');
    await waitFor(() => messages.length === 1);
    expect(lost).toBe(0);
    expect(client.connected).toBe(true);
  });
});
