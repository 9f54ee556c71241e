import {
  CONFIG_GATEWAY,
  CONFIG_LOG_ADDRESS,
  decodeSettingsSections,
  encodeSettingsSections,
  formatSettingsDump,
  parseSettingsDump,
  type SettingsData,
  type StoredHook,
  type WifiSettings,
} from '@st/protocol';

export const DEFAULT_NAME = 'st-device';

/** The settings a device keeps in flash (everything the dump carries). */
export class DeviceSettings {
  name: string;
  nameSaved: boolean;
  wifi: WifiSettings;
  readonly config = new Map<string, string>();
  readonly schedules = new Map<string, number>();

  constructor(
    name: string,
    wifi: WifiSettings,
    readonly declaredKeys: readonly string[],
  ) {
    this.name = name;
    this.nameSaved = true;
    this.wifi = wifi;
    for (const k of declaredKeys) this.config.set(k, '');
  }

  static declaredKeys(kindKeys: readonly string[], logger: boolean, hooks: boolean): string[] {
    return [...kindKeys, ...(logger ? [CONFIG_LOG_ADDRESS] : []), ...(hooks ? [CONFIG_GATEWAY] : [])];
  }

  wipe(): void {
    this.name = DEFAULT_NAME;
    this.nameSaved = false;
    this.wifi = { ssid: '', password: '', mode: 0 };
    for (const k of this.config.keys()) this.config.set(k, '');
    this.schedules.clear();
  }

  toDump(hooks: SettingsData['hooks']): string {
    const w = this.wifi;
    const data: SettingsData = {
      wifi: w.ssid === '' && w.password === '' && w.mode === 0 ? null : w,
      name: this.nameSaved ? this.name : '',
      config: [...this.config].filter(([, v]) => v !== '').map(([key, value]) => ({ key, value })),
      hooks,
      actions: [...this.schedules].filter(([, d]) => d > 0).map(([name, callDelay]) => ({ name, callDelay })),
    };
    return formatSettingsDump(encodeSettingsSections(data));
  }

  /** Reads a dump into these settings; returns its hooks, or an error when the dump is not valid. */
  applyDump(
    text: string,
    actionNames: readonly string[],
  ): { ok: true; hooks: { sensor: string; hooks: StoredHook[] }[] } | { ok: false; error: string } {
    const parsed = parseSettingsDump(text.trim());
    if (!parsed.ok) return parsed;
    const data = decodeSettingsSections(parsed.value);
    if (!data.ok) return data;
    const d = data.value;
    this.wifi = d.wifi ?? { ssid: '', password: '', mode: 0 };
    this.nameSaved = d.name !== '';
    this.name = d.name || DEFAULT_NAME;
    for (const k of this.config.keys()) this.config.set(k, '');
    for (const e of d.config) if (this.config.has(e.key)) this.config.set(e.key, e.value);
    this.schedules.clear();
    for (const a of d.actions) if (actionNames.includes(a.name)) this.schedules.set(a.name, a.callDelay);
    return { ok: true, hooks: d.hooks };
  }
}
