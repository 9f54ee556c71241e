import { HOOK_TYPES, type HookType, type ListedCompareType } from './hooks';
import { type ParseResult, parsed, rejected } from './result';
import type { SettingsDump } from './settings-dump-shape';

// What the five dump partitions mean (device-protocol.md §4.6, §6).

export interface StoredHookBase {
  id: number;
  compareType: ListedCompareType;
  triggerEnabled: boolean;
  /** Number sensors: `<trigger>_<threshold>` (see splitNumberTrigger); text sensors: the trigger text. */
  trigger: string;
}
export type StoredHook = StoredHookBase &
  (
    | { type: 'action'; action: string }
    | { type: 'http'; url: string; method: number; payload: string }
    | { type: 'notification'; notificationType: number; message: string; gatewayUrl?: string }
  );

export interface SettingsData {
  /** null when the device has no WiFi settings (empty partition). */
  wifi: { ssid: string; password: string; mode: number } | null;
  name: string;
  config: { key: string; value: string }[];
  hooks: { sensor: string; hooks: StoredHook[] }[];
  actions: { name: string; callDelay: number }[];
}

const COMPARE_BY_DIGIT: readonly ListedCompareType[] = ['', 'eq', 'neq', 'gte', 'lte'];
const TYPE_DIGIT: Record<HookType, number> = { action: 2, http: 3, notification: 4 };

/** Splits on `;`, reading `|;` as a literal `;`. */
export function splitEscaped(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '|' && text[i + 1] === ';') {
      cur += ';';
      i++;
    } else if (c === ';') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

export function escapeField(text: string): string {
  return text.replaceAll(';', '|;');
}

function pairs(section: string, what: string): ParseResult<[string, string][]> {
  if (section === '') return parsed([]);
  const tokens = splitEscaped(section);
  if (tokens.length % 2 === 1 && tokens[tokens.length - 1] === '') tokens.pop();
  if (tokens.length % 2 === 1) return rejected(`${what} partition has a key without a value`);
  const out: [string, string][] = [];
  for (let i = 0; i < tokens.length; i += 2) out.push([tokens[i] ?? '', tokens[i + 1] ?? '']);
  return parsed(out);
}

function decodeHook(record: string, sensor: string): ParseResult<StoredHook> {
  const tokens = splitEscaped(record);
  const head = tokens[0] ?? '';
  const m = /^([1-4])(\d\d)([0-4])([01])(.*)$/s.exec(head);
  if (!m) return rejected(`hook record "${record}" of sensor ${sensor} is malformed`);
  const [, t = '', id = '', cmp = '', trig = '', trigger = ''] = m;
  const base = {
    id: Number(id),
    compareType: COMPARE_BY_DIGIT[Number(cmp)] ?? '',
    triggerEnabled: trig === '1',
    trigger,
  };
  const rest = tokens.slice(1);
  const bad = rejected<StoredHook>(`hook ${base.id} of sensor ${sensor} has malformed fields`);
  const type = HOOK_TYPES[Number(t) - 2];
  if (type === 'action')
    return rest.length === 1 && rest[0] ? parsed({ ...base, type, action: rest[0] }) : bad;
  if (type === 'http') {
    if (rest.length === 4 && rest[3] === '') rest.pop();
    const [url = '', method = '', payload = ''] = rest;
    if (rest.length !== 3 || url === '' || !/^[1-5]$/.test(method)) return bad;
    return parsed({ ...base, type, url, method: Number(method), payload });
  }
  if (type === 'notification') {
    const [msg = '', gatewayUrl] = rest;
    if (rest.length < 1 || rest.length > 2 || !/^[1-3]/.test(msg)) return bad;
    const hook: StoredHook = { ...base, type, notificationType: Number(msg[0]), message: msg.slice(1) };
    return parsed(gatewayUrl === undefined ? hook : { ...hook, gatewayUrl });
  }
  return rejected(`hook of sensor ${sensor} has type 1 (lambda), which is never stored`);
}

/** Reads every partition; rejects the first malformed one with a reason. */
export function decodeSettingsSections(dump: SettingsDump): ParseResult<SettingsData> {
  let wifi: SettingsData['wifi'] = null;
  if (dump.wifi !== '') {
    const [ssid = '', password = '', mode = '', ...extra] = splitEscaped(dump.wifi);
    if (extra.length > 0 || !/^\d+$/.test(mode)) return rejected('wifi partition must be ssid;password;mode');
    wifi = { ssid, password, mode: Number(mode) };
  }
  const config = pairs(dump.config, 'config');
  if (!config.ok) return config;
  const actions = pairs(dump.actions, 'actions');
  if (!actions.ok) return actions;
  if (actions.value.some(([, d]) => !/^\d+$/.test(d)))
    return rejected('actions partition has a non-numeric delay');
  const hooks: SettingsData['hooks'] = [];
  if (dump.hooks !== '') {
    if (!dump.hooks.endsWith('\n')) return rejected('hooks partition must end with a line break');
    for (const line of dump.hooks.slice(0, -1).split('\n')) {
      const [sensor = '', ...records] = line.split('\t');
      if (sensor === '' || records.length === 0)
        return rejected('hooks partition has a line without sensor or hooks');
      const list: StoredHook[] = [];
      for (const r of records) {
        const h = decodeHook(r, sensor);
        if (!h.ok) return h;
        list.push(h.value);
      }
      hooks.push({ sensor, hooks: list });
    }
  }
  return parsed({
    wifi,
    name: dump.name,
    config: config.value.map(([key, value]) => ({ key, value })),
    hooks,
    actions: actions.value.map(([name, d]) => ({ name, callDelay: Number(d) })),
  });
}

function encodeHook(h: StoredHook): string {
  const head = `${TYPE_DIGIT[h.type]}${String(h.id).padStart(2, '0')}${Math.max(0, COMPARE_BY_DIGIT.indexOf(h.compareType))}${h.triggerEnabled ? 1 : 0}${escapeField(h.trigger)}`;
  if (h.type === 'action') return `${head};${escapeField(h.action)}`;
  if (h.type === 'http') return `${head};${escapeField(h.url)};${h.method};${escapeField(h.payload)};`;
  const msg = `${head};${h.notificationType}${escapeField(h.message)}`;
  return h.gatewayUrl === undefined ? msg : `${msg};${h.gatewayUrl}`;
}

/** The partitions a device would store for this data (config/actions without a trailing `;`). */
export function encodeSettingsSections(data: SettingsData): SettingsDump {
  const wifi = data.wifi
    ? `${escapeField(data.wifi.ssid)};${escapeField(data.wifi.password)};${data.wifi.mode}`
    : '';
  const config = data.config.map((e) => `${e.key};${escapeField(e.value)}`).join(';');
  const actions = data.actions.map((a) => `${a.name};${a.callDelay}`).join(';');
  const hooks = data.hooks.map((s) => `${[s.sensor, ...s.hooks.map(encodeHook)].join('\t')}\n`).join('');
  return { wifi, name: data.name, config, hooks, actions };
}

/** `<trigger>_<threshold>` of a number-sensor hook. */
export function splitNumberTrigger(raw: string): { trigger: number; threshold: number } | undefined {
  const m = /^(-?\d+)_(-?\d+)$/.exec(raw);
  return m ? { trigger: Number(m[1]), threshold: Number(m[2]) } : undefined;
}

export function joinNumberTrigger(trigger: number, threshold: number): string {
  return `${Math.trunc(trigger)}_${Math.trunc(threshold)}`;
}
