import type { DeviceCommandName, Features } from '@st/protocol';

export const DEVICE_TABS = [
  'info',
  'actions',
  'sensors',
  'wifi',
  'config',
  'metrics',
  'danger',
  'timeline',
] as const;
export type DeviceTab = (typeof DEVICE_TABS)[number];

/** The feature that switches a tab off, and the command the tab cannot work without. */
const NEEDS: Record<DeviceTab, { feature?: keyof Features; command: DeviceCommandName }> = {
  info: { command: 'getInfo' },
  actions: { feature: 'actions', command: 'getActions' },
  sensors: { feature: 'sensors', command: 'getSensors' },
  wifi: { command: 'getWiFi' },
  config: { feature: 'config', command: 'getConfigValues' },
  metrics: { command: 'getMetrics' },
  danger: { command: 'restart' },
  timeline: { command: 'getInfo' },
};

/**
 * The tabs a device gets, in order: a tab is hidden when its feature is false (a missing key counts as on)
 * or when the gateway does not list the command it needs.
 */
export function visibleTabs(features: Features, commands: readonly string[]): DeviceTab[] {
  return DEVICE_TABS.filter((tab) => {
    const need = NEEDS[tab];
    if (need.feature !== undefined && features[need.feature] === false) return false;
    return commands.includes(need.command);
  });
}

/** Sub-features: hooks per sensor and action scheduling are off only when the device says so. */
export function featureOn(features: Features, key: 'hooks' | 'actionsScheduler'): boolean {
  return features[key] !== false;
}
