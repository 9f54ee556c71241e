import type { DeviceContext } from '../context';
import { type Route, text } from '../reply';

/** `POST /danger/restart`, `POST /danger/wipe`; any other POST under /danger never answers (quirk). */
export function dangerRoutes(dev: DeviceContext): Route[] {
  return [
    {
      match: { prefix: '/danger' },
      methods: ['POST', 'OPTIONS'],
      allowMethods: 'POST, OPTIONS',
      cors: true,
      handle: (req) => {
        const ms = dev.restartDelayMs;
        if (req.path === '/danger/restart') {
          dev.log(30, 'danger_handler', '---------RESTART---------');
          return { ...text(200, 'Restart in 2000ms', false), after: () => dev.reboot(ms) };
        }
        if (req.path === '/danger/wipe') {
          dev.wipe();
          dev.log(30, 'danger_handler', '---------WIPE---------');
          return { ...text(200, 'Settings wiped! Restart in 2000ms', false), after: () => dev.reboot(ms) };
        }
        return { kind: 'hang' };
      },
    },
  ];
}
