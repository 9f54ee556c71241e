import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_NAMES, ROUTES } from '@st/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_ROUTE_FIELDS,
  LINKED_CALLEES,
  linkRouteCalls,
  routeLinkModules,
} from '../../vite-route-links';

// The console's build links each called route into its caller's chunk (vite-route-links.ts): these tests
// hold the generated modules to the protocol's catalog, and the console to the route fields they keep.

/** What only the servers read of a route definition: request schemas, OpenAPI summary, flags. */
const SERVER_ONLY_FIELDS = ['params', 'query', 'body', 'summary', 'server', 'relayable', 'bodyKind'];

let modules: Map<string, string>;
beforeAll(async () => {
  modules = await routeLinkModules();
});

const srcDir = new URL('..', import.meta.url).pathname;
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.includes('.test.') ? [path] : [];
  });
}

describe("the console's linked routes (vite-route-links.ts)", () => {
  it('generates one module for every route of the protocol', () => {
    expect([...modules.keys()].sort()).toEqual([...ROUTE_NAMES].sort());
  });

  it("each registers the route's method, path and response, from modules that exist, and nothing the servers alone read", () => {
    for (const [name, code] of modules) {
      const def = ROUTES[name as keyof typeof ROUTES];
      const registration = code.slice(code.indexOf('export default linkRoute('));
      expect(registration, name).toContain(`linkRoute(${JSON.stringify(name)}, {`);
      expect(registration, name).toContain(`method: ${JSON.stringify(def.method)}`);
      expect(registration, name).toContain(`path: ${JSON.stringify(def.path)}`);
      // (the relay's pass-through routes' `response` comes from a shared `...passthrough`, written out)
      expect(registration, name).toMatch(/[{,] response: /);
      expect(registration, name).not.toContain('...');
      for (const field of SERVER_ONLY_FIELDS)
        expect(registration, name).not.toMatch(new RegExp(`\\b${field}: `));
      for (const [, spec] of code.matchAll(/ from "(\/[^"]+)"/g))
        expect(existsSync(spec ?? ''), spec).toBe(true);
    }
  });

  it("replaces a linked call's route name by its module's import, and leaves every other call alone", () => {
    const names = new Set(['gateway.build', 'gateway.devices.list']);
    const code = [
      "const a = gatewayCall('gateway.build');",
      "const b = routeDef('gateway.build').path;",
      "const c = gatewayRequest('gateway.devices.list', { query: { x: 'gateway.build' } });",
      "const d = other('gateway.build'); const e = gatewayCall(name);",
    ].join('\n');
    expect(linkRouteCalls(code, names)?.toString()).toBe(
      [
        'import __stRoute0 from "virtual:st-route/gateway.build";import __stRoute1 from "virtual:st-route/gateway.devices.list";',
        'const a = gatewayCall(__stRoute0);',
        'const b = routeDef(__stRoute0).path;',
        "const c = gatewayRequest(__stRoute1, { query: { x: 'gateway.build' } });",
        "const d = other('gateway.build'); const e = gatewayCall(name);",
      ].join('\n'),
    );
    expect(linkRouteCalls("const d = other('gateway.build');", names)).toBeUndefined();
    expect(() => linkRouteCalls("gatewayCall('gateway.nope')", names)).toThrow(/no such route/);
  });

  it('the console reads no other field of a route definition, and takes routes by name only through the linked calls', () => {
    const reads = new Set<string>();
    for (const file of sources(srcDir)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/routeDef\([^)]*\)\.(\w+)/g)) reads.add(m[1] ?? '');
      if (file.endsWith('/api/routes.ts'))
        for (const m of text.matchAll(/\bdef\.(\w+)/g)) reads.add(m[1] ?? '');
      // the protocol's catalog itself is read by api/routeTable.ts alone (unbuilt; startRoutes.ts has its own)
      if (!file.endsWith('/api/routeTable.ts'))
        expect(text, file).not.toMatch(/\b(?!START_ROUTES)[A-Z_]*ROUTES\[/);
    }
    expect(reads).toEqual(new Set(CLIENT_ROUTE_FIELDS));
    expect(LINKED_CALLEES).toEqual(new Set(['gatewayCall', 'gatewayRequest', 'cloudRequest', 'routeDef']));
  });
});
