import { ROUTES, type RouteName, type Routes } from '@st/protocol';

// How the console finds a route's definition (method, path, response schema) by its name.
//
// Built, the console links each route it calls into the chunk of the code that calls it (vite-route-links.ts,
// issue 21): a call's route name becomes an import of a small generated module that registers that route's
// definition here, so a screen's chunk carries the schemas of its own routes and nothing else. Unbuilt (tests,
// the dev server), every name is read from the protocol's whole catalog.

/** Set by the console's build (vite.config.ts `define`); absent elsewhere. */
declare const __ST_LINKED_ROUTES__: boolean;

const linked = new Map<string, unknown>();

/** Registers a route's definition (the generated modules call it) and gives back its name. */
export function linkRoute<N extends string>(name: N, def: unknown): N {
  linked.set(name, def);
  return name;
}

/** The definition of the route `name`: method, path and response schema. */
export function routeDef<N extends RouteName>(name: N): Routes[N] {
  if (typeof __ST_LINKED_ROUTES__ !== 'undefined' && __ST_LINKED_ROUTES__) {
    const def = linked.get(name);
    // (a call the build did not link: its name did not reach a linked call as a literal)
    if (def === undefined) throw new Error(`The console's build did not link the route ${name}`);
    return def as Routes[N];
  }
  return ROUTES[name];
}
