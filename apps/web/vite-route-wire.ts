// Build step (issue 21): the console's copy of the protocol's route catalog keeps what a client of the routes
// reads (method, path, response schema) and drops what only the servers read: the request schemas (params,
// query, body; the servers parse requests, forms import the entity schemas they validate with themselves)
// and the OpenAPI summaries. Without them the request-only schemas and ~100 lines of prose are no longer
// reachable from the console, so the bundler leaves them out. `src/app/routeWire.test.ts` keeps the console
// to those three fields.
import MagicString from 'magic-string';
import { type Plugin, parseAst } from 'vite';

/** The route definition fields a client of the routes reads; every other field is the servers' own. */
export const CLIENT_ROUTE_FIELDS = ['method', 'path', 'response'] as const;
export const SERVER_ONLY_ROUTE_FIELDS = new Set(['params', 'query', 'body', 'summary']);
export const CATALOG_FILE = /\/packages\/protocol\/src\/routes\/(?!buildPath|paths|relayUrl)[a-z]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Every object literal passed to a call of `route(...)` (the catalog's definer), in the program `ast`. */
function routeDefinitions(ast: Node): Node[] {
  const found: Node[] = [];
  const visit = (node: Node) => {
    const callee = node.callee;
    if (
      node.type === 'CallExpression' &&
      isNode(callee) &&
      callee.type === 'Identifier' &&
      callee.name === 'route'
    ) {
      const [def] = node.arguments as Node[];
      if (def?.type === 'ObjectExpression') found.push(def);
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item);
      if (isNode(value)) visit(value);
    }
  };
  visit(ast);
  return found;
}

/** `code` (a route catalog module, TypeScript or JavaScript) without the server-only fields of its routes. */
export function dropServerFields(code: string): MagicString | undefined {
  const ast = parseAst(code, { lang: 'ts' }) as unknown as Node;
  const out = new MagicString(code);
  let changed = false;
  for (const def of routeDefinitions(ast)) {
    for (const prop of def.properties as Node[]) {
      const key = prop.key;
      if (prop.type !== 'Property' || !isNode(key) || key.type !== 'Identifier') continue;
      if (!SERVER_ONLY_ROUTE_FIELDS.has(key.name as string)) continue;
      // the property and the comma after it (the last one's trailing comma, or none)
      const comma = /^\s*,/.exec(code.slice(prop.end));
      out.remove(prop.start, prop.end + (comma?.[0].length ?? 0));
      changed = true;
    }
  }
  return changed ? out : undefined;
}

export function routeWire(): Plugin {
  return {
    name: 'st-route-wire',
    apply: 'build',
    transform(code, id) {
      if (!CATALOG_FILE.test(id)) return null;
      const out = dropServerFields(code);
      return out ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}
