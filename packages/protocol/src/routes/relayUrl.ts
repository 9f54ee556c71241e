import { isRelayable } from './paths';

// The relay boundary (issue 14, item 1). A relayed URL is checked against the allow-list and then run by
// a router and an URL parser of their own; any difference between the string that was checked and the
// request that runs (backslashes, percent-encoded dots, dot segments, double slashes, mixed encodings) is a
// way past the check. So a relayed URL must already be in the one canonical form: it is refused unless it
// survives normalisation unchanged, and then the very same string is checked and run. The cloud applies
// this before sending; the gateway applies it again before running (it does not trust the cloud).

const MAX_URL_LENGTH = 2048;
/** Characters allowed as they are: RFC 3986 unreserved, sub-delims but ';', ':', '@', '/', '?', '%'. */
const ALLOWED = /^[A-Za-z0-9\-._~!$&'()*+,=:@/?%]*$/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

export type RelayUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

function checkEscapes(part: string, inPath: boolean): string | undefined {
  if (/%(?![0-9A-Fa-f]{2})/.test(part)) return 'a malformed percent escape';
  for (const m of part.matchAll(ESCAPE)) {
    const code = Number.parseInt(m[1] ?? '', 16);
    const ch = String.fromCharCode(code);
    // In the path an escaped unreserved character has a shorter spelling: two spellings of one route are
    // refused (the query does not choose the route; URLSearchParams escapes '~' there).
    if (inPath && UNRESERVED.test(ch)) return `an escaped unreserved character (${m[0]})`;
    if (code < 0x20 || code === 0x7f) return 'an escaped control character';
    if (ch === '/' || ch === '\\') return 'an escaped slash';
  }
  return undefined;
}

/** The canonical form of a relayed URL (path with optional query), or why it is not in one. */
export function canonicalRelayUrl(url: string): RelayUrlCheck {
  const refuse = (reason: string): RelayUrlCheck => ({ ok: false, reason });
  if (url.length === 0 || url.length > MAX_URL_LENGTH) return refuse('an empty or overlong URL');
  if (!ALLOWED.test(url)) return refuse('a character that is not allowed in a relayed URL');
  if (!url.startsWith('/') || url.startsWith('//')) return refuse('a path that does not start with one /');
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q);
  const segments = path.slice(1).split('/');
  for (const seg of segments) {
    if (seg === '') return refuse('an empty path segment (// or a trailing /)');
    if (seg === '.' || seg === '..') return refuse('a dot segment');
  }
  const bad = checkEscapes(path, true) ?? checkEscapes(query, false);
  if (bad !== undefined) return refuse(bad);
  // What a WHATWG URL parser (and so the gateway's in-process request) makes of it must be the same string.
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://gateway.invalid');
  } catch {
    return refuse('an URL that does not parse');
  }
  if (parsed.origin !== 'http://gateway.invalid' || parsed.pathname + parsed.search !== url)
    return refuse('an URL that changes when normalised');
  return { ok: true, url };
}

/** The canonical URL when it is in canonical form and on the relay allow-list for this method. */
export function checkRelayUrl(method: string, url: string): RelayUrlCheck {
  const canonical = canonicalRelayUrl(url);
  if (!canonical.ok) return canonical;
  if (!isRelayable(method, canonical.url))
    return { ok: false, reason: 'a route that is not on the relay allow-list' };
  return canonical;
}
