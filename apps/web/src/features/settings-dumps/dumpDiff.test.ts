import { encodeSettingsSections, formatSettingsDump, type SettingsData } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { decodeDump, isEmptyDump } from './dumpContent';
import { diffSettings } from './dumpDiff';

const settings: SettingsData = {
  wifi: { ssid: 'home', password: 'secret', mode: 1 },
  name: 'kitchen-lamp',
  config: [
    { key: 'brightness', value: '80' },
    { key: 'room', value: 'kitchen' },
  ],
  hooks: [
    {
      sensor: 'button',
      hooks: [
        { id: 1, type: 'action', action: 'toggle', compareType: 'eq', triggerEnabled: true, trigger: '1' },
      ],
    },
  ],
  actions: [{ name: 'toggle', callDelay: 0 }],
};

const dumpOf = (data: SettingsData) => formatSettingsDump(encodeSettingsSections(data));

describe('settings dumps in the console', () => {
  it('reads a dump into its settings and tells an empty one apart', () => {
    const decoded = decodeDump(dumpOf(settings));
    expect(decoded).toEqual({ ok: true, data: settings });
    expect(isEmptyDump('000000000000000')).toBe(true);
    expect(isEmptyDump('')).toBe(true);
    expect(isEmptyDump(dumpOf(settings))).toBe(false);
    expect(decodeDump('{"old":"json"}').ok).toBe(false);
  });

  it('lists what an import would change, hiding passwords', () => {
    const device: SettingsData = {
      ...settings,
      wifi: { ssid: 'home', password: 'other', mode: 1 },
      name: 'hall-lamp',
      config: [{ key: 'brightness', value: '20' }],
      hooks: [],
      actions: [{ name: 'toggle', callDelay: 5000 }],
    };
    expect(diffSettings(settings, device)).toEqual([
      { section: 'wifi', item: 'password', dump: '••••••', device: '••••••' },
      { section: 'name', item: 'name', dump: 'kitchen-lamp', device: 'hall-lamp' },
      { section: 'config', item: 'brightness', dump: '80', device: '20' },
      { section: 'config', item: 'room', dump: 'kitchen', device: undefined },
      { section: 'hooks', item: 'button #1', dump: '#1 action: toggle [eq 1]', device: undefined },
      { section: 'actions', item: 'toggle', dump: '0', device: '5000' },
    ]);
    expect(diffSettings(settings, settings)).toEqual([]);
  });
});
