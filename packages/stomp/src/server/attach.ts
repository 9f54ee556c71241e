import type { Server as HttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { StompServerOptions } from './options';
import { DEFAULT_STOMP_PATH, StompServer } from './server';

export interface AttachStompOptions<P> extends StompServerOptions<P> {
  /** Upgrade path served; default `/api/st-ws`. */
  path?: string;
}

/**
 * Creates a {@link StompServer} and serves it on `httpServer`'s upgrades to `options.path`.
 *
 * With Fastify (its `server` is the node http server; close STOMP before Fastify waits for sockets):
 * ```ts
 * const app = Fastify();
 * const stomp = attachStomp(app.server, { authenticate: () => ({ ok: true, principal: null }) });
 * app.addHook('preClose', () => stomp.close());
 * ```
 */
export function attachStomp<P>(
  httpServer: HttpServer | HttpsServer,
  options: AttachStompOptions<P>,
): StompServer<P> {
  const server = new StompServer<P>(options);
  server.attach(httpServer, options.path ?? DEFAULT_STOMP_PATH);
  return server;
}
