import { ApiError, type DeviceInfo, HISTORY_ROUTES, type HistoryQuery, OK } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import { markRestarting } from '../../services/devices/restarts';
import type { SeenDevice } from '../../services/discovery/seenDevices';
import { historyCsv, type SampleHistory } from '../../services/samples/history';
import type { DeviceTags } from '../../services/tags/deviceTags';

export interface HistoryRouteDeps {
  readonly history: SampleHistory;
  /** the devices heard now and the saved ones */
  found(): readonly DeviceInfo[];
  saved(): readonly DeviceInfo[];
  /** the devices seen before and remembered, with when each was last heard */
  seen(): readonly SeenDevice[];
  /** forgets a remembered device; throws when it is online now or not remembered */
  forget(ip: string): void;
  /** a device the gateway knows now (found or saved), by address */
  knows(ip: string): boolean;
  /** device tags: overview rows carry them and filter by `?tag=` */
  readonly tags: DeviceTags;
  /** whether a device is held as restarting on purpose: its overview row says so */
  restarting(ip: string): boolean;
}

const DAY = 24 * 3600_000;

/** `/api/devices/history`, its CSV export, sampling exclusion, and `/api/devices/overview`. */
export function historyRoutes(app: HttpApp, deps: HistoryRouteDeps): void {
  const range = (q: HistoryQuery) => {
    const to = q.to ?? Date.now();
    const from = q.from ?? to - DAY;
    if (from >= to) throw new ApiError('VALIDATION_FAILED', 'from must be before to');
    if (!deps.knows(q.ip) && !deps.history.knows(q.ip)) {
      throw new ApiError('UNKNOWN_DEVICE', `Unknown device: ${q.ip}`);
    }
    return deps.history.history(q.ip, q.sensor, from, to);
  };

  const h = HISTORY_ROUTES['gateway.devices.history'];
  app.route({
    method: h.method,
    url: h.path,
    schema: {
      tags: ['history'],
      summary: h.summary,
      description:
        '`from`, `to`: epoch ms (`to` defaults to now, `from` to 24 h earlier). `sensor`: a sensor name, or ' +
        '`uptime` / `heap`. Answers the finest stored resolution (raw, 5 min, 1 h) that gives at most about ' +
        '1,000 points; `v: null` points are gaps. Text sensors answer their `changes` instead of points.',
      querystring: h.query,
      response: { 200: h.response },
    },
    handler: (req) => range(req.query),
  });

  const e = HISTORY_ROUTES['gateway.devices.history.export'];
  app.route({
    method: e.method,
    url: e.path,
    schema: { tags: ['history'], summary: e.summary, querystring: e.query },
    handler: (req, reply) => {
      const answer = range(req.query);
      const safe = `${answer.ip}-${answer.sensor}`.replace(/[^A-Za-z0-9._-]/g, '_');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${safe}-${answer.from}-${answer.to}.csv"`);
      return reply.send(historyCsv(answer));
    },
  });

  const x = HISTORY_ROUTES['gateway.devices.history.excluded'];
  app.route({
    method: x.method,
    url: x.path,
    schema: {
      tags: ['history'],
      summary: x.summary,
      querystring: x.query,
      body: x.body,
      response: { 200: x.response },
    },
    handler: (req) => {
      if (!deps.knows(req.query.ip)) throw new ApiError('UNKNOWN_DEVICE', `Unknown device: ${req.query.ip}`);
      deps.history.setExcluded(req.query.ip, req.body.excluded);
      return OK;
    },
  });

  const o = HISTORY_ROUTES['gateway.devices.overview'];
  app.route({
    method: o.method,
    url: o.path,
    schema: {
      tags: ['history'],
      summary: o.summary,
      querystring: o.query,
      response: { 200: o.response },
    },
    handler: (req) =>
      markRestarting(
        deps.tags.annotate(deps.history.overview(deps.found(), deps.saved(), deps.seen()), req.query.tag),
        deps.restarting,
      ),
  });

  const f = HISTORY_ROUTES['gateway.devices.seen.forget'];
  app.route({
    method: f.method,
    url: f.path,
    schema: {
      tags: ['history'],
      summary: f.summary,
      description:
        'A saved device stays listed until it is deleted from the saved list. 409 DEVICE_HEARD_NOW while the ' +
        'device is online; 404 UNKNOWN_DEVICE when the gateway has not seen it.',
      querystring: f.query,
      response: { 200: f.response },
    },
    handler: (req) => {
      deps.forget(req.query.ip);
      return OK;
    },
  });
}
