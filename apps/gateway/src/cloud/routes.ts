import { CloudLoginPayload, GATEWAY_ROUTES, OK } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { CloudLink } from './link';

/** `/api/cloud/*`: the gateway's cloud connection, for the local console only (never relayed). */
export function registerCloudRoutes(app: HttpApp, link: CloudLink): void {
  app.get(GATEWAY_ROUTES['gateway.cloud.identity'].path, async () => link.identity ?? null);

  app.post(GATEWAY_ROUTES['gateway.cloud.login'].path, { schema: { body: CloudLoginPayload } }, async (req) =>
    link.login(req.body.cloudUrl, req.body.token),
  );

  app.delete(GATEWAY_ROUTES['gateway.cloud.logout'].path, async () => {
    await link.logout();
    return OK;
  });

  app.get(GATEWAY_ROUTES['gateway.cloud.config'].path, async () => {
    const cloudUrl = link.cloudUrl;
    return cloudUrl ? { cloudUrl } : null;
  });

  app.get(GATEWAY_ROUTES['gateway.cloud.status'].path, async (_req, reply) =>
    reply.type('application/json').send(JSON.stringify(link.status)),
  );

  app.get(GATEWAY_ROUTES['gateway.cloud.problem'].path, async () => ({ problem: link.problem ?? null }));

  app.put(GATEWAY_ROUTES['gateway.cloud.connect'].path, async () => {
    await link.connect();
    return OK;
  });

  app.put(GATEWAY_ROUTES['gateway.cloud.disconnect'].path, async () => {
    await link.disconnect();
    return OK;
  });
}
