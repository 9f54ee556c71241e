import type { DeviceCommandName } from '../device/commands';
import { ROUTES, type RouteName, type Routes } from './catalog';
import { matchRoute } from './paths';

// design.md Round 3: every relayable gateway route and every device command is classed read or write, and the
// cloud refuses a write for a viewer before anything reaches the gateway. The two maps below are typed so a
// route or command added without a class is a type error (and a class for one that no longer exists, too).
// A read whose answer holds a device secret is masked for viewers (./viewerMask.ts: RELAY_SECRET_READS).

export type Access = 'read' | 'write';

/** The gateway routes the cloud may relay (`relayable: true` in the catalog). */
export type RelayableRouteName = {
  [K in RouteName]: Routes[K]['relayable'] extends true ? K : never;
}[RouteName];

/** read: a viewer may call it. write: operator and owner only. */
export const RELAY_ROUTE_ACCESS = {
  'gateway.build': 'read',
  'gateway.device.commands': 'read',
  'gateway.devices.searchEnabled': 'read',
  'gateway.devices.found': 'read',
  'gateway.devices.saved.list': 'read',
  'gateway.devices.saved.add': 'write',
  'gateway.devices.saved.update': 'write',
  'gateway.devices.saved.delete': 'write',
  'gateway.devices.settings.list': 'read',
  'gateway.devices.settings.get': 'read',
  'gateway.devices.settings.create': 'write',
  'gateway.devices.settings.delete': 'write',
  'gateway.devices.logs': 'read',
  'gateway.devices.loggers': 'read',
  // writes the device's config (its log address) again: a device write
  'gateway.devices.loggers.reconnect': 'write',
  'gateway.notifications.list': 'read',
  // removes the notification from the gateway's list for everyone who reads it: not a viewer's to do
  'gateway.notifications.seen': 'write',
  'gateway.ota.firmware.list': 'read',
  'gateway.ota.firmware.add': 'write',
  'gateway.ota.firmware.update': 'write',
  'gateway.ota.firmware.delete': 'write',
  // the firmware file itself: operators run OTA, viewers do not need the images
  'gateway.ota.firmware.download': 'write',
  'gateway.ota.boards': 'read',
  'gateway.ota.upload.start': 'write',
  'gateway.ota.upload.batch': 'write',
  'gateway.ota.upload.active': 'read',
  'gateway.ota.upload.abort': 'write',
  'gateway.ota.upload.history': 'read',
  // alert rules and channels (secrets are never answered); changing them or sending a test is an operator's job
  'gateway.alerts.get': 'read',
  'gateway.alerts.put': 'write',
  'gateway.alerts.test': 'write',
  'gateway.alerts.thresholds.list': 'read',
  'gateway.alerts.thresholds.set': 'write',
  // what fired and where it went (channel ids and delivery errors, never a secret)
  'gateway.alerts.history': 'read',
  'gateway.devices.timeline': 'read',
  'gateway.devices.crashLoops': 'read',
  'gateway.devices.history': 'read',
  'gateway.devices.history.export': 'read',
  'gateway.devices.history.excluded': 'write',
  'gateway.devices.overview': 'read',
  // removes the device from everyone's overview: not a viewer's to do
  'gateway.devices.seen.forget': 'write',
  'gateway.backups.overview': 'read',
  'gateway.backups.schedule.get': 'read',
  'gateway.backups.schedule.set': 'write',
  'gateway.backups.run': 'write',
  'gateway.backups.versions': 'read',
  'gateway.backups.restore': 'write',
  'gateway.backups.restoreAll': 'write',
  // every dump in clear, Wi-Fi passwords included: like exportSettings, not for viewers
  'gateway.backups.archive': 'write',
  'gateway.backups.archive.upload': 'write',
  'gateway.backups.cloud.pull': 'write',
  'gateway.integrations.mqtt.get': 'read',
  'gateway.integrations.mqtt.put': 'write',
  // tags are the user's labels: setting them changes what every reader filters and rolls out by
  'gateway.devices.tags.list': 'read',
  'gateway.devices.tags.set': 'write',
  'gateway.devices.tags.bulk': 'write',
  'gateway.rollouts.list': 'read',
  'gateway.rollouts.get': 'read',
  'gateway.rollouts.devices': 'read',
  // a POST that changes nothing: counts the devices a target matches
  'gateway.rollouts.preview': 'read',
  'gateway.rollouts.create': 'write',
  'gateway.rollouts.action': 'write',
  'gateway.rollouts.delete': 'write',
  'gateway.name.get': 'read',
  'gateway.name.set': 'write',
} as const satisfies Record<RelayableRouteName, Access>;

/**
 * Device commands. Reads show state; writes change it. The settings export is a write: the dump holds the
 * device's secrets (Wi-Fi password), and exporting settings is an operator's job (issue 20).
 */
export const DEVICE_COMMAND_ACCESS = {
  health: 'read',
  // the answer holds the Wi-Fi password in clear text (device-protocol.md 1.7): not for viewers
  getWiFi: 'write',
  setWiFi: 'write',
  getInfo: 'read',
  getActions: 'read',
  saveName: 'write',
  callAction: 'write',
  actionSchedule: 'write',
  getConfigValues: 'read',
  saveConfigValues: 'write',
  deleteConfigValue: 'write',
  deleteAllConfigValues: 'write',
  getSensors: 'read',
  getAllHooks: 'read',
  getHooks: 'read',
  getHookById: 'read',
  getHooksTemplates: 'read',
  testHook: 'write',
  createHook: 'write',
  updateHook: 'write',
  deleteHook: 'write',
  getFeatures: 'read',
  getMetrics: 'read',
  exportSettings: 'write',
  importSettings: 'write',
  restart: 'write',
  wipe: 'write',
} as const satisfies Record<DeviceCommandName, Access>;

/** The gateway-level commands of `POST /api/gateway/requests/command`. */
export const GATEWAY_COMMAND_ACCESS = { PING: 'read' } as const satisfies Record<'PING', Access>;

/** What a relayed call needs; an unknown route or command counts as a write (the gateway refuses it anyway). */
export function relayRequestAccess(method: string, url: string): { access: Access; route?: RouteName } {
  const match = matchRoute('gateway', method, url);
  if (!match || !ROUTES[match.name].relayable) return { access: 'write' };
  const classes: Record<string, Access> = RELAY_ROUTE_ACCESS;
  return { access: classes[match.name] ?? 'write', route: match.name };
}

export function deviceCommandAccess(command: string): Access {
  const classes: Record<string, Access> = DEVICE_COMMAND_ACCESS;
  return Object.hasOwn(classes, command) ? (classes[command] ?? 'write') : 'write';
}
