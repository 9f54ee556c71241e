import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { contentSecurityPolicy, type HelmetOptions } from 'helmet';
import type { HttpApp } from './httpApp';

// Security headers on every answer of both servers (issue 14, item 2): console pages, assets, API answers
// and errors alike, set in an onRequest hook so a route cannot forget them. Helmet decides the headers;
// they are worked out once (the policy once per Host the server is reached by), not per request:
// @fastify/helmet built a whole helmet middleware, directives parsed and validated, for every request.

/** Only characters a host header may hold; anything else (a forged header) yields no websocket source. */
const HOST = /^[A-Za-z0-9.\-:[\]]{1,255}$/;

/** The page's own websocket origins: `'self'` does not cover ws:/wss: in every browser still in use. */
function ownWebsocket(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

/**
 * The Content-Security-Policy the console passes with no violation: scripts only from the server itself
 * (no inline script: the runtime config is a `<meta>` element), styles from the server plus inline style
 * attributes and elements (Mantine writes them at run time), images from the server and data: URLs (the
 * favicon), connections to the server and its own websocket, no plugins, no framing by any page.
 */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", (req: IncomingMessage) => ownWebsocket(req)],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** Everything but the Content-Security-Policy, which depends on the Host (CONTENT_SECURITY_POLICY). */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: false,
  // no framing at all (with frame-ancestors 'none' for browsers that know CSP)
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // The gateway is usually served over plain http on a LAN: HSTS is for the TLS proxy in front to set.
  strictTransportSecurity: false,
  // Relayed files (firmware downloads, dumps) are fetched by the console only; no cross-origin reads.
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
};

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The headers a helmet middleware sets for `req`, read off a response that only records them. */
function headersSetBy(middleware: Middleware, req: IncomingMessage): Array<[string, string]> {
  const set: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      set.push([name, String(value)]);
      return recorder;
    },
    removeHeader() {},
    getHeader() {
      return undefined;
    },
  };
  let failure: unknown;
  middleware(req, recorder as unknown as ServerResponse, (err) => {
    failure = err;
  });
  if (failure) throw failure;
  return set;
}

/** Policies by Host header, bounded (a client may send any Host: beyond the bound they are not kept). */
const MAX_POLICIES = 64;

/**
 * The security headers as a function of the request: helmet's constant headers, worked out once, and the
 * Content-Security-Policy, worked out once per Host (it names the page's own websocket).
 */
export function securityHeaders(): (req: IncomingMessage) => ReadonlyArray<readonly [string, string]> {
  const fixed = headersSetBy(helmet(HELMET_OPTIONS), { headers: {} } as IncomingMessage);
  const csp = contentSecurityPolicy(CONTENT_SECURITY_POLICY) as Middleware;
  const byHost = new Map<string, ReadonlyArray<readonly [string, string]>>();
  return (req) => {
    const host = req.headers.host ?? '';
    const known = byHost.get(host);
    if (known) return known;
    const all = [...headersSetBy(csp, req), ...fixed];
    if (byHost.size < MAX_POLICIES) byHost.set(host, all);
    return all;
  };
}

/** Registers the headers on every route of `app` (call before the routes are added). */
export function registerSecurityHeaders(app: HttpApp): void {
  const headersFor = securityHeaders();
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of headersFor(req.raw)) reply.raw.setHeader(name, value);
    done();
  });
}
