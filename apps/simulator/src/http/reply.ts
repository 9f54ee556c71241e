/** What a route answers. `hang` = never answer (the socket stays open until the device drops it). */
export type Reply =
  | {
      kind: 'send';
      status: number;
      body?: string;
      type?: string;
      cors: boolean;
      headers?: Record<string, string>;
      /** Runs once the answer was handed to the socket. */
      after?: () => void;
    }
  | { kind: 'hang'; after?: () => void };

export interface SimRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Raw body; empty when absent or consumed as form parameters. */
  body: string;
}

/** A route handler: undefined = the handler owns the path but has no branch for it (404, empty). */
export type Handler = (req: SimRequest) => Reply | undefined;

export interface Route {
  /** `prefix`: any path starting with it (library handlers); `on`: the path or a sub-path of it. */
  match: { prefix: string } | { on: string } | { exact: string };
  methods: readonly string[];
  cors: boolean;
  /** `Access-Control-Allow-Methods` answered to OPTIONS (when OPTIONS is among `methods`). */
  allowMethods?: string;
  handle: Handler;
}

export const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export const ALL_ALLOW = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

export function empty(status: number, cors = true): Reply {
  return { kind: 'send', status, cors };
}

export function json(status: number, value: unknown, cors = true): Reply {
  return { kind: 'send', status, body: JSON.stringify(value), type: 'application/json', cors };
}

export function rawJson(status: number, body: string, cors = true): Reply {
  return { kind: 'send', status, body, type: 'application/json', cors };
}

/** The firmware's hand-built error body: `{"error": "<message>"}` (space after the colon). */
export function error(status: number, message: string, type = 'application/json'): Reply {
  return { kind: 'send', status, body: `{"error": "${message}"}`, type, cors: true };
}

export function text(status: number, body: string, cors: boolean, type = 'text/plain'): Reply {
  return { kind: 'send', status, body, type, cors };
}

export function matches(route: Route, path: string): boolean {
  const m = route.match;
  if ('prefix' in m) return path.startsWith(m.prefix);
  if ('exact' in m) return path === m.exact;
  return path === m.on || path.startsWith(`${m.on}/`);
}
