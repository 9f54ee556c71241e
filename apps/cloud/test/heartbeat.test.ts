import { createServer, type Server, Socket } from 'node:net';
import { waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LinkedSystem, startLinkedSystem } from './support/linked';
import { gwCall, isOnline } from './system';

/**
 * A TCP relay in front of the cloud whose network can go down: the open connections freeze (bytes stop,
 * nothing closes) and new ones are refused, until it comes back.
 */
class FreezableProxy {
  private readonly server: Server;
  private readonly pairs = new Set<[Socket, Socket]>();
  private readonly frozen: Socket[] = [];
  private down = false;
  port = 0;

  constructor(private readonly target: number) {
    this.server = createServer((client) => {
      if (this.down) {
        client.destroy();
        return;
      }
      const upstream = new Socket();
      upstream.connect(this.target, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      const end = () => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    const addr = this.server.address();
    this.port = typeof addr === 'object' && addr ? addr.port : 0;
  }

  /** The network goes down: silent for the connections open now (no data, no FIN, no RST), new ones refused. */
  freeze(): void {
    this.down = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
      client
        .removeAllListeners('close')
        .removeAllListeners('error')
        .on('error', () => undefined);
      upstream
        .removeAllListeners('close')
        .removeAllListeners('error')
        .on('error', () => undefined);
      this.frozen.push(client, upstream);
    }
    this.pairs.clear();
  }

  /** The network is back for new connections (the frozen ones stay dead). */
  thaw(): void {
    this.down = false;
  }

  async stop(): Promise<void> {
    for (const s of this.frozen) s.destroy();
    for (const [c, u] of this.pairs) {
      c.destroy();
      u.destroy();
    }
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

describe('a link that dies without goodbye', () => {
  let sys: LinkedSystem;
  let proxy: FreezableProxy;

  beforeAll(async () => {
    sys = await startLinkedSystem({
      cloudOptions: { heartbeatMs: 1000 },
      gatewayLink: { heartbeatMs: 1000 },
      via: async ({ cloud }) => {
        proxy = new FreezableProxy(cloud.port);
        await proxy.start();
        return proxy;
      },
    });
  });
  afterAll(async () => {
    await sys?.stop();
  });

  it('goes offline on heart-beat loss, the owner gets DISCONNECTED, and the gateway relinks', async () => {
    const events = sys.live.messages.get('/secured/events') ?? [];
    const named = (name: string) => events.filter((e) => Reflect.get(Object(e), 'event') === name).length;
    await waitFor(() => named('CONNECTED') >= 1);
    const connectedBefore = named('CONNECTED');
    const disconnectedBefore = named('DISCONNECTED');
    proxy.freeze();
    await waitFor(() => named('DISCONNECTED') > disconnectedBefore, {
      what: 'DISCONNECTED after heart-beat loss',
      timeoutMs: 20_000,
    });
    // The network is back: the gateway, which noticed the loss too, links again. (While it is down, the
    // gateway cannot relink before the cloud notices the dead link: a newer link would replace the old one
    // with no DISCONNECTED at all, which a loaded CI once made happen.)
    proxy.thaw();
    await waitFor(() => named('CONNECTED') > connectedBefore, {
      what: 'the gateway to relink',
      timeoutMs: 20_000,
    });
    expect(await isOnline(sys.user, sys.gatewayId)).toBe(true);
    expect((await gwCall(sys.gw.url, 'GET', '/api/cloud/connection/status')).body).toBe('CONNECTED');
  });
});
