import type { CLOUD_ROUTES, RouteResponse } from '@st/protocol';
import { type PartsArgs, pathOf, type StartRoute } from './routeParts';
import type { HttpRequest } from './transport';

// The cloud routes the start-up code calls (session check and refresh, sign-in, sign-out, the relay) without
// zod or any schema: the answer's schema (cloudRoutes.ts) loads when the answer is there, with zod, which
// the routed console brings anyway (issue 21: the sign-in screen downloads neither, 16 KiB gzip).

// Method and path as the protocol declares them: the type checker holds each to CLOUD_ROUTES' literal.
const START_ROUTES: { [N in StartRoute]: Pick<(typeof CLOUD_ROUTES)[N], 'method' | 'path'> } = {
  'cloud.auth.current': { method: 'GET', path: '/api/auth' },
  'cloud.auth.login': { method: 'POST', path: '/api/auth/user' },
  'cloud.auth.refresh': { method: 'POST', path: '/api/auth/user/refresh' },
  'cloud.auth.logout': { method: 'POST', path: '/api/auth/user/logout' },
  'cloud.relay.request': { method: 'POST', path: '/api/gateway/requests/:gatewayId' },
};

/** The schemas of the cloud's routes, with zod (a chunk of the routed console). */
export const loadCloudSchemas = () => import('./cloudRoutes');

/** An HTTP request for one of the start-up's cloud routes; the answer is parsed with the route's schema. */
export function startRequest<N extends StartRoute>(
  name: N,
  ...[parts]: PartsArgs<N>
): HttpRequest<RouteResponse<N>> {
  const { method, path } = START_ROUTES[name];
  return {
    method,
    path: pathOf(path, parts ?? {}),
    body: parts?.body,
    schema: () => loadCloudSchemas().then((routes) => routes.cloudResponseSchema(name)),
  };
}
