const NEEDS_ESCAPE = /[\\\r\n:]/;
const ESCAPE_ALL = /[\\\r\n:]/g;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\r': '\\r', '\n': '\\n', ':': '\\c' };

/** STOMP 1.2 header escaping: `\` `\r` `\n` `:` become `\\` `\r` `\n` `\c`. */
export function escapeHeader(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(ESCAPE_ALL, (c) => ESCAPES[c] ?? c);
}

/** Reverses {@link escapeHeader}; `undefined` for an undefined escape sequence (a fatal protocol error). */
export function unescapeHeader(text: string): string | undefined {
  if (!text.includes('\\')) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const next = text[++i];
    if (next === '\\') out += '\\';
    else if (next === 'n') out += '\n';
    else if (next === 'r') out += '\r';
    else if (next === 'c') out += ':';
    else return undefined;
  }
  return out;
}
