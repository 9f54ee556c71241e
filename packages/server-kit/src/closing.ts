import { apiErrorBody } from '@st/protocol';
import type { HttpApp } from './httpApp';

// Shutdown (issue 14, item 8). Graceful close: idle keep-alive connections end at once (node closes them),
// requests in flight finish and their connection closes after the answer. A request that arrives once the
// server is stopping gets 503 with the project's own {code, message} and `Connection: close`, never a reset
// or Fastify's default body. The apps call beginClosing() first in their stop(), before stopping the
// services the routes use; app.close() does it too.

const closingApps = new WeakSet<object>();

/** From now on every new request is answered 503 SHUTTING_DOWN. */
export function beginClosing(app: HttpApp): void {
  closingApps.add(app);
}

export function isClosing(app: HttpApp): boolean {
  return closingApps.has(app);
}

export function registerClosingGuard(app: HttpApp): void {
  app.addHook('preClose', async () => beginClosing(app));
  app.addHook('onRequest', async (_req, reply) => {
    if (!closingApps.has(app)) return;
    return reply.code(503).header('connection', 'close').send(apiErrorBody('SHUTTING_DOWN'));
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closingApps.has(app)) reply.header('connection', 'close');
  });
}
