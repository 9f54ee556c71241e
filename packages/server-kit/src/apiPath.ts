// Which request paths are API paths, however they are spelled. A route's own pattern decides where one
// matched; this answers for requests no API route took (the console's history fallback, the 404 handler),
// so that no spelling of an API path is answered as a console page or slips past a guard.

/** Rounds of percent-decoding: a path escaped twice or three times still counts as what it names. */
const DECODE_ROUNDS = 4;

function decodeEscapes(path: string): string {
  let out = path;
  for (let i = 0; i < DECODE_ROUNDS; i++) {
    const next = out.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === out) break;
    out = next;
  }
  return out;
}

/** The path's segments as a resolver would read them: `\` as `/`, empty and `.` segments dropped, `..` applied. */
function segments(path: string): string[] {
  const out: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return out;
}

/**
 * Whether a request URL names `/api` or something under it: percent-escapes decoded (repeatedly),
 * backslashes read as slashes, repeated slashes and dot segments resolved, case and matrix parameters
 * (`;x`) ignored. Only the path counts (query and fragment are cut off first).
 */
export function isApiLikePath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const first = segments(decodeEscapes(path))[0];
  if (first === undefined) return false;
  return (first.split(';', 1)[0] ?? '').trim().toLowerCase() === 'api';
}
