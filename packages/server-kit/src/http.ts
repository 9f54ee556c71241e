import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  LogController,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';

/** A Fastify instance whose route schemas are zod schemas (validation, serialization, OpenAPI). */
export type HttpApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface HttpAppOptions {
  readonly logger: Logger;
  /** largest accepted request body in bytes (Fastify default 1 MiB) */
  readonly bodyLimit?: number;
  /** log one line per request (off by default: device traffic is chatty) */
  readonly requestLogging?: boolean;
  readonly trustProxy?: boolean;
}

/** Creates the app without listening; routes are added by the caller, then `listen()` in its start(). */
export function createHttpApp(opts: HttpAppOptions): HttpApp {
  const logger: FastifyBaseLogger = opts.logger;
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    logController: new LogController({ disableRequestLogging: !opts.requestLogging }),
    trustProxy: opts.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Graceful close: idle keep-alive connections end at once (node closes them), requests in flight finish
  // and their connection closes after the answer, so no accepted write is cut off and close() completes.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  return app;
}
