import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// palette.css defines only the shades the console names (issue 21: all 110 cost 0.8 KiB gzip on both first
// screens). This walks the console's source for every way a shade is named and fails on one it lacks.

const SRC = new URL('../..', import.meta.url).pathname;
const COLORS = 'gray|dark|blue|red|green|orange|yellow|teal|cyan|grape|violet|indigo|pink|lime';
/** The kit's own colours (feedback.tsx KIT_COLORS) paint with tokens.css, not with shades. */
const KIT_COLORS = new Set(['blue', 'red', 'green', 'orange', 'yellow', 'gray']);
/** The shades feedback.tsx colorVars paints another palette colour with. */
const PAINT_SHADES = [4, 6, 9];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return /\.(tsx?|css)$/.test(e.name) && !/\.test\./.test(e.name) && e.name !== 'palette.css' ? [path] : [];
  });
}

function namedShades(): Map<string, string> {
  const named = new Map<string, string>();
  for (const file of files(SRC)) {
    const text = readFileSync(file, 'utf8');
    const where = file.slice(SRC.length);
    for (const m of text.matchAll(new RegExp(`--st-(${COLORS})-(\\d)\\b`, 'g')))
      named.set(`${m[1]}-${m[2]}`, where);
    if (file.endsWith('.css')) continue;
    for (const m of text.matchAll(new RegExp(`['"\`](${COLORS})\\.(\\d)['"\`]`, 'g')))
      named.set(`${m[1]}-${m[2]}`, where);
    // a palette colour by name (a colour prop, or a value given to one): painted with its shades
    for (const m of text.matchAll(new RegExp(`['"\`](${COLORS})['"\`]`, 'g'))) {
      // ('dark' is also the colour scheme's name; no colour prop names it bare)
      if (KIT_COLORS.has(m[1] ?? '') || m[1] === 'dark') continue;
      for (const n of PAINT_SHADES) named.set(`${m[1]}-${n}`, where);
    }
  }
  return named;
}

describe("the kit's palette (palette.css)", () => {
  const css = readFileSync(join(SRC, 'ui/kit/palette.css'), 'utf8');
  const defined = new Set([...css.matchAll(/--st-([a-z]+-\d):/g)].map((m) => m[1]));

  it('defines every shade the console names', () => {
    const named = namedShades();
    expect(named.size).toBeGreaterThan(10);
    const missing = [...named].filter(([shade]) => !defined.has(shade)).map(([s, file]) => `${s} (${file})`);
    expect(missing).toEqual([]);
  });

  it('defines no shade nobody names', () => {
    const named = namedShades();
    expect([...defined].filter((shade) => !named.has(shade ?? ''))).toEqual([]);
  });
});
