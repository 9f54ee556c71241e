import type { DeviceContext } from '../context';
import { json, type Route } from '../reply';

/** `GET /sensors` (device-protocol.md §1.9). */
export function sensorRoutes(dev: DeviceContext): Route[] {
  return [
    {
      match: { prefix: '/sensors' },
      methods: ['GET', 'OPTIONS'],
      allowMethods: 'GET, OPTIONS',
      cors: true,
      handle: (req) => (req.path === '/sensors' ? json(200, dev.sensorValues()) : undefined),
    },
  ];
}
