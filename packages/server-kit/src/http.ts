import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { registerClosingGuard } from './closing';
import { registerCrossSiteGuard } from './crossSite';
import type { HttpApp } from './httpApp';
import { LazyChildLogger } from './lazyLogger';
import { fastifyTrustProxy, type TrustProxy } from './securityConfig';
import { registerSecurityHeaders } from './securityHeaders';

export type { HttpApp } from './httpApp';

export interface HttpAppOptions {
  readonly logger: Logger;
  /** largest accepted request body in bytes (Fastify default 1 MiB) */
  readonly bodyLimit?: number;
  /** log one line per request (off by default: device traffic is chatty) */
  readonly requestLogging?: boolean;
  /** X-Forwarded-* from these proxies only: a hop count or their addresses (never "everyone") */
  readonly trustProxy?: TrustProxy;
  /** origins allowed to change state and open the websocket besides the server's own (ST_ALLOWED_ORIGINS) */
  readonly allowedOrigins?: readonly string[];
}

/**
 * Creates the app without listening; routes are added by the caller, then `listen()` in its start().
 * Every app answers with the security headers, refuses cross-site state changes, and answers 503
 * SHUTTING_DOWN once it is stopping (docs/security.md).
 */
export function createHttpApp(opts: HttpAppOptions): HttpApp {
  const logger: FastifyBaseLogger = opts.logger;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    logController: new LogController({ disableRequestLogging: !opts.requestLogging }),
    // req.log builds its pino child on its first line (most requests write none)
    childLoggerFactory: LazyChildLogger.factory,
    trustProxy: fastifyTrustProxy(opts.trustProxy ?? false),
    routerOptions: { ignoreTrailingSlash: true },
    // our own 503 with the project's {code, message} (closing.ts), not Fastify's default body
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerClosingGuard(app);
  registerSecurityHeaders(app);
  registerCrossSiteGuard(app, { allowedOrigins: opts.allowedOrigins ?? [] });
  return app;
}
