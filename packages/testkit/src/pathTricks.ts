import fc from 'fast-check';

// Path tricks an attacker tries to make a router run a route other than the one a check saw: dot segments in
// every spelling, backslashes, encoded and doubled slashes, encoded letters, case, and suffixes that some
// parsers cut (';', '#', NUL, whitespace). Used by the relay boundary's property tests (issue 14).

export interface Target {
  readonly method: string;
  /** a literal route path, e.g. /api/cloud/config */
  readonly path: string;
}

const DOTS = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e', '.', '%2e', '...'];
const SEPS = ['/', '\\', '%2f', '%2F', '%5c', '%5C', '//', '/./', '/%2e/', '\\/'];
const SUFFIXES = ['', '/', '?x=1', '#x', ';x=1', '/.', '%00', '%09', '\t', ' ', '%20', '/..'];
const PREFIXES = ['', '/api/build', '/api/devices/found', '/api/devices/settings/x', '/api/devices/logs/a/b'];

function encodeChar(ch: string, how: number): string {
  if (how === 1) return `%${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
  if (how === 2) return `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  if (how === 3) return ch.toUpperCase();
  return ch;
}

/** One trick URL aimed at `target`, built from a relayable-looking prefix, a climb, and a mangled target. */
export function pathTrick(targets: readonly Target[]): fc.Arbitrary<{ method: string; url: string }> {
  return fc
    .record({
      target: fc.constantFrom(...targets),
      prefix: fc.constantFrom(...PREFIXES),
      dot: fc.constantFrom(...DOTS),
      climbSep: fc.constantFrom(...SEPS),
      extraClimb: fc.integer({ min: 0, max: 2 }),
      sep: fc.constantFrom(...SEPS, '/', '/', '/'),
      leading: fc.constantFrom('', '/', '\\', '/./', 'http://gw', '%2f'),
      // which characters of the target's path get encoded or upper-cased (0 = kept)
      mangle: fc.array(fc.constantFrom(0, 0, 0, 0, 1, 2, 3), { minLength: 40, maxLength: 40 }),
      suffix: fc.constantFrom(...SUFFIXES),
      methodCase: fc.boolean(),
    })
    .map((t) => {
      const parts = t.target.path.split('/').filter((s) => s !== '');
      const mangled = parts
        .map((seg, si) =>
          [...seg].map((ch, ci) => encodeChar(ch, t.mangle[(si * 7 + ci) % 40] ?? 0)).join(''),
        )
        .join(t.sep);
      const ups = t.prefix.split('/').filter((s) => s !== '').length + t.extraClimb;
      const climb = t.prefix === '' ? '' : `${t.prefix}${(t.climbSep + t.dot).repeat(ups)}`;
      const url = `${t.leading}${climb}${t.prefix === '' ? '/' : t.climbSep}${mangled}${t.suffix}`;
      return { method: t.methodCase ? t.target.method.toLowerCase() : t.target.method, url };
    });
}
