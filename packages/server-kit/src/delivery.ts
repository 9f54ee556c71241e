// How the console and the API travel (issue 21): negotiated compression and caching.
//  - Built assets: the console build writes `.br` and `.gz` copies of every text asset
//    (apps/web/build/precompress.ts); @fastify/static picks the best one the browser accepts
//    (`preCompressed`), with `Vary: Accept-Encoding`. Hashed files under assets/ are immutable.
//  - The page (index.html with the runtime config) is rendered once per build and kept compressed in memory,
//    revalidated by its ETag (304 when unchanged).
//  - API answers: compressed on the fly above a small size when the browser accepts it (@fastify/compress);
//    streams such as server-sent events and binary bodies (firmware, dumps) are left alone.
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from './http';

export type ContentEncoding = 'br' | 'gzip';

/** API answers smaller than this go out as they are (compression would gain little and cost CPU). */
export const API_COMPRESSION_THRESHOLD_BYTES = 1024;

/** JSON and text answers only: never event streams (they must flush per event) nor binary bodies. */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)/u;

/** Registers negotiated compression of API answers. Await it before adding routes (it hooks onRoute). */
export async function registerCompression(app: HttpApp): Promise<void> {
  // mime-db calls application/octet-stream compressible; firmware images and other binary bodies are not
  // worth the CPU, and a device fetching its firmware needs the Content-Length. Answers under the threshold
  // (most API answers, every relayed device call) go out as they are: said here, before the plugin's
  // route-level hook, which then skips its Accept-Encoding negotiation and type checks. A callback hook, not
  // an async one: no promise per request.
  app.addHook('onSend', (req, reply, payload, done) => {
    const small =
      (typeof payload === 'string' && Buffer.byteLength(payload) < API_COMPRESSION_THRESHOLD_BYTES) ||
      (Buffer.isBuffer(payload) && payload.length < API_COMPRESSION_THRESHOLD_BYTES);
    if (small) req.headers['x-no-compression'] = '1';
    else {
      const type = String(reply.getHeader('content-type') ?? '');
      if (type !== '' && !COMPRESSIBLE.test(type)) req.headers['x-no-compression'] = '1';
    }
    done(null, payload);
  });
  await app.register(compress, {
    global: true,
    threshold: API_COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // quality 4: close to gzip's speed with brotli's ratio; level 11 is for build-time copies only
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/** The best encoding an Accept-Encoding header allows: `br`, then `gzip`, else none (identity). */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const q = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name, weight);
  }
  const accepted = (enc: string) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return undefined;
}

/** index.html as rendered for this server, in each encoding, with its validator. */
export interface DeliveredPage {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
}

export function preparePage(html: string): DeliveredPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/** Sends the page: always revalidated (`no-cache` + ETag, 304 when unchanged), compressed when accepted. */
export function sendPage(req: FastifyRequest, reply: FastifyReply, page: DeliveredPage): FastifyReply {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
  if (etagMatches(req.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  reply.type('text/html; charset=utf-8');
  if (encoding === undefined) return reply.send(page.identity);
  return reply.header('content-encoding', encoding).send(page[encoding]);
}

/** @fastify/static options for the console build: serve the precompressed copies. */
export const STATIC_DELIVERY = { preCompressed: true } as const;

/** Cache policy of a file of the build: content-hashed files under assets/ never change. */
export function assetCaching(relPath: string): { maxAge: string | number; immutable?: boolean } {
  const hashed = /^assets[/\\]/.test(relPath);
  return hashed ? { maxAge: '365d', immutable: true } : { maxAge: 0 };
}
