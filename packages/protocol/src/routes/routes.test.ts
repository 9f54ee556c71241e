import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Gateway } from '../entities/cloud';
import type { OtaTask } from '../entities/ota';
import {
  ROUTE_NAMES,
  ROUTES,
  type RouteBody,
  type RouteBodyInput,
  type RouteQuery,
  type RouteResponse,
} from './catalog';
import { buildPath, isRelayable, matchRoute, routePath } from './paths';

describe('route catalog', () => {
  it('has one route per server, method and path, all under /api/', () => {
    const seen = new Set<string>();
    for (const name of ROUTE_NAMES) {
      const { server, method, path } = ROUTES[name];
      expect(path.startsWith('/api/'), name).toBe(true);
      const key = `${server} ${method} ${path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(name.startsWith(`${server}.`), name).toBe(true);
    }
  });

  it('holds every path constant of spec section 7 and the paths the original console used', () => {
    const paths = new Set(ROUTE_NAMES.map((n) => `${ROUTES[n].method} ${ROUTES[n].path}`));
    for (const expected of [
      'GET /api/auth',
      'POST /api/auth/user',
      'POST /api/auth/user/refresh',
      'POST /api/auth/user/logout',
      'POST /api/auth/gateway/:id',
      'POST /api/auth/gateway/logout/:id',
      'GET /api/gateway/management/:id',
      'GET /api/gateway/management/list',
      'POST /api/gateway/management/create',
      'PUT /api/gateway/management/update',
      'DELETE /api/gateway/management/delete/:id',
      'POST /api/gateway/requests/:gatewayId',
      'POST /api/gateway/requests/device',
      'POST /api/gateway/requests/command',
      'GET /api/build',
      'GET /api/cloud/identity',
      'POST /api/cloud/login',
      'DELETE /api/cloud/logout',
      'GET /api/cloud/config',
      'GET /api/cloud/connection/status',
      'PUT /api/cloud/connection/connect',
      'PUT /api/cloud/connection/disconnect',
      'POST /api/device/request',
      'GET /api/device/request/commands',
      'GET /api/devices/logs',
      'GET /api/devices/settings',
      'POST /api/devices/settings',
      'DELETE /api/devices/settings/:id',
      'GET /api/devices/search/enabled',
      'GET /api/devices/found',
      'GET /api/devices/saved',
      'POST /api/devices/saved',
      'PUT /api/devices/saved',
      'DELETE /api/devices/saved',
      'GET /api/notification',
      'DELETE /api/notification',
      'GET /api/ota/firmware',
      'POST /api/ota/firmware',
      'PUT /api/ota/firmware',
      'DELETE /api/ota/firmware',
      'GET /api/ota/firmware/download',
      'GET /api/ota/firmware/boards',
      'POST /api/ota/firmware/upload',
      'POST /api/ota/firmware/upload/batch',
      'GET /api/ota/firmware/upload',
      'DELETE /api/ota/firmware/upload',
    ]) {
      expect(paths.has(expected), expected).toBe(true);
    }
  });

  it('describes every schema in JSON Schema, so /api/docs can show it', () => {
    for (const name of ROUTE_NAMES) {
      const def = ROUTES[name];
      for (const schema of [
        'params' in def ? def.params : undefined,
        'query' in def ? def.query : undefined,
        'body' in def ? def.body : undefined,
        def.response,
      ]) {
        if (schema === undefined) continue;
        expect(() => z.toJSONSchema(schema, { io: 'input' }), name).not.toThrow();
        expect(() => z.toJSONSchema(schema, { io: 'output' }), name).not.toThrow();
      }
    }
  });

  it('never lets the relay reach the cloud connection of a gateway', () => {
    for (const name of ROUTE_NAMES) {
      if (ROUTES[name].path.startsWith('/api/cloud/')) expect(ROUTES[name].relayable, name).toBe(false);
      if (ROUTES[name].server === 'cloud') expect(ROUTES[name].relayable, name).toBe(false);
    }
  });
});

describe('paths', () => {
  it('fills and encodes path parameters', () => {
    expect(routePath('cloud.gateways.get', { params: { id: 'a b/c' } })).toBe(
      '/api/gateway/management/a%20b%2Fc',
    );
    expect(routePath('cloud.relay.request', { params: { gatewayId: 'g1' } })).toBe(
      '/api/gateway/requests/g1',
    );
  });

  it('builds the query of the saved-device and notification routes', () => {
    expect(routePath('gateway.devices.saved.add', { query: { ip: '127.0.0.2:8080' } })).toBe(
      '/api/devices/saved?ip=127.0.0.2%3A8080',
    );
    expect(routePath('gateway.notifications.seen', { query: { id: 'n-1' } })).toBe(
      '/api/notification?id=n-1',
    );
  });

  it('sends only log filters that have a value, URL-encoded', () => {
    expect(
      routePath('gateway.devices.logs', {
        query: { device: '', tag: 'a&b', message: undefined, level: 'WARN' },
      }),
    ).toBe('/api/devices/logs?tag=a%26b&level=WARN');
    expect(routePath('gateway.devices.logs')).toBe('/api/devices/logs');
  });

  it('refuses to build a path with a missing parameter', () => {
    expect(() => buildPath('/api/x/:id', {})).toThrow(/"id"/);
  });

  it('matches every route from a path built for it', () => {
    for (const name of ROUTE_NAMES) {
      const def = ROUTES[name];
      const params = Object.fromEntries([...def.path.matchAll(/:(\w+)/g)].map((m) => [m[1] ?? '', 'x-1']));
      const match = matchRoute(def.server, def.method, `${buildPath(def.path, params)}?q=1`);
      expect(match?.name, name).toBe(name);
      expect(match?.params, name).toEqual(params);
    }
  });

  it('prefers literal segments over parameters', () => {
    expect(matchRoute('cloud', 'POST', '/api/gateway/requests/device')?.name).toBe('cloud.relay.device');
    expect(matchRoute('cloud', 'POST', '/api/gateway/requests/command')?.name).toBe('cloud.relay.command');
    expect(matchRoute('cloud', 'GET', '/api/gateway/management/list')?.name).toBe('cloud.gateways.list');
    expect(matchRoute('cloud', 'POST', '/api/gateway/requests/g%201')).toEqual({
      name: 'cloud.relay.request',
      params: { gatewayId: 'g 1' },
    });
  });

  it('tells the gateway which relayed requests to refuse', () => {
    expect(isRelayable('GET', '/api/devices/found')).toBe(true);
    expect(isRelayable('post', '/api/devices/saved?ip=1.2.3.4')).toBe(true);
    expect(isRelayable('GET', '/api/cloud/config')).toBe(false);
    expect(isRelayable('DELETE', '/api/cloud/logout')).toBe(false);
    expect(isRelayable('POST', '/api/notification')).toBe(false);
    expect(isRelayable('GET', '/api/nothing/here')).toBe(false);
    expect(isRelayable('PATCH', '/api/devices/found')).toBe(false);
  });
});

describe('types fixed by the route name', () => {
  it('types bodies, queries and answers', () => {
    expectTypeOf<RouteResponse<'cloud.gateways.list'>>().toEqualTypeOf<Gateway[]>();
    expectTypeOf<RouteResponse<'gateway.ota.upload.active'>>().toEqualTypeOf<OtaTask[]>();
    expectTypeOf<RouteBody<'gateway.devices.settings.create'>>()
      .toHaveProperty('dump')
      .toEqualTypeOf<string>();
    expectTypeOf<RouteBodyInput<'cloud.gateways.create'>>().toEqualTypeOf<{
      name: string;
      description?: string;
    }>();
    expectTypeOf<RouteQuery<'gateway.devices.saved.add'>>().toEqualTypeOf<{ ip: string }>();
    expectTypeOf<RouteBody<'gateway.devices.found'>>().toEqualTypeOf<undefined>();
  });

  it('requires path parameters and required queries at compile time', () => {
    // @ts-expect-error the gateway id is required
    expect(() => routePath('cloud.gateways.get')).toThrow();
    // @ts-expect-error ip is required
    expect(routePath('gateway.devices.saved.delete', { query: {} })).toBe('/api/devices/saved');
  });
});
