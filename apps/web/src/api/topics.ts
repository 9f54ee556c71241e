import type { ConsoleMode } from '../app/runtime';

/** The live destinations the shell listens to, by mode (design.md, "Live channel"). */
export function topics(mode: ConsoleMode) {
  return {
    /** Cloud only: gateways of the user coming online or going offline. */
    gatewayEvents: '/secured/events',
    notifications: mode === 'cloud' ? '/secured/notifications' : '/notifications',
    /** Gateway only: the gateway's cloud-link status. */
    connectionStatus: '/connection/status',
  } as const;
}
