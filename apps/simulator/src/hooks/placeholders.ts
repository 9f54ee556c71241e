import type { Board } from '@st/protocol';

// Placeholder substitution of http url/payload and notification message (device-protocol.md §4.5).

/**
 * `{v}` -> the value; `{key}` -> that config value ('' when unknown). An unclosed `{key` at the end stays
 * literal; a `{` inside an open placeholder emits `{` + the partial key and starts again. On esp8266 the
 * value placeholder never matches (the firmware compares the key with the literal `{v}`), so `{v}` is read
 * as the config entry `v`: nothing, unless such an entry exists (device-protocol.md §4.5, §11.6).
 */
export function resolvePlaceholders(
  text: string,
  value: string,
  config: (key: string) => string | undefined,
  board: Board,
): string {
  let out = '';
  let key: string | null = null;
  for (const c of text) {
    if (key === null) {
      if (c === '{') key = '';
      else out += c;
    } else if (c === '{') {
      out += `{${key}`;
      key = '';
    } else if (c === '}') {
      out += key === 'v' && board === 'esp32' ? value : (config(key) ?? '');
      key = null;
    } else key += c;
  }
  if (key !== null) out += `{${key}`;
  return out;
}
