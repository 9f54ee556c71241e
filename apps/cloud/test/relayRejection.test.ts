import { waitFor } from '@st/testkit';
import { describe, expect, it } from 'vitest';
import { LocalPresence } from '../src/link/presence';
import { Relay } from '../src/relay/relay';
import type { Cluster, ClusterListener, ClusterMessage } from '../src/scale/cluster';

/**
 * A cluster whose publish of a request takes as long as the test wants: the timing of a loaded Redis, which a
 * real one cannot be made to show on cue (the bench hit it: three nodes crashed under load).
 */
class SlowPublishCluster implements Cluster {
  readonly nodeId = 'n1';
  private readonly listeners = new Set<ClusterListener>();
  release: (() => void) | undefined;
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
  send(_node: string, m: ClusterMessage): Promise<void> {
    if (m.t !== 'request') return Promise.resolve();
    return new Promise((resolve) => {
      this.release = resolve;
    });
  }
  async broadcast(m: ClusterMessage): Promise<void> {
    this.deliver(m);
  }
  on(l: ClusterListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  deliver(m: ClusterMessage): void {
    for (const l of this.listeners) l(m);
  }
}

describe('relay', () => {
  it('answers 503 (and keeps the process alive) when the link drops while the request is being published', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const cluster = new SlowPublishCluster();
      const presence = new LocalPresence();
      await presence.set('g1', 'n2|link1');
      const relay = new Relay(cluster, presence, 5000);
      relay.start();
      const answer = relay.send('g1', { kind: 'command', command: 'PING', parameters: {} });
      await waitFor(() => cluster.release !== undefined, { what: 'the request being published' });
      cluster.deliver({ t: 'linkDown', gatewayId: 'g1', holder: 'n2|link1' });
      // Several turns of the event loop pass before the publish completes (Node reports unhandled ones then).
      await new Promise((r) => setTimeout(r, 50));
      cluster.release?.();
      await expect(answer).rejects.toMatchObject({ code: 'GATEWAY_OFFLINE', status: 503 });
      relay.stop();
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
