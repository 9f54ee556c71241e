import { randomUUID } from 'node:crypto';
import { ALERT_ROUTES, ALERT_SENDER_HEADER, type AlertPayload, ApiError } from '@st/protocol';
import {
  AlertDestinationError,
  type AlertDestinations,
  type HttpApp,
  type Logger,
  type RateLimiter,
  sendAlert,
  sendError,
} from '@st/server-kit';
import type { RequestAuth } from '../http/requestAuth';
import type { CloudAlertStore } from './store';

export interface AlertRouteDeps {
  readonly store: CloudAlertStore;
  readonly auth: RequestAuth;
  /** public addresses on the usual ports, plus the operator's allow-list */
  readonly destinations: AlertDestinations;
  /** Test sends per user */
  readonly testLimit: RateLimiter;
  readonly logger: Logger;
}

/**
 * What a failed Test answers: one text for every failure (refused address, no answer, any HTTP status), so
 * the cloud cannot be used to tell which internal ports are open or what a server answers. The log has why.
 */
export const ALERT_TEST_FAILED =
  'The test alert could not be delivered: the destination did not answer, refused it, or is not an address alerts may go to';

/** The signed-in user's own alert settings (`/api/alerts`): a user session is required, others get 401/403. */
export function registerAlertRoutes(app: HttpApp, deps: AlertRouteDeps): void {
  const { store, auth, destinations } = deps;
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
    handler: async (req) => store.put((await auth.user(req)).userId, req.body, destinations),
  });
  const running = new Set<string>();
  const test = ALERT_ROUTES['cloud.alerts.test'];
  app.route({
    method: test.method,
    url: test.path,
    schema: { tags, summary: test.summary, querystring: test.query, response: { 200: test.response } },
    handler: async (req, reply) => {
      if (req.headers[ALERT_SENDER_HEADER] !== undefined) throw new ApiError('ALERT_TEST_LOOP');
      const user = await auth.user(req);
      const channel = (await store.get(user.userId)).channels.find((c) => c.id === req.query.channel);
      if (!channel) throw new ApiError('ALERT_CHANNEL_NOT_FOUND');
      const key = `${user.userId}/${channel.id}`;
      if (running.has(key)) throw new ApiError('ALERT_TEST_RUNNING');
      const wait = await deps.testLimit.hit(user.userId);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new ApiError('RATE_LIMITED', `Too many test alerts. Try again in ${wait} s.`);
      }
      const payload: AlertPayload = {
        id: `test/${randomUUID()}`,
        kind: 'test',
        gateway: { id: '', name: 'SmartThing cloud' },
        at: Date.now(),
        text: 'Test alert from the SmartThing cloud',
      };
      running.add(key);
      try {
        await sendAlert(channel, payload, { destinations });
        return { ok: true };
      } catch (err) {
        const refused = err instanceof AlertDestinationError ? err.reason : undefined;
        deps.logger.info({ channel: channel.id, reason: sendError(err), refused }, 'test alert failed');
        return { ok: false, error: ALERT_TEST_FAILED };
      } finally {
        running.delete(key);
      }
    },
  });
}
