import {
  type HttpApp,
  ingressBasePath,
  type Logger,
  serveConsole,
  websocketOriginCheck,
} from '@st/server-kit';
import { attachStomp, type StompServer } from '@st/stomp';
import type { GatewayConfig } from './config';
import type { GatewayAuth } from './services/auth/gatewayAuth';

/**
 * The console and its live channel. The page's base path is '/', or the prefix a trusted proxy names in
 * X-Ingress-Path (Home Assistant's ingress, with ST_TRUST_PROXY set to the Supervisor's address), so asset URLs,
 * API calls, the live channel and the router resolve under that prefix. Register after the API routes.
 */
export async function serveConsoleAndLive(
  app: HttpApp,
  config: GatewayConfig,
  auth: GatewayAuth,
  version: string,
  logger: Logger,
): Promise<StompServer<null>> {
  const basePathOf = ingressBasePath(config.trustProxy);
  // Home Assistant shows an ingress panel in an iframe of its own origin: for requests through the trusted
  // proxy only, framing by the same origin is allowed (everywhere else no page may frame the console).
  app.addHook('onSend', async (req, reply) => {
    if (basePathOf(req.raw) === undefined) return;
    reply.header('x-frame-options', 'SAMEORIGIN');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header(
        'content-security-policy',
        csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
      );
  });
  await serveConsole(app, {
    webDist: config.webDist,
    runtime: { mode: 'gateway', basePath: '/', version },
    basePathOf,
  });
  const originCheck = websocketOriginCheck(config.allowedOrigins);
  const stomp = attachStomp<null>(app.server, {
    acceptUpgrade: (req) => {
      const origin = originCheck(req);
      if (origin !== true) return origin;
      // With a password set, the live channel needs the session cookie too (issue 14, item 9).
      return !auth.enabled || auth.signedIn(req) ? true : { status: 401, reason: 'Unauthorized' };
    },
    authenticate: () => ({ ok: true, principal: null }),
    logger: logger.child({ part: 'stomp' }),
  });
  app.addHook('preClose', () => stomp.close());
  return stomp;
}
