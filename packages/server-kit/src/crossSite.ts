import type { IncomingMessage } from 'node:http';
import { apiErrorBody } from '@st/protocol';
import type { HttpApp } from './httpApp';

// Cross-site requests (issue 14, item 4). The gateway has no login by default, so any web page a LAN user
// visits could otherwise post to it. A browser names the page's origin in `Origin` on every cross-origin
// request and on every POST/PUT/DELETE; non-browser clients (devices, scripts, the relay's in-process
// calls) send none. So: a state change whose Origin is not this server's own (or on the allow-list) is
// refused, and so is a websocket handshake. Requests without Origin keep working.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CrossSiteOptions {
  /** extra origins allowed besides the server's own, e.g. `https://console.example.org` (exact match) */
  readonly allowedOrigins?: readonly string[];
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Normalised `scheme://host[:port]`, or undefined when the text is not an origin. */
export function normaliseOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a request may act, judged by its Origin: none (not a browser, or a same-origin GET), the
 * server's own (same host and port as the Host header the browser sent), or one on the allow-list.
 * `Origin: null` (sandboxed frames, file: pages) is refused.
 */
export function originAllowed(req: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const origin = header(req, 'origin');
  if (origin === undefined) return header(req, 'sec-fetch-site') !== 'cross-site';
  const normal = normaliseOrigin(origin);
  if (normal === undefined) return false;
  if (allowed.has(normal)) return true;
  const host = header(req, 'host');
  return host !== undefined && new URL(normal).host === host.toLowerCase();
}

/** Refuses state-changing requests from other sites with 403 CROSS_SITE_REFUSED. */
export function registerCrossSiteGuard(app: HttpApp, opts: CrossSiteOptions = {}): ReadonlySet<string> {
  const allowed = new Set(
    (opts.allowedOrigins ?? []).map((o) => normaliseOrigin(o)).filter((o) => o !== undefined),
  );
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    if (!originAllowed(req.raw, allowed)) {
      return reply
        .code(403)
        .send(
          apiErrorBody(
            'CROSS_SITE_REFUSED',
            `Refused a ${req.method} from another site (${header(req.raw, 'origin') ?? 'no origin'}); ` +
              'open the console from this server, or add its origin to ST_ALLOWED_ORIGINS',
          ),
        );
    }
  });
  return allowed;
}

/**
 * The websocket's handshake check (STOMP `acceptUpgrade`): a browser always sends Origin on a websocket
 * handshake, and a page of another site must not open the live channel; clients without Origin may.
 */
export function websocketOriginCheck(
  allowedOrigins: readonly string[] = [],
): (req: IncomingMessage) => true | { status: number; reason: string } {
  const allowed = new Set(allowedOrigins.map((o) => normaliseOrigin(o)).filter((o) => o !== undefined));
  return (req) => (originAllowed(req, allowed) ? true : { status: 403, reason: 'Forbidden' });
}
