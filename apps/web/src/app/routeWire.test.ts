import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_NAMES } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import {
  CATALOG_FILE,
  CLIENT_ROUTE_FIELDS,
  dropServerFields,
  SERVER_ONLY_ROUTE_FIELDS,
} from '../../vite-route-wire';

// The console's build drops the servers' own fields from the protocol's route definitions (vite-route-wire.ts):
// these tests hold the transform to the real catalog, and the console to the fields it keeps.

const routesDir = new URL('../../../../packages/protocol/src/routes/', import.meta.url).pathname;
const catalogs = readdirSync(routesDir)
  .filter((f) => !f.includes('.test.') && CATALOG_FILE.test(join(routesDir, f)))
  .map((f) => ({ file: f, code: readFileSync(join(routesDir, f), 'utf8') }))
  .filter((c) => /\broute\(\{/.test(c.code));

const srcDir = new URL('..', import.meta.url).pathname;
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.includes('.test.') ? [path] : [];
  });
}

describe("the console's route catalog (vite-route-wire.ts)", () => {
  it('finds every catalog module of the protocol, and every route in them', () => {
    expect(catalogs.map((c) => c.file)).toEqual(expect.arrayContaining(['cloud.ts', 'gateway.ts', 'ota.ts']));
    const defined = catalogs.reduce((n, c) => n + (c.code.match(/\broute\(\{/g)?.length ?? 0), 0);
    expect(defined).toBe(ROUTE_NAMES.length);
  });

  it.each(catalogs)(
    '$file keeps method, path and response of each route and nothing the servers alone read',
    ({ code }) => {
      const out = dropServerFields(code)?.toString();
      expect(out).toBeDefined();
      const defs = [...(out ?? '').matchAll(/\broute\(\{([\s\S]*?)\}\),\n/g)].map((m) => m[1] ?? '');
      expect(defs.length).toBe(code.match(/\broute\(\{/g)?.length);
      for (const def of defs) {
        // (cloud.ts' relay routes take their response from a shared `...passthrough`)
        for (const field of CLIENT_ROUTE_FIELDS) {
          const kept = field === 'response' ? '(response:|\\.\\.\\.passthrough,)' : `${field}:`;
          expect(def).toMatch(new RegExp(`^\\s*${kept}`, 'm'));
        }
        for (const field of SERVER_ONLY_ROUTE_FIELDS)
          expect(def).not.toMatch(new RegExp(`^\\s*${field}:`, 'm'));
      }
    },
  );

  it('drops a last field without its comma and leaves other objects alone', () => {
    const code = "const a = { body: 1 };\nconst r = route({ method: 'GET', response: R, summary: 'x' });\n";
    expect(dropServerFields(code)?.toString()).toBe(
      "const a = { body: 1 };\nconst r = route({ method: 'GET', response: R,  });\n",
    );
    expect(dropServerFields('const a = { body: 1 };')).toBeUndefined();
  });

  it('the console reads no other field of a route definition', () => {
    const reads = new Set<string>();
    for (const file of sources(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/ROUTES\[[^\]]+\]\.(\w+)/g)) reads.add(m[1] ?? '');
      // the helpers that take a route by name (api/routes.ts, api/cloudRoutes.ts) read it as `def`
      if (/_?ROUTES\[name\]/.test(text))
        for (const m of text.matchAll(/\bdef\.(\w+)/g)) reads.add(m[1] ?? '');
    }
    expect(reads.size).toBeGreaterThan(0);
    for (const field of reads) expect(CLIENT_ROUTE_FIELDS).toContain(field);
  });
});
