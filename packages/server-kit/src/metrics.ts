import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { ApiError, formatServerTiming, parseServerTiming, type TimingEntry } from '@st/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { HttpApp } from './http';

// Prometheus metrics for either server: process figures (memory, CPU, event-loop lag), every HTTP route's
// count and latency through one hook, the hops of a Server-Timing header (relay latency by hop), and
// `GET /metrics` in the text format with its access rule. Domain figures are added by the app on `registry`.

export const METRICS_PATH = '/metrics';

export interface MetricsAccess {
  /** false: /metrics answers 404 (ST_METRICS=off) */
  readonly enabled: boolean;
  /** set: a matching `Authorization: Bearer` is required from any address; unset: private addresses only */
  readonly token?: string | undefined;
}

export interface ServerMetrics {
  readonly registry: Registry;
}

const TIMINGS = Symbol('serverTimings');
type WithTimings = FastifyReply & { [TIMINGS]?: readonly TimingEntry[] };

/**
 * Sets the answer's Server-Timing header and keeps its entries for the metrics hook, which then observes them
 * as they are instead of parsing the header back (the same hops and durations, rounded as in the header).
 */
export function setServerTiming(reply: FastifyReply, entries: readonly TimingEntry[]): FastifyReply {
  (reply as WithTimings)[TIMINGS] = entries;
  return reply.header('server-timing', formatServerTiming(entries));
}

const TIMING_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Loopback, RFC 1918, link-local, CGNAT and IPv6 unique-local addresses. */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(mapped)) return PRIVATE.check(mapped, 'ipv4');
  if (isIPv6(mapped)) return PRIVATE.check(mapped, 'ipv6');
  return false;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1].trim());
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function checkAccess(req: FastifyRequest, access: MetricsAccess): void {
  if (access.token) {
    if (!tokenMatches(req.headers.authorization, access.token)) throw new ApiError('UNAUTHENTICATED');
    return;
  }
  if (!isPrivateAddress(req.ip)) throw new ApiError('FORBIDDEN');
}

/**
 * Registers the request hooks and (when enabled) `GET /metrics` on `app`. Call once, before the routes, from
 * the composition root; every route then counts by its pattern (`/api/devices/:ip`), not by its raw URL.
 */
export function registerMetrics(app: HttpApp, access: MetricsAccess): ServerMetrics {
  const registry = new Registry();
  if (access.enabled) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const hops = new Histogram({
    name: 'relay_hop_duration_seconds',
    help: 'Time spent in each hop of relayed and device requests (from the Server-Timing header)',
    labelNames: ['hop'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const method = req.method;
    requests.inc({ method, route, status: String(reply.statusCode) });
    latency.observe({ method, route }, reply.elapsedTime / 1000);
    const kept = (reply as WithTimings)[TIMINGS];
    if (kept) {
      // what formatServerTiming wrote and parseServerTiming would read back
      for (const e of kept) {
        if (TIMING_NAME.test(e.name) && Number.isFinite(e.durMs))
          hops.observe({ hop: e.name }, Math.round(e.durMs * 10) / 10 / 1000);
      }
    } else {
      const timing = reply.getHeader('server-timing');
      if (typeof timing === 'string') {
        for (const entry of parseServerTiming(timing)) hops.observe({ hop: entry.name }, entry.durMs / 1000);
      }
    }
    done();
  });
  // Off still owns the path, so the console's history fallback does not answer it with a page.
  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!access.enabled) throw new ApiError('ROUTE_NOT_FOUND');
    checkAccess(req, access);
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(text);
  });
  return { registry };
}
