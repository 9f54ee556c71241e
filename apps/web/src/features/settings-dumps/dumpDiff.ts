import type { SettingsData } from '@st/protocol';
import { describeHook } from './dumpContent';

export type DumpSection = 'wifi' | 'name' | 'config' | 'hooks' | 'actions';

/** One setting that an import would change: its value in the dump and on the device now. */
export interface DumpDifference {
  section: DumpSection;
  item: string;
  /** undefined: the dump does not have it (the import removes it from the device). */
  dump: string | undefined;
  /** undefined: the device does not have it now (the import adds it). */
  device: string | undefined;
}

const HIDDEN = '••••••';

function compareMaps(
  section: DumpSection,
  dump: ReadonlyMap<string, string>,
  device: ReadonlyMap<string, string>,
): DumpDifference[] {
  const out: DumpDifference[] = [];
  const keys = [...new Set([...dump.keys(), ...device.keys()])].sort();
  for (const item of keys) {
    const a = dump.get(item);
    const b = device.get(item);
    if (a !== b) out.push({ section, item, dump: a, device: b });
  }
  return out;
}

function wifiMap(data: SettingsData): Map<string, string> {
  if (data.wifi === null) return new Map();
  return new Map([
    ['ssid', data.wifi.ssid],
    ['password', data.wifi.password],
    ['mode', String(data.wifi.mode)],
  ]);
}

function hookMap(data: SettingsData): Map<string, string> {
  const map = new Map<string, string>();
  for (const { sensor, hooks } of data.hooks) {
    for (const hook of hooks) map.set(`${sensor} #${hook.id}`, describeHook(hook));
  }
  return map;
}

/** What importing `dump` would change on a device whose settings are now `device` (passwords masked). */
export function diffSettings(dump: SettingsData, device: SettingsData): DumpDifference[] {
  const wifi = compareMaps('wifi', wifiMap(dump), wifiMap(device)).map((d) =>
    d.item === 'password'
      ? {
          ...d,
          dump: d.dump === undefined ? undefined : HIDDEN,
          device: d.device === undefined ? undefined : HIDDEN,
        }
      : d,
  );
  const name: DumpDifference[] =
    dump.name === device.name
      ? []
      : [{ section: 'name', item: 'name', dump: dump.name, device: device.name }];
  return [
    ...wifi,
    ...name,
    ...compareMaps(
      'config',
      new Map(dump.config.map((e) => [e.key, e.value])),
      new Map(device.config.map((e) => [e.key, e.value])),
    ),
    ...compareMaps('hooks', hookMap(dump), hookMap(device)),
    ...compareMaps(
      'actions',
      new Map(dump.actions.map((a) => [a.name, String(a.callDelay)])),
      new Map(device.actions.map((a) => [a.name, String(a.callDelay)])),
    ),
  ];
}
