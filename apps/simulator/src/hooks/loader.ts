import { escapeField, type StoredHook } from '@st/protocol';

/** `String::toInt()` (atol): leading blanks, an optional sign, then digits; anything else gives 0. */
function toInt(text: string): number {
  const m = /^\s*([+-]?\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}

/**
 * A stored hook as SmartThingLib 1.0 builds it back at boot or import; undefined = it cannot be built (a
 * "ghost" hook). The http hook loader splits the stored `<url>;<method>;<payload>;` on every `;` before
 * turning `|;` back into `;` (device-protocol.md §11.7): a `;` in the url moves the rest of the url into the
 * method (the hook is lost unless that text starts with a method number 1..5), and a `;` in the payload cuts
 * the payload there (`a;b` comes back as `a|`). Other hook types read their escapes correctly.
 */
export function loadStoredHook(hook: StoredHook, semicolonBug: boolean): StoredHook | undefined {
  if (hook.type !== 'http' || !semicolonBug) return hook;
  const [url = '', method = '', payload = ''] =
    `${escapeField(hook.url)};${hook.method};${escapeField(hook.payload)};`.split(';');
  const code = toInt(method);
  if (url === '' || code < 1 || code > 5) return undefined;
  return { ...hook, url, method: code, payload };
}
