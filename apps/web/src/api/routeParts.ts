import { buildPath, type RouteBodyInput, type RouteName, type RouteUrlParts } from '@st/protocol';

// What a request for a named route is built from, without the route catalog itself: routes.ts (every route)
// and startRoutes.ts (the start-up's cloud routes, without their schemas; issue 21) share it.

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

/** The cloud routes the start-up code calls (startRoutes.ts), their schemas loaded later (cloudRoutes.ts). */
export type StartRoute =
  | 'cloud.auth.current'
  | 'cloud.auth.login'
  | 'cloud.auth.refresh'
  | 'cloud.auth.logout'
  | 'cloud.relay.request';
