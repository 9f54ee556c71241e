import type { z } from 'zod';

// The shape of one HTTP route of our servers. The catalog (./catalog) is the single list of them.

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * json: a JSON body parsed by `body`. multipart: form data; `body` describes its JSON `info` part.
 * raw: any bytes, passed on as they are.
 */
export type BodyKind = 'json' | 'multipart' | 'raw';

/** json: parsed by `response`. passthrough: the device's or gateway's answer, status and body unchanged. binary: a file. */
export type ResponseKind = 'json' | 'passthrough' | 'binary';

export interface RouteDef {
  server: 'gateway' | 'cloud';
  method: RouteMethod;
  /** Fastify style: `/api/gateway/management/:id`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  bodyKind?: BodyKind;
  response: z.ZodType;
  responseKind?: ResponseKind;
  /** Status of a success (200 unless said). */
  successStatus?: 200 | 201;
  /** May the cloud relay call it on a gateway. Never true for /api/cloud/*. */
  relayable: boolean;
  /** One line for the OpenAPI document. */
  summary: string;
}

/** Keeps the literal types of a route definition (so the name fixes its schemas). */
export function route<const R extends RouteDef>(def: R): R {
  return def;
}
