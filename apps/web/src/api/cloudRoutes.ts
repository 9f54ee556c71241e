import { CLOUD_ROUTES, type RouteResponse } from '@st/protocol';
import type { z } from 'zod';
import { type PartsArgs, pathOf } from './routeParts';
import type { HttpRequest } from './transport';

// The cloud's own routes (accounts, gateways, sign-in, session, relay) without the whole route catalog
// (issue 21). Screens use routes.ts for the gateways' routes; the start-up code uses startRoutes.ts, which
// loads the schemas from here when an answer is there.

type CloudOwnRoute = keyof typeof CLOUD_ROUTES;

/** The schema a cloud route's answer is parsed with. */
export function cloudResponseSchema<N extends CloudOwnRoute>(name: N): z.ZodType<RouteResponse<N>> {
  // typed by the route name, as routes.ts does (TypeScript cannot follow a generic name to its entry)
  return CLOUD_ROUTES[name].response as unknown as z.ZodType<RouteResponse<N>>;
}

/** An HTTP request for one of the cloud's own routes; the answer is parsed with the route's schema. */
export function cloudRequest<N extends CloudOwnRoute>(
  name: N,
  ...[parts]: PartsArgs<N>
): HttpRequest<RouteResponse<N>> {
  const def = CLOUD_ROUTES[name];
  return {
    method: def.method,
    path: pathOf(def.path, parts ?? {}),
    body: parts?.body,
    schema: cloudResponseSchema(name),
  };
}
