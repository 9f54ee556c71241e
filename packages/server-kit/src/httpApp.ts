import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

// The app type on its own, so the guards http.ts registers (closing, crossSite, securityHeaders) can name it
// without importing http.ts back.

/** A Fastify instance whose route schemas are zod schemas (validation, serialization, OpenAPI). */
export type HttpApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
