import { randomUUID } from 'node:crypto';
import { ALERT_ROUTES, type AlertPayload, ApiError } from '@st/protocol';
import { type HttpApp, sendAlert, sendError } from '@st/server-kit';
import type { RequestAuth } from '../http/requestAuth';
import type { CloudAlertStore } from './store';

/** The signed-in user's own alert settings (`/api/alerts`): a user session is required, others get 401/403. */
export function registerAlertRoutes(app: HttpApp, deps: { store: CloudAlertStore; auth: RequestAuth }): void {
  const { store, auth } = deps;
  const tags = ['alerts'];
  const get = ALERT_ROUTES['cloud.alerts.get'];
  app.route({
    method: get.method,
    url: get.path,
    schema: { tags, summary: get.summary, response: { 200: get.response } },
    handler: async (req) => store.getPublic((await auth.user(req)).userId),
  });
  const put = ALERT_ROUTES['cloud.alerts.put'];
  app.route({
    method: put.method,
    url: put.path,
    schema: { tags, summary: put.summary, body: put.body, response: { 200: put.response } },
    handler: async (req) => store.put((await auth.user(req)).userId, req.body),
  });
  const test = ALERT_ROUTES['cloud.alerts.test'];
  app.route({
    method: test.method,
    url: test.path,
    schema: { tags, summary: test.summary, querystring: test.query, response: { 200: test.response } },
    handler: async (req) => {
      const user = await auth.user(req);
      const channel = (await store.get(user.userId)).channels.find((c) => c.id === req.query.channel);
      if (!channel) throw new ApiError('ALERT_CHANNEL_NOT_FOUND');
      const payload: AlertPayload = {
        id: `test/${randomUUID()}`,
        kind: 'test',
        gateway: { id: '', name: 'SmartThing cloud' },
        at: Date.now(),
        text: 'Test alert from the SmartThing cloud',
      };
      try {
        await sendAlert(channel, payload);
        return { ok: true };
      } catch (err) {
        return { ok: false, error: sendError(err) };
      }
    },
  });
}
