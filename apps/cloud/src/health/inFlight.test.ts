import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { InFlightRequests, stopListening } from './inFlight';

describe('requests in flight on a stopping node', () => {
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    if (req.url === '/hold') held.push(res);
    else res.end('ok');
  });
  afterEach(() => {
    for (const r of held.splice(0)) r.end();
    server.closeAllConnections();
    server.close();
  });

  it('waits for the requests being answered, at most the grace, and accepts no new connection', async () => {
    const inFlight = new InFlightRequests(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const answers = [fetch(`${url}/hold`), fetch(`${url}/hold`)];
    while (held.length < 2) await new Promise((r) => setTimeout(r, 10));
    expect(inFlight.size).toBe(2);
    stopListening(server);
    await expect(fetch(`${url}/quick`)).rejects.toThrow();
    // one finishes, the other outlives the grace
    held[0]?.end('done');
    expect(await (await answers[0])?.text()).toBe('done');
    expect(await inFlight.settled(200)).toBe(1);
    held[1]?.end('late');
    expect(await (await answers[1])?.text()).toBe('late');
    expect(await inFlight.settled(200)).toBe(0);
  });
});
