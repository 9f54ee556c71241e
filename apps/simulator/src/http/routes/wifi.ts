import { SSID_MAX, WIFI_MODES, WIFI_PASSWORD_MIN } from '@st/protocol';
import { asInt, asString, jsonObject } from '../arduino-json';
import type { DeviceContext } from '../context';
import { ALL_ALLOW, ALL_METHODS, empty, error, json, type Route } from '../reply';

/** `GET/POST /wifi` (device-protocol.md §1.7). */
export function wifiRoutes(dev: DeviceContext): Route[] {
  return [
    {
      match: { prefix: '/wifi' },
      methods: ALL_METHODS,
      allowMethods: ALL_ALLOW,
      cors: true,
      handle: (req) => {
        if (req.path !== '/wifi') return undefined;
        if (req.method === 'GET') return json(200, { settings: dev.wifi(), modes: WIFI_MODES });
        if (req.method !== 'POST') return undefined;
        if (req.body === '') return error(400, 'Body is missing');
        const o = jsonObject(req.body) ?? {};
        const ssid = asString(o.ssid);
        const password = asString(o.password);
        const mode = asInt(o.mode);
        if (ssid === '') return error(400, 'Ssid is missing');
        if (ssid.length > SSID_MAX) return error(400, 'Ssid is too big (32 symbols max)');
        if (password.length > 0 && password.length < WIFI_PASSWORD_MIN) {
          return error(400, 'Bad password (it should be blank or contains at least 8 symbols)');
        }
        if (mode < 1 || mode > 5) return error(400, 'Unkown wifi mode');
        dev.saveWifi({ ssid, password, mode });
        return empty(200);
      },
    },
  ];
}
