import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from './http';
import { createLogger } from './logger';

describe('createHttpApp', () => {
  it('lets a request in flight finish when the app closes, and refuses new connections after', async () => {
    const app = createHttpApp({ logger: createLogger({ name: 't', level: 'silent' }) });
    let handled = false;
    // the close starts once the handler runs (a fixed wait let a loaded CI close before the request was in)
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    app.post('/api/slow', async () => {
      started();
      await sleep(300);
      handled = true;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    const inFlight = fetch(`${base}/api/slow`, { method: 'POST' });
    await running;
    const closed = app.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(handled).toBe(true);
    await closed;
    await expect(fetch(`${base}/api/slow`, { method: 'POST' })).rejects.toThrow();
  });
});
