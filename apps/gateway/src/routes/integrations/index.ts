import { INTEGRATION_ROUTES } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { MqttIntegration } from '../../services/mqtt/mqttIntegration';

/** GET/PUT /api/integrations/mqtt (gateway mode has no login; the cloud relays them for the gateway's users). */
export function integrationRoutes(app: HttpApp, mqtt: MqttIntegration): void {
  const tags = ['integrations'];
  const get = INTEGRATION_ROUTES['gateway.integrations.mqtt.get'];
  app.route({
    method: get.method,
    url: get.path,
    schema: { tags, summary: get.summary, response: { 200: get.response } },
    handler: () => mqtt.view(),
  });
  const put = INTEGRATION_ROUTES['gateway.integrations.mqtt.put'];
  app.route({
    method: put.method,
    url: put.path,
    schema: { tags, summary: put.summary, body: put.body, response: { 200: put.response } },
    handler: (req) => mqtt.update(req.body),
  });
}
