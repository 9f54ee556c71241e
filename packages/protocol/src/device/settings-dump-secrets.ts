import { formatSettingsDump, parseSettingsDump } from './settings-dump';
import { escapeField, splitEscaped } from './settings-sections';

// A settings dump holds one secret: the Wi-Fi password of its wifi partition (device-protocol.md §6), the same
// one `getWiFi` answers. Everything else in it (name, config values, hooks, actions) is what a viewer already
// reads with the read commands.

/** What a secret shows as when the reader may not see it. */
export const DUMP_SECRET_MASK = '••••••';

/**
 * The dump with its Wi-Fi password replaced by DUMP_SECRET_MASK (a dump the codec reads, for showing; importing it
 * would set that text as the password). A dump without a password comes back unchanged; one the codec cannot read
 * comes back empty, since where its secret sits is unknown.
 */
export function maskSettingsDumpSecrets(text: string): string {
  const dump = parseSettingsDump(text.trim());
  if (!dump.ok) return '';
  if (dump.value.wifi === '') return text;
  const [ssid = '', password = '', mode = ''] = splitEscaped(dump.value.wifi);
  if (password === '') return text;
  try {
    return formatSettingsDump({ ...dump.value, wifi: `${escapeField(ssid)};${DUMP_SECRET_MASK};${mode}` });
  } catch {
    // the mask is longer than the password and the area was full: an empty password says as little
    return formatSettingsDump({ ...dump.value, wifi: `${escapeField(ssid)};;${mode}` });
  }
}

/** What a dump whose Wi-Fi password is the mask is refused with: importing it would set the mask as password. */
export const MASKED_DUMP_MESSAGE =
  'These settings hold a masked Wi-Fi password (as a viewer sees them); import settings with the real password';

/** Whether the dump's Wi-Fi password is DUMP_SECRET_MASK: a viewer's copy, never to be imported or stored. */
export function hasMaskedSecret(text: string): boolean {
  const dump = parseSettingsDump(text.trim());
  if (!dump.ok || dump.value.wifi === '') return false;
  const [, password = ''] = splitEscaped(dump.value.wifi);
  return password === DUMP_SECRET_MASK;
}
