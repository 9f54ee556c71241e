import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { attachStomp, type StompServer } from '@st/stomp';
import { waitFor } from '@st/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LiveChannel, type LiveSocket, liveChannelUrl } from './liveChannel';

// A reconnect storm over real sockets: 50 consoles' live channels against the servers' STOMP server
// (packages/stomp), which is restarted under them on the same port.

const CONSOLES = 50;
const RESTARTS = 10;
/** The channels' mean first wait after a drop (the console uses TIMEOUTS.reconnectDelayMs; shorter here). */
const BASE_MS = 1000;
const DESTINATIONS = ['/devices/found', '/secured/events', '/secured/notifications'];

const quiet = { debug: () => {}, warn: () => {}, error: () => {} };

interface Running {
  http: Server;
  stomp: StompServer<null>;
  port: number;
}

async function start(port = 0): Promise<Running> {
  const http = createServer();
  const stomp = attachStomp<null>(http, { authenticate: () => ({ ok: true, principal: null }) });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  return { http, stomp, port: (http.address() as AddressInfo).port };
}

async function shutdown(server: Running): Promise<void> {
  await server.stomp.close();
  await new Promise((resolve) => server.http.close(resolve));
}

interface Console {
  live: LiveChannel;
  /** When each socket was opened (performance.now()). */
  attempts: number[];
  /** When each connection was lost. */
  drops: number[];
  /** Messages received per destination. */
  received: Map<string, number>;
  unsubscribe: Map<string, () => void>;
}

let server: Running | undefined;
const consoles: Console[] = [];
afterAll(async () => {
  await Promise.all(consoles.map((c) => c.live.stop()));
  if (server !== undefined) await shutdown(server);
});

/** Every console has one session holding exactly the destinations it listens to, no more. */
function sessionsSettled(running: Running, expected: (destination: string) => number): boolean {
  const sessions = running.stomp.sessions();
  if (sessions.length !== CONSOLES) return false;
  const perSession = sessions.map((s) => s.destinations().length);
  const total = perSession.reduce((a, b) => a + b, 0);
  const wanted = DESTINATIONS.reduce((sum, d) => sum + expected(d), 0);
  return (
    total === wanted &&
    DESTINATIONS.every((d) => running.stomp.subscriberCount(d) === expected(d)) &&
    sessions.every((s) => new Set(s.destinations()).size === s.destinations().length)
  );
}

describe('reconnect storm', () => {
  it(`${CONSOLES} consoles come back spread over time after a restart, and hold one subscription each per destination across ${RESTARTS} restarts`, async () => {
    let running = await start();
    server = running;
    const url = liveChannelUrl(`http://127.0.0.1:${running.port}/`, 'api/st-ws');
    for (let i = 0; i < CONSOLES; i++) {
      const attempts: number[] = [];
      const drops: number[] = [];
      const live = new LiveChannel({
        url,
        heartbeatMs: 10_000,
        reconnectDelayMs: BASE_MS,
        log: quiet,
        webSocketFactory: () => {
          attempts.push(performance.now());
          return new WebSocket(url, ['v12.stomp']) as unknown as LiveSocket;
        },
      });
      const received = new Map(DESTINATIONS.map((d) => [d, 0]));
      const unsubscribe = new Map(
        DESTINATIONS.map((d) => [d, live.subscribe(d, () => received.set(d, (received.get(d) ?? 0) + 1))]),
      );
      live.onConnectionChange((connected) => {
        if (!connected) drops.push(performance.now());
      });
      live.start();
      consoles.push({ live, attempts, drops, received, unsubscribe });
    }
    const all = () => CONSOLES;
    await waitFor(() => sessionsSettled(running, all), {
      what: 'every console connected',
      timeoutMs: 20_000,
    });

    const spreads: number[] = [];
    let restart = 0;
    /** Messages each console should have had: one per restart and destination (the first console stopped
     * listening to /secured/events during the third restart's gap, after two). */
    const expected = (c: Console, d: string) =>
      c === consoles[0] && d === '/secured/events' ? Math.min(restart, 2) : restart;
    let listening: (destination: string) => number = all;
    for (restart = 1; restart <= RESTARTS; restart++) {
      const before = performance.now();
      await shutdown(running);
      if (restart === 3) {
        // the first console stops listening to one destination while its link is down
        await waitFor(() => !consoles[0]?.live.connected, { what: 'first console down' });
        consoles[0]?.unsubscribe.get('/secured/events')?.();
        listening = (d) => (d === '/secured/events' ? CONSOLES - 1 : CONSOLES);
      }
      running = await start(running.port);
      server = running;
      await waitFor(() => sessionsSettled(running, listening), {
        what: `every console back after restart ${restart}`,
        timeoutMs: 20_000,
      });
      // each console's wait from losing its connection to its first try (the server closes the 50 sockets
      // one after the other, so the moments of the tries alone would also spread a little without jitter)
      const waits = consoles.map((c) => {
        const drop = c.drops.find((at) => at > before) ?? Number.NaN;
        return (c.attempts.find((at) => at > drop) ?? Number.NaN) - drop;
      });
      spreads.push(Math.max(...waits) - Math.min(...waits));

      // each listening console gets each message once: no handler of an earlier connection is left
      for (const d of DESTINATIONS) await running.stomp.publishJson(d, { restart });
      await waitFor(
        () => consoles.every((c) => DESTINATIONS.every((d) => c.received.get(d) === expected(c, d))),
        {
          what: `messages after restart ${restart}`,
        },
      );
    }

    if (process.env.ST_PRINT_FIGURES)
      console.info(
        `spread of the waits before the first reconnect try (ms, base ${BASE_MS}):`,
        spreads.map(Math.round).join(' '),
      );
    // with a fixed wait every console waits the same; with jitter the waits spread over a whole base
    for (const spread of spreads) expect(spread).toBeGreaterThan(BASE_MS * 0.5);
    // one subscription per destination per console on the server, one message each on the console
    restart = RESTARTS;
    expect(consoles.every((c) => DESTINATIONS.every((d) => c.received.get(d) === expected(c, d)))).toBe(true);
  }, 180_000);
});
