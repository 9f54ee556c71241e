import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { HttpApp } from './http';

export interface OpenApiOptions {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
  /** where the UI lives; the JSON document is at `{prefix}/json` (default `/api/docs`) */
  readonly routePrefix?: string;
}

/** Registers the OpenAPI document built from the routes' zod schemas. Call before adding routes. */
export async function registerOpenApi(app: HttpApp, opts: OpenApiOptions): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: opts.title, version: opts.version, description: opts.description ?? '' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: opts.routePrefix ?? '/api/docs' });
}
