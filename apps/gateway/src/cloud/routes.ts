import { CloudLoginPayload, OK } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { CloudLink } from './link';

/** `/api/cloud/*`: the gateway's cloud connection, for the local console only (never relayed). */
export function registerCloudRoutes(app: HttpApp, link: CloudLink): void {
  app.get('/api/cloud/identity', async () => link.identity ?? null);

  app.post('/api/cloud/login', { schema: { body: CloudLoginPayload } }, async (req) =>
    link.login(req.body.cloudUrl, req.body.token),
  );

  app.delete('/api/cloud/logout', async () => {
    await link.logout();
    return OK;
  });

  app.get('/api/cloud/config', async () => {
    const cloudUrl = link.cloudUrl;
    return cloudUrl ? { cloudUrl } : null;
  });

  app.get('/api/cloud/connection/status', async (_req, reply) =>
    reply.type('application/json').send(JSON.stringify(link.status)),
  );

  app.put('/api/cloud/connection/connect', async () => {
    await link.connect();
    return OK;
  });

  app.put('/api/cloud/connection/disconnect', async () => {
    await link.disconnect();
    return OK;
  });
}
