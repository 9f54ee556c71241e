import {
  decodeSettingsSections,
  escapeField,
  formatSettingsDump,
  parseSettingsDump,
  type SettingsData,
  type StoredHook,
  splitEscaped,
} from '@st/protocol';

/** What a secret shows as until the user reveals it. */
export const SECRET_MASK = '••••••';

export type DecodedDump = { ok: true; data: SettingsData } | { ok: false; reason: string };

/** A dump's text read with the protocol's settings-dump codec. */
export function decodeDump(text: string): DecodedDump {
  const dump = parseSettingsDump(text.trim());
  if (!dump.ok) return { ok: false, reason: dump.error };
  const sections = decodeSettingsSections(dump.value);
  return sections.ok ? { ok: true, data: sections.value } : { ok: false, reason: sections.error };
}

/** Whether an export holds nothing worth saving (spec: 'Device settings dump is empty'). */
export function isEmptyDump(text: string): boolean {
  if (text.trim() === '') return true;
  const decoded = decodeDump(text);
  if (!decoded.ok) return false;
  const { wifi, name, config, hooks, actions } = decoded.data;
  return wifi === null && name === '' && config.length === 0 && hooks.length === 0 && actions.length === 0;
}

/** One hook in words: `#3 http → POST? https://…` style, enough to tell hooks apart. */
export function describeHook(hook: StoredHook): string {
  const trigger = hook.triggerEnabled ? ` [${hook.compareType || '='} ${hook.trigger}]` : '';
  switch (hook.type) {
    case 'action':
      return `#${hook.id} action: ${hook.action}${trigger}`;
    case 'http':
      return `#${hook.id} http: ${hook.url}${hook.payload === '' ? '' : ` (${hook.payload})`}${trigger}`;
    case 'notification':
      return `#${hook.id} notification: ${hook.message}${trigger}`;
  }
}

/**
 * The dump's text with the WiFi password masked, for showing (never for importing: its header counts the
 * mask's bytes). A text the codec cannot read is shown as it is.
 */
export function maskDumpSecrets(text: string): string {
  const dump = parseSettingsDump(text.trim());
  if (!dump.ok || dump.value.wifi === '') return text;
  const [ssid = '', password = '', mode = ''] = splitEscaped(dump.value.wifi);
  if (password === '') return text;
  return formatSettingsDump({ ...dump.value, wifi: `${escapeField(ssid)};${SECRET_MASK};${mode}` });
}
