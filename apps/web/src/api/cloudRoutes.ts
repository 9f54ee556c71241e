import type { RouteResponse } from '@st/protocol';
import type { z } from 'zod';
import type { StartRoute } from './routeParts';
import { routeDef } from './routeTable';

// The schemas of the start-up's cloud routes' answers (startRoutes.ts, which loads this module when an answer
// is there): a chunk of the routed console, with zod, so that the sign-in downloads neither (issue 21).

const SCHEMAS: { [N in StartRoute]: unknown } = {
  'cloud.auth.current': routeDef('cloud.auth.current').response,
  'cloud.auth.login': routeDef('cloud.auth.login').response,
  'cloud.auth.refresh': routeDef('cloud.auth.refresh').response,
  'cloud.auth.logout': routeDef('cloud.auth.logout').response,
  'cloud.relay.request': routeDef('cloud.relay.request').response,
};

/** The schema a start-up route's answer is parsed with (the protocol's, typed by the route name). */
export function cloudResponseSchema<N extends StartRoute>(name: N): z.ZodType<RouteResponse<N>> {
  return SCHEMAS[name] as z.ZodType<RouteResponse<N>>;
}
