import type { CloudRouteName, GatewayRouteName, RouteName, RouteResponse } from '@st/protocol';
import type { z } from 'zod';
import { type PartsArgs, pathOf } from './routeParts';
import { routeDef } from './routeTable';
import type { GatewayCall, HttpRequest } from './transport';

/**
 * The catalog entry's response schema, typed by the route name. TypeScript cannot follow the link between a
 * generic name and its entry, so the schema (not any data) is re-typed here; answers are still parsed by it.
 */
function responseSchema<N extends RouteName>(name: N): z.ZodType<RouteResponse<N>> {
  return routeDef(name).response as unknown as z.ZodType<RouteResponse<N>>;
}

/** An HTTP request for one of the cloud's routes; the answer is parsed with the catalog's schema. */
export function cloudRequest<N extends CloudRouteName>(
  name: N,
  ...[parts]: PartsArgs<N>
): HttpRequest<RouteResponse<N>> {
  const def = routeDef(name);
  return {
    method: def.method,
    path: pathOf(def.path, parts ?? {}),
    body: parts?.body,
    schema: responseSchema(name),
  };
}

/** A call to one of the gateway's routes, for gatewayFetch (direct in gateway mode, relayed in cloud mode). */
export function gatewayCall<N extends GatewayRouteName>(
  name: N,
  ...[parts]: PartsArgs<N>
): GatewayCall<RouteResponse<N>> {
  const def = routeDef(name);
  return {
    method: def.method,
    url: pathOf(def.path, parts ?? {}),
    data: parts?.body,
    schema: responseSchema(name),
  };
}

/** Gateway-local routes called directly (the gateway's /api/cloud/*, never relayed). */
export function gatewayRequest<N extends GatewayRouteName>(
  name: N,
  ...args: PartsArgs<N>
): HttpRequest<RouteResponse<N>> {
  const call = gatewayCall(name, ...args);
  return { method: call.method, path: call.url, body: call.data, schema: call.schema };
}
