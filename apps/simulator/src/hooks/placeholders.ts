// Placeholder substitution of http url/payload and notification message (device-protocol.md §4.5).

/**
 * `{v}` -> the value; `{key}` -> that config value ('' when unknown). An unclosed `{key` at the end stays
 * literal; a `{` inside an open placeholder emits `{` + the partial key and starts again.
 */
export function resolvePlaceholders(
  text: string,
  value: string,
  config: (key: string) => string | undefined,
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
      out += key === 'v' ? value : (config(key) ?? '');
      key = null;
    } else key += c;
  }
  if (key !== null) out += `{${key}`;
  return out;
}
