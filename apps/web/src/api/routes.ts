import type {
  CloudRouteName,
  GatewayRouteName,
  RouteBodyInput,
  RouteName,
  RouteResponse,
  Routes,
  RouteUrlParts,
} from '@st/protocol';
import { buildPath } from '@st/protocol/constants';
import type { z } from 'zod';
import type { GatewayCall, HttpRequest } from './transport';

/** Path params, query and body of a named route, typed by the protocol's route catalog. */
export type RouteCallParts<N extends RouteName> = RouteUrlParts<N> &
  (RouteBodyInput<N> extends undefined ? { body?: undefined } : { body: RouteBodyInput<N> });

export type PartsArgs<N extends RouteName> =
  object extends RouteCallParts<N> ? [parts?: RouteCallParts<N>] : [parts: RouteCallParts<N>];

const entries = (value: unknown): [string, unknown][] =>
  typeof value === 'object' && value !== null ? Object.entries(value) : [];

export function pathOf(pattern: string, parts: { params?: unknown; query?: unknown }): string {
  const params: Record<string, string | number> = {};
  for (const [key, value] of entries(parts.params)) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  }
  return buildPath(pattern, params, Object.fromEntries(entries(parts.query)));
}

/**
 * The route table of one area of the protocol (GATEWAY_ROUTES, OTA_ROUTES, CLOUD_ROUTES, ...) that holds `name`.
 * A feature passes its own area's table, so a screen's chunk builds only its area's schemas, when it loads;
 * no console module imports the whole catalog (ROUTES), which builds every schema of every area.
 */
export type AreaRoutes<N extends RouteName> = Pick<Routes, N>;

/**
 * The table entry's response schema, typed by the route name. TypeScript cannot follow the link between a
 * generic name and its entry, so the schema (not any data) is re-typed here; answers are still parsed by it.
 */
function responseSchema<N extends RouteName>(table: AreaRoutes<N>, name: N): z.ZodType<RouteResponse<N>> {
  return table[name].response as unknown as z.ZodType<RouteResponse<N>>;
}

/** An HTTP request for one of the cloud's routes; the answer is parsed with the route's schema. */
export function cloudRequest<N extends CloudRouteName>(
  table: AreaRoutes<N>,
  name: N,
  ...[parts]: PartsArgs<N>
): HttpRequest<RouteResponse<N>> {
  const def = table[name];
  return {
    method: def.method,
    path: pathOf(def.path, parts ?? {}),
    body: parts?.body,
    schema: responseSchema(table, name),
  };
}

/** A call to one of the gateway's routes, for gatewayFetch (direct in gateway mode, relayed in cloud mode). */
export function gatewayCall<N extends GatewayRouteName>(
  table: AreaRoutes<N>,
  name: N,
  ...[parts]: PartsArgs<N>
): GatewayCall<RouteResponse<N>> {
  const def = table[name];
  return {
    method: def.method,
    url: pathOf(def.path, parts ?? {}),
    data: parts?.body,
    schema: responseSchema(table, name),
  };
}

/** Gateway-local routes called directly (the gateway's /api/cloud/*, never relayed). */
export function gatewayRequest<N extends GatewayRouteName>(
  table: AreaRoutes<N>,
  name: N,
  ...args: PartsArgs<N>
): HttpRequest<RouteResponse<N>> {
  const call = gatewayCall(table, name, ...args);
  return { method: call.method, path: call.url, body: call.data, schema: call.schema };
}
