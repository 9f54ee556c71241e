import { ALERT_ROUTES, ALERT_SENDER_HEADER, ApiError } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { DeviceHealth } from '../../services/alerts/index';

/** `/api/alerts` (rules, channels, test, per-device thresholds, history) and the device timeline and crash loops. */
export function deviceHealthRoutes(app: HttpApp, health: DeviceHealth): void {
  const tags = ['alerts'];
  const get = ALERT_ROUTES['gateway.alerts.get'];
  app.route({
    method: get.method,
    url: get.path,
    schema: { tags, summary: get.summary, response: { 200: get.response } },
    handler: () => health.settings.getPublic(),
  });
  const put = ALERT_ROUTES['gateway.alerts.put'];
  app.route({
    method: put.method,
    url: put.path,
    schema: { tags, summary: put.summary, body: put.body, response: { 200: put.response } },
    handler: (req) => health.settings.put(req.body),
  });
  const test = ALERT_ROUTES['gateway.alerts.test'];
  app.route({
    method: test.method,
    url: test.path,
    schema: { tags, summary: test.summary, querystring: test.query, response: { 200: test.response } },
    handler: (req) => {
      // an alert sender calling a Test route is a channel pointed back at a gateway: one delivery, no loop
      if (req.headers[ALERT_SENDER_HEADER] !== undefined) throw new ApiError('ALERT_TEST_LOOP');
      return health.test(req.query.channel);
    },
  });
  const thresholds = ALERT_ROUTES['gateway.alerts.thresholds.list'];
  app.route({
    method: thresholds.method,
    url: thresholds.path,
    schema: { tags, summary: thresholds.summary, response: { 200: thresholds.response } },
    handler: () => health.thresholds.list(),
  });
  const threshold = ALERT_ROUTES['gateway.alerts.thresholds.set'];
  app.route({
    method: threshold.method,
    url: threshold.path,
    schema: { tags, summary: threshold.summary, body: threshold.body, response: { 200: threshold.response } },
    handler: (req) => health.thresholds.set(req.body.ip, req.body.offlineAfter),
  });
  const history = ALERT_ROUTES['gateway.alerts.history'];
  app.route({
    method: history.method,
    url: history.path,
    schema: {
      tags,
      summary: history.summary,
      querystring: history.query,
      response: { 200: history.response },
    },
    handler: (req) => health.outbox.history(req.query),
  });
  const timeline = ALERT_ROUTES['gateway.devices.timeline'];
  app.route({
    method: timeline.method,
    url: timeline.path,
    schema: {
      tags: ['devices'],
      summary: timeline.summary,
      querystring: timeline.query,
      response: { 200: timeline.response },
    },
    handler: (req) => health.store.query(req.query),
  });
  const loops = ALERT_ROUTES['gateway.devices.crashLoops'];
  app.route({
    method: loops.method,
    url: loops.path,
    schema: { tags: ['devices'], summary: loops.summary, response: { 200: loops.response } },
    handler: () => health.rules.crashLoops(),
  });
}
