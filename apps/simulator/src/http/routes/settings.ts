import type { DeviceContext } from '../context';
import { ALL_ALLOW, ALL_METHODS, error, type Route, rawJson } from '../reply';

/** `GET/POST /settings`: raw dump export (typed application/json), import then reboot without answer. */
export function settingsRoutes(dev: DeviceContext): Route[] {
  return [
    {
      match: { exact: '/settings' },
      methods: ALL_METHODS,
      allowMethods: ALL_ALLOW,
      cors: true,
      handle: (req) => {
        if (req.method === 'GET') return rawJson(200, dev.exportDump());
        if (req.method !== 'POST') return undefined;
        if (req.body === '') return error(400, 'Body is missing');
        if (!dev.importDump(req.body)) return error(500, 'Settings import failed! Check logs for details');
        dev.log(30, 'settings_handler', `Settings imported, restart in ${dev.importRebootDelayMs}ms`);
        return { kind: 'hang', after: () => dev.reboot(dev.importRebootDelayMs) };
      },
    },
  ];
}
