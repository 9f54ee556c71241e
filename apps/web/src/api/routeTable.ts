import { ROUTES, type RouteName, type Routes } from '@st/protocol';

/** The definition of the route `name` in the protocol's catalog: method, path, request and response schemas. */
export function routeDef<N extends RouteName>(name: N): Routes[N] {
  return ROUTES[name];
}
