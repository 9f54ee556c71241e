import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { apiErrorBody, type RuntimeConfig, renderIndexHtml } from '@st/protocol';
import type { FastifyRequest } from 'fastify';
import { isApiLikePath } from './apiPath';
import { assetCaching, type DeliveredPage, preparePage, STATIC_DELIVERY, sendPage } from './delivery';
import type { HttpApp } from './http';

export interface ServeConsoleOptions {
  /** the console build (apps/web/dist); absent or without index.html means "not built" */
  readonly webDist: string;
  /** injected into index.html so one build serves both modes and any base path */
  readonly runtime: RuntimeConfig;
  /** a request's own base path (a trusted proxy's prefix, see ingress.ts); undefined: `runtime.basePath` */
  readonly basePathOf?: (req: FastifyRequest['raw']) => string | undefined;
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SmartThing console not built</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>The console is not built yet</h1>
<p>The server is running and its API answers under <code>/api</code>, but there is no console build to serve.</p>
<p>Build it from the repository root with <code>npm run build</code>, then restart this server
(or point <code>ST_WEB_DIST</code> at an existing build).</p>
</body></html>
`;

function safeDecode(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** The file under `root` a URL path names, when it exists and is a regular file (never outside root). */
function existingFile(root: string, urlPath: string): string | undefined {
  const rel = normalize(urlPath).replace(/^([/\\])+/, '');
  if (rel === '' || rel === 'index.html') return undefined;
  const full = resolve(root, rel);
  if (!full.startsWith(root + sep)) return undefined;
  try {
    return statSync(full).isFile() ? rel : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves the console: static assets from the build, and for every other non-/api GET the index.html with
 * the runtime config injected (history-mode routing). Unknown /api paths, however spelled (escapes, case,
 * dot segments, repeated slashes: isApiLikePath), get a 404 JSON. Without a build
 * a plain page says how to make one. Register after the API routes' plugins (it adds a `/*` GET route).
 */
export async function serveConsole(app: HttpApp, opts: ServeConsoleOptions): Promise<void> {
  const root = resolve(opts.webDist);
  const indexFile = join(root, 'index.html');
  // The page is re-read when the build changes (a rebuild empties dist/ and renames every asset), so a
  // running server never hands out an index.html that points at deleted files.
  // One page per base path served (the server's own, and each proxy prefix seen; a few at most).
  let cached: { mtimeMs: number; pages: Map<string, DeliveredPage> } | undefined;
  const currentHtml = (basePath: string): DeliveredPage | null => {
    if (!existsSync(indexFile)) return null;
    const { mtimeMs } = statSync(indexFile);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, pages: new Map() };
    let page = cached.pages.get(basePath);
    if (page === undefined) {
      if (cached.pages.size >= 16) cached.pages.clear();
      page = preparePage(renderIndexHtml(readFileSync(indexFile, 'utf8'), { ...opts.runtime, basePath }));
      cached.pages.set(basePath, page);
    }
    return page;
  };
  if (existsSync(root)) await app.register(fastifyStatic, { root, serve: false, ...STATIC_DELIVERY });

  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    const rawPath = req.url.split('?')[0] ?? '/';
    const path = safeDecode(rawPath);
    if (path === undefined || path.includes('\0')) {
      return reply.code(400).send(apiErrorBody('VALIDATION_FAILED', 'Malformed path'));
    }
    if (isApiLikePath(rawPath)) {
      return reply.code(404).send(apiErrorBody('ROUTE_NOT_FOUND', `No route GET ${path}`));
    }
    const html = currentHtml(opts.basePathOf?.(req.raw) ?? opts.runtime.basePath);
    if (html === null || !existsSync(root))
      return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    const file = existingFile(root, path);
    if (file !== undefined) {
      return reply.sendFile(file, assetCaching(file));
    }
    if (extname(path) !== '' && extname(path) !== '.html') {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return sendPage(req, reply, html);
  });
}
