import { jsonObject } from '../arduino-json';
import type { DeviceContext } from '../context';
import { ALL_ALLOW, ALL_METHODS, empty, error, json, type Route } from '../reply';

/** `/actions/info`, `/actions/call?name=`, `PUT /actions/schedule` (device-protocol.md §1.8). */
export function actionRoutes(dev: DeviceContext): Route[] {
  return [
    {
      match: { prefix: '/actions' },
      methods: ALL_METHODS,
      allowMethods: ALL_ALLOW,
      cors: true,
      handle: (req) => {
        if (req.method === 'GET' && req.path === '/actions/info') return json(200, dev.actionList());
        if (req.method === 'GET' && req.path === '/actions/call') {
          const name = req.query.get('name');
          if (name === null) return error(400, 'Parameter action is missing!');
          const ok = dev.callAction(name);
          if (ok === undefined) return error(400, 'Failed to find action with given name');
          return ok ? empty(200) : error(500, 'Failed to execute action');
        }
        if (req.method === 'PUT' && req.path === '/actions/schedule' && dev.features.actionsScheduler) {
          if (req.body === '') return error(400, 'Request body is missing');
          const o = jsonObject(req.body) ?? {};
          if (o.name === undefined || o.callDelay === undefined) {
            return error(400, 'Name and callDelay params reuqired in body');
          }
          const delay =
            typeof o.callDelay === 'number'
              ? Math.trunc(o.callDelay)
              : Number.parseInt(String(o.callDelay), 10);
          const ok =
            typeof o.name === 'string' &&
            Number.isFinite(delay) &&
            dev.scheduleAction(o.name, Math.max(0, delay));
          return ok ? empty(200) : error(500, 'Action delay update failed. Check logs for more information.');
        }
        return undefined;
      },
    },
  ];
}
