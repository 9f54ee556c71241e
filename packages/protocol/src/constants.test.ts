import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as constants from './constants';
import * as protocol from './index';

const here = dirname(fileURLToPath(import.meta.url));

/** The modules a file's value imports and re-exports name (type-only ones are erased by the compiler). */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [
    ...source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'|^import\s+'([^']+)'/gms),
  ].map((match) => match[1] ?? match[2] ?? '');
}

function resolveRelative(from: string, specifier: string): string {
  const base = join(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {}
  }
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

describe('the zod-free entry (@st/protocol/constants)', () => {
  it('reaches no module that imports zod, so importing it builds no schema', () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of valueImports(file)) {
        if (specifier.startsWith('.')) visit(resolveRelative(file, specifier));
        else packages.add(specifier);
      }
    };
    visit(join(here, 'constants.ts'));
    expect([...packages]).toEqual([]);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('gives the same values as the main entry', () => {
    const main = new Map(Object.entries(protocol));
    for (const [name, value] of Object.entries(constants)) expect(main.get(name), name).toBe(value);
  });
});
