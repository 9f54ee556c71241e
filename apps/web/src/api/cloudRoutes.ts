import { CLOUD_ROUTES, type RouteResponse } from '@st/protocol';
import type { z } from 'zod';
import { type PartsArgs, pathOf } from './routeParts';
import type { HttpRequest } from './transport';

// The cloud's own routes (sign-in, session, relay) without the whole route catalog: what the start-up code
// calls (session refresh, sign-in, the relay), so the sign-in screen does not download every route's schemas
// (issue 21). Screens use routes.ts.

type CloudOwnRoute = keyof typeof CLOUD_ROUTES;

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
    // typed by the route name, as routes.ts does (TypeScript cannot follow a generic name to its entry)
    schema: def.response as unknown as z.ZodType<RouteResponse<N>>,
  };
}
