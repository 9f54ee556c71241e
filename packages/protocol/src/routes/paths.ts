import { buildPath } from './buildPath';
import type { RouteName, RouteParamsInput, RouteQueryInput } from './catalog';
import { ROUTE_NAMES, ROUTES } from './catalog';

// (buildPath lives in its own module so a bundle that needs only it does not load the route catalog)
export { buildPath };

type ParamsPart<N extends RouteName> =
  RouteParamsInput<N> extends undefined ? { params?: undefined } : { params: RouteParamsInput<N> };
type QueryPart<N extends RouteName> =
  RouteQueryInput<N> extends undefined
    ? { query?: undefined }
    : object extends RouteQueryInput<N>
      ? { query?: RouteQueryInput<N> }
      : { query: RouteQueryInput<N> };
export type RouteUrlParts<N extends RouteName> = ParamsPart<N> & QueryPart<N>;

type PartsArgs<N extends RouteName> =
  object extends RouteUrlParts<N> ? [parts?: RouteUrlParts<N>] : [parts: RouteUrlParts<N>];

/** The path (with query) of a named route: `routePath('cloud.gateways.get', { params: { id } })`. */
export function routePath<N extends RouteName>(name: N, ...[parts]: PartsArgs<N>): string {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(parts?.params ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  }
  const query: Record<string, unknown> = { ...(parts?.query ?? {}) };
  return buildPath(ROUTES[name].path, params, query);
}

export interface RouteMatch {
  name: RouteName;
  params: Record<string, string>;
}

function segments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

interface Pattern {
  readonly name: RouteName;
  /** each segment: its literal text, or the parameter's name after ':' */
  readonly segments: readonly string[];
}

/**
 * The catalog's patterns by `server method segment-count`, split once: matching a URL (twice per relayed
 * call: the allow-list and the read/write class) walks only the routes that could match, not the catalog.
 */
let patternIndex: Map<string, Pattern[]> | undefined;

function patternsFor(server: string, method: string, length: number): readonly Pattern[] {
  if (!patternIndex) {
    patternIndex = new Map();
    for (const name of ROUTE_NAMES) {
      const def = ROUTES[name];
      const pattern = segments(def.path);
      const key = `${def.server} ${def.method} ${pattern.length}`;
      const list = patternIndex.get(key) ?? [];
      list.push({ name, segments: pattern });
      patternIndex.set(key, list);
    }
  }
  return patternIndex.get(`${server} ${method.toUpperCase()} ${length}`) ?? [];
}

/**
 * The route a method and URL (path with optional query) reach, preferring literal segments over
 * parameters (so `/api/gateway/requests/device` is the device relay, not a gateway id).
 */
export function matchRoute(server: 'gateway' | 'cloud', method: string, url: string): RouteMatch | undefined {
  const [pathPart = ''] = url.split(/[?#]/, 1);
  const actual = segments(pathPart);
  let best: { match: RouteMatch; literals: number } | undefined;
  for (const { name, segments: pattern } of patternsFor(server, method, actual.length)) {
    const params: Record<string, string> = {};
    let literals = 0;
    let matches = true;
    for (let i = 0; i < pattern.length && matches; i++) {
      const seg = pattern[i] ?? '';
      const got = actual[i] ?? '';
      if (seg.startsWith(':')) {
        try {
          params[seg.slice(1)] = decodeURIComponent(got);
        } catch {
          matches = false;
        }
      } else if (seg === got) literals += 1;
      else matches = false;
    }
    if (matches && (best === undefined || literals > best.literals))
      best = { match: { name, params }, literals };
  }
  return best?.match;
}

/** Whether the cloud relay may run this request on a gateway (design.md: never /api/cloud/*). */
export function isRelayable(method: string, url: string): boolean {
  const match = matchRoute('gateway', method, url);
  return match !== undefined && ROUTES[match.name].relayable;
}
