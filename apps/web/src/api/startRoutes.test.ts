import { CLOUD_ROUTES } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { cloudRequest } from './routes';
import { startRequest } from './startRoutes';

describe("the start-up's cloud requests", () => {
  it('are the cloud routes of the protocol, their answers parsed with the same schemas once loaded', async () => {
    const pairs = [
      [startRequest('cloud.auth.current'), cloudRequest('cloud.auth.current'), 'cloud.auth.current'],
      [
        startRequest('cloud.auth.login', { body: { login: 'a', password: 'b' } }),
        cloudRequest('cloud.auth.login', { body: { login: 'a', password: 'b' } }),
        'cloud.auth.login',
      ],
      [
        startRequest('cloud.auth.refresh', { body: { refreshToken: 't' } }),
        cloudRequest('cloud.auth.refresh', { body: { refreshToken: 't' } }),
        'cloud.auth.refresh',
      ],
      [
        startRequest('cloud.auth.logout', { body: {} }),
        cloudRequest('cloud.auth.logout', { body: {} }),
        'cloud.auth.logout',
      ],
      [
        startRequest('cloud.relay.request', {
          params: { gatewayId: 'g/1' },
          body: { url: '/api/x', method: 'GET' },
        }),
        cloudRequest('cloud.relay.request', {
          params: { gatewayId: 'g/1' },
          body: { url: '/api/x', method: 'GET' },
        }),
        'cloud.relay.request',
      ],
    ] as const;
    for (const [start, full, name] of pairs) {
      expect({ method: start.method, path: start.path, body: start.body }, name).toEqual({
        method: full.method,
        path: full.path,
        body: full.body,
      });
      expect(typeof start.schema, name).toBe('function');
      const schema = typeof start.schema === 'function' ? await start.schema() : start.schema;
      expect(schema, name).toBe(CLOUD_ROUTES[name].response);
    }
    expect(pairs[4][0].path).toBe('/api/gateway/requests/g%2F1');
  });
});
