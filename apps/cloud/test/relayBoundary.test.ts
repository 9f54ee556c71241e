import { checkRelayUrl, GatewayApiUrl, HttpMethod, matchRoute, ROUTE_NAMES, ROUTES } from '@st/protocol';
import { pathTrick, type Target } from '@st/testkit';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LinkedSystem, startLinkedSystem } from './support/linked';
import { gwCall } from './system';

// Issue 14, item 1: no path trick sent through the relay runs a gateway route that is not relayable
// (/api/cloud/*, the devices' own POST /api/notification, the local device request).

const LOCAL_ONLY: Target[] = ROUTE_NAMES.map((n) => ROUTES[n])
  .filter((r) => r.server === 'gateway' && !r.relayable)
  .map((r) => ({ method: r.method, path: r.path }));

/** What a WHATWG parser (the gateway's in-process request) makes of a URL: the route that would run. */
function routeRun(method: string, url: string) {
  try {
    const parsed = new URL(url, 'http://gateway.invalid');
    return matchRoute('gateway', method, decodeURI(parsed.pathname));
  } catch {
    return undefined;
  }
}

const counts = { cloudTried: 0, cloudRefused: 0, linkTried: 0, linkRefused: 0, pureTried: 0 };

describe('relay boundary (pure): checked string = run string', () => {
  it('accepts no trick that a parser would route to a local-only route', () => {
    fc.assert(
      fc.property(pathTrick(LOCAL_ONLY), ({ method, url }) => {
        counts.pureTried += 1;
        const checked = checkRelayUrl(method.toUpperCase(), url);
        if (!checked.ok) return;
        const ran = routeRun(method.toUpperCase(), checked.url);
        expect(checked.url).toBe(url);
        expect(ran === undefined || ROUTES[ran.name].relayable, `${method} ${url}`).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps the console’s own relayed URLs working', () => {
    for (const url of [
      '/api/devices/found',
      '/api/devices/saved?ip=127.0.0.1%3A8080',
      '/api/devices/logs?device=lamp%20one&level=info',
      '/api/devices/settings/12',
      '/api/notification?device=a~b',
    ]) {
      expect(checkRelayUrl(url.startsWith('/api/devices/saved') ? 'DELETE' : 'GET', url)).toEqual({
        ok: true,
        url,
      });
    }
  });
});

describe('relay boundary over real sockets (cloud + linked gateway)', () => {
  let sys: LinkedSystem;
  beforeAll(async () => {
    sys = await startLinkedSystem({ storage: 'sqlite' });
  });
  afterAll(async () => {
    await sys?.stop();
    // The figure for the note: how many tricks were tried and refused at each side.
    console.info('relay boundary figures', counts);
  });

  const refusedBodies = (status: number, body: unknown) =>
    (status === 403 && JSON.stringify(body).includes('RELAY_FORBIDDEN_PATH')) ||
    (status === 400 && JSON.stringify(body).includes('VALIDATION_FAILED'));

  it('the cloud refuses every trick aimed at a local-only route before the link', async () => {
    const known = [
      { method: 'GET', url: '/api/devices/found/%2e%2e/%2e%2e/cloud/config' },
      { method: 'DELETE', url: '/api/devices/found/..%5c..%5ccloud/logout' },
      { method: 'GET', url: '/api/build/../cloud/identity' },
      { method: 'GET', url: '/api//cloud/config' },
      { method: 'PUT', url: '/api/devices\\..\\cloud/connection/disconnect' },
    ];
    const tryOne = async ({ method, url }: { method: string; url: string }) => {
      counts.cloudTried += 1;
      const r = await sys.user.call('POST', `/api/gateway/requests/${sys.gatewayId}`, { url, method });
      expect(refusedBodies(r.status, r.body), `${method} ${url} -> ${r.status} ${r.text}`).toBe(true);
      counts.cloudRefused += 1;
    };
    for (const k of known) await tryOne(k);
    await fc.assert(fc.asyncProperty(pathTrick(LOCAL_ONLY), tryOne), { numRuns: 300 });
    // The gateway is still logged in and connected, and a plain relayed call still works.
    expect((await gwCall(sys.gw.url, 'GET', '/api/cloud/connection/status')).body).toBe('CONNECTED');
    expect((await gwCall(sys.gw.url, 'GET', '/api/cloud/config')).body).toEqual({ cloudUrl: sys.cloud.url });
    const ok = await sys.user.call('POST', `/api/gateway/requests/${sys.gatewayId}`, {
      url: '/api/build',
      method: 'GET',
    });
    expect(ok.status).toBe(200);
  });

  it('the gateway refuses the same tricks when the cloud does not check (sent straight over the link)', async () => {
    // Only what passes the link envelope's own schema reaches the gateway's check.
    const envelopeValid = pathTrick(LOCAL_ONLY).filter(
      ({ method, url }) => HttpMethod.safeParse(method).success && GatewayApiUrl.safeParse(url).success,
    );
    await fc.assert(
      fc.asyncProperty(envelopeValid, async ({ method, url }) => {
        counts.linkTried += 1;
        const answer = await sys.cloud.server.relay.send(sys.gatewayId, {
          kind: 'relay',
          method: HttpMethod.parse(method),
          url,
          headers: {},
        });
        const text = answer.body?.encoding === 'utf8' ? answer.body.text : '';
        expect(answer.status, `${method} ${url} -> ${answer.status} ${text}`).toBe(403);
        expect(text).toContain('RELAY_FORBIDDEN_PATH');
        counts.linkRefused += 1;
      }),
      { numRuns: 300 },
    );
    expect((await gwCall(sys.gw.url, 'GET', '/api/cloud/connection/status')).body).toBe('CONNECTED');
    expect((await gwCall(sys.gw.url, 'GET', '/api/cloud/identity')).status).toBe(200);
  });
});
