import { GATEWAY_ROUTES } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { LocalName } from '../../services/name/localName';

/**
 * GET/PUT /api/gateway/name: the local name shown in the console's header and title. Behind the gateway
 * password when one is set; the cloud relays both (GET is a read, PUT a write: viewers may not rename).
 */
export function localNameRoutes(app: HttpApp, names: LocalName): void {
  const tags = ['gateway'];
  const get = GATEWAY_ROUTES['gateway.name.get'];
  app.route({
    method: get.method,
    url: get.path,
    schema: { tags, summary: get.summary, response: { 200: get.response } },
    handler: () => ({ name: names.get() }),
  });
  const put = GATEWAY_ROUTES['gateway.name.set'];
  app.route({
    method: put.method,
    url: put.path,
    schema: { tags, summary: put.summary, body: put.body, response: { 200: put.response } },
    handler: (req) => ({ name: names.set(req.body.name) }),
  });
}
