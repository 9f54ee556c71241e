import { jsonObject } from '../arduino-json';
import type { DeviceContext } from '../context';
import { ALL_ALLOW, ALL_METHODS, empty, error, type Route, rawJson } from '../reply';

/** `/config` and `/config/delete/all` (device-protocol.md §1.11). */
export function configRoutes(dev: DeviceContext): Route[] {
  return [
    {
      match: { prefix: '/config' },
      methods: ALL_METHODS,
      allowMethods: ALL_ALLOW,
      cors: true,
      handle: (req) => {
        if (req.path === '/config/delete/all' && req.method === 'DELETE') {
          dev.clearConfig();
          return empty(200);
        }
        if (req.path !== '/config') return undefined;
        if (req.method === 'GET') {
          return rawJson(200, JSON.stringify(Object.fromEntries(dev.configEntries())));
        }
        if (req.method === 'POST') {
          dev.replaceConfig(jsonObject(req.body) ?? {});
          return empty(200);
        }
        if (req.method === 'DELETE') {
          // Firmware reads the query only; a JSON body is ignored.
          const name = req.query.get('name');
          if (name === null || name === '') return error(400, 'Config name is missing', 'content/json');
          return dev.deleteConfig(name) ? empty(200) : error(404, 'No such config entry', 'content/json');
        }
        return undefined;
      },
    },
  ];
}
