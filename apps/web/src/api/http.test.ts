import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLOUD_ROUTES, SESSION } from '@st/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './errors';
import { type ConsoleLogger, HttpClient, type KeyValueStore } from './http';
import { cloudRequest } from './routes';
import { RefreshSession } from './session';

// A real HTTP server playing the cloud's session rules: the access "cookie" is the server's state (Node's
// fetch keeps no cookie jar), refresh tokens rotate on every use. localStorage is the one edge that does not
// exist in Node, so an in-memory store stands in for it.

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function serve(handler: Handler): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => handler(req, res, body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}/console/`;
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

class MemoryStore implements KeyValueStore {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

const quiet: ConsoleLogger = { debug: () => {}, warn: () => {}, error: () => {} };

/** A fake cloud: GET /console/api/auth answers while the access is valid; refresh rotates `r<n>`. */
function cloud() {
  const state = { accessValid: false, refreshCalls: 0, authCalls: 0, tokenNumber: 1, refreshWorks: true };
  const handler: Handler = (req, res, body) => {
    if (req.url === '/console/api/auth/user/refresh' && req.method === 'POST') {
      state.refreshCalls += 1;
      const sent = z.object({ refreshToken: z.string() }).parse(JSON.parse(body));
      if (!state.refreshWorks || sent.refreshToken !== `r${state.tokenNumber}`) {
        json(res, 401, { code: 'REFRESH_TOKEN_INVALID', message: 'Failed to refresh token' });
        return;
      }
      state.tokenNumber += 1;
      // Answer late, so that concurrent 401s really overlap with the refresh in flight.
      setTimeout(() => {
        state.accessValid = true;
        json(res, 200, { refresh: `r${state.tokenNumber}` });
      }, 50);
      return;
    }
    if (req.url === '/console/api/auth' && req.method === 'GET') {
      state.authCalls += 1;
      if (state.accessValid) json(res, 200, { user: { id: 'u1', login: 'anna' }, gateway: null });
      else json(res, 401, { code: 'ACCESS_TOKEN_EXPIRED', message: 'Session expired' });
      return;
    }
    json(res, 404, { code: 'ROUTE_NOT_FOUND', message: 'no' });
  };
  return { state, handler };
}

function client(baseUrl: string, storage: KeyValueStore, onSessionEnded?: () => void) {
  const transport = { baseUrl, timeoutMs: 2000 };
  const session = new RefreshSession({
    storage,
    log: quiet,
    send: (request) => new HttpClient({ ...transport, log: quiet }).sendPlain(request),
    ...(onSessionEnded === undefined ? {} : { onSessionEnded }),
  });
  return new HttpClient({ ...transport, log: quiet, session });
}

describe('cloud session refresh', () => {
  it('concurrent 401s share one refresh, then each request is replayed once and succeeds', async () => {
    const { state, handler } = cloud();
    const storage = new MemoryStore();
    storage.setItem(SESSION.refreshTokenStorageKey, 'r1');
    const http = client(await serve(handler), storage);

    const answers = await Promise.all(
      [1, 2, 3].map(() => http.request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.current'))),
    );

    expect(answers.map((a) => a.user.login)).toEqual(['anna', 'anna', 'anna']);
    expect(state.refreshCalls).toBe(1);
    expect(state.authCalls).toBe(6);
    expect(storage.getItem(SESSION.refreshTokenStorageKey)).toBe('r2');
  });

  it('refreshes again when the session expires again later (the attempt is not kept forever)', async () => {
    const { state, handler } = cloud();
    const storage = new MemoryStore();
    storage.setItem(SESSION.refreshTokenStorageKey, 'r1');
    const http = client(await serve(handler), storage);

    await http.request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.current'));
    state.accessValid = false;
    await http.request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.current'));

    expect(state.refreshCalls).toBe(2);
    expect(storage.getItem(SESSION.refreshTokenStorageKey)).toBe('r3');
  });

  it('without a stored refresh token the 401 is passed on and nothing is refreshed', async () => {
    const { state, handler } = cloud();
    const http = client(await serve(handler), new MemoryStore());

    const error = await http
      .request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.current'))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect(error instanceof HttpError && error.status).toBe(401);
    expect(state.refreshCalls).toBe(0);
  });

  it('a rejected refresh token ends the session: the error is passed on and the token is forgotten', async () => {
    const { state, handler } = cloud();
    state.refreshWorks = false;
    const storage = new MemoryStore();
    storage.setItem(SESSION.refreshTokenStorageKey, 'r1');
    let ended = 0;
    const http = client(await serve(handler), storage, () => {
      ended += 1;
    });

    const error = await http
      .request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.current'))
      .catch((e: unknown) => e);

    expect(error instanceof HttpError && error.status).toBe(401);
    expect(storage.getItem(SESSION.refreshTokenStorageKey)).toBeNull();
    expect(ended).toBe(1);
    expect(state.authCalls).toBe(1);
  });

  it('retries only once: a second 401 after a good refresh is the error the caller gets', async () => {
    const storage = new MemoryStore();
    storage.setItem(SESSION.refreshTokenStorageKey, 'r1');
    let dataCalls = 0;
    const baseUrl = await serve((req, res) => {
      if (req.url === '/console/api/auth/user/refresh') json(res, 200, { refresh: 'r2' });
      else {
        dataCalls += 1;
        json(res, 401, { code: 'UNAUTHENTICATED', message: 'Authentication required' });
      }
    });
    const http = client(baseUrl, storage);

    const error = await http
      .request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.current'))
      .catch((e: unknown) => e);

    expect(error instanceof HttpError && error.status).toBe(401);
    expect(dataCalls).toBe(2);
  });
});

describe('http transport', () => {
  it('sends API paths under the base path, with JSON bodies, and parses the answer', async () => {
    let seen = '';
    const baseUrl = await serve((req, res, body) => {
      seen = `${req.method} ${req.url} ${body}`;
      json(res, 200, { refresh: 'r9' });
    });
    const http = new HttpClient({ baseUrl, timeoutMs: 2000, log: quiet });

    const answer = await http.sendPlain(
      cloudRequest(CLOUD_ROUTES, 'cloud.auth.login', { body: { login: 'a', password: 'b' } }),
    );

    expect(answer.refresh).toBe('r9');
    expect(seen).toBe('POST /console/api/auth/user {"login":"a","password":"b"}');
  });

  it('an answer that does not match the protocol is an error, not data', async () => {
    const baseUrl = await serve((_req, res) => json(res, 200, { user: { id: 5 } }));
    const http = new HttpClient({ baseUrl, timeoutMs: 2000, log: quiet });

    const error = await http
      .request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.current'))
      .catch((e: unknown) => e);

    expect(error instanceof HttpError && error.failure.kind).toBe('invalid-response');
  });

  it('a server that never answers gives a timeout error', async () => {
    const baseUrl = await serve(() => {});
    const http = new HttpClient({ baseUrl, timeoutMs: 100, log: quiet });

    const error = await http
      .request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.current'))
      .catch((e: unknown) => e);

    expect(error instanceof HttpError && error.failure).toEqual({ kind: 'timeout' });
  });

  it('an error answer waits for the error texts to load (beforeErrorAnswer) before it is thrown, a good one never', async () => {
    const baseUrl = await serve((req, res) =>
      req.url?.endsWith('/missing')
        ? json(res, 404, { code: 'NOT_FOUND', message: 'Not found' })
        : json(res, 200, { user: { id: 'u1', login: 'a' }, gateway: null }),
    );
    const steps: string[] = [];
    const http = new HttpClient({
      baseUrl,
      timeoutMs: 2000,
      log: quiet,
      beforeErrorAnswer: async () => {
        steps.push('texts asked for');
        await new Promise((resolve) => setTimeout(resolve, 20));
        steps.push('texts in');
      },
    });

    await http.request(cloudRequest(CLOUD_ROUTES, 'cloud.auth.current'));
    expect(steps).toEqual([]);
    const error = await http
      .request({ method: 'GET', path: 'api/missing', schema: z.unknown() })
      .catch((e: unknown) => {
        steps.push('error thrown');
        return e;
      });

    expect(error instanceof HttpError && error.failure).toMatchObject({ kind: 'status', status: 404 });
    expect(steps).toEqual(['texts asked for', 'texts in', 'error thrown']);
  });
});
