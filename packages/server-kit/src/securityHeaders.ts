import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { HttpApp } from './httpApp';

// Security headers on every answer of both servers (issue 14, item 2): console pages, assets, API answers
// and errors alike. @fastify/helmet sets them in an onRequest hook, so a route cannot forget them.

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

/** Registers the headers on every route of `app` (call before the routes are added). */
export function registerSecurityHeaders(app: HttpApp): void {
  void app.register(helmet, {
    global: true,
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    // no framing at all (with frame-ancestors 'none' for browsers that know CSP)
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // The gateway is usually served over plain http on a LAN: HSTS is for the TLS proxy in front to set.
    strictTransportSecurity: false,
    // Relayed files (firmware downloads, dumps) are fetched by the console only; no cross-origin reads.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
}
