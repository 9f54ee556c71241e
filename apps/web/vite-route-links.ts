// Build step (issue 21): each route the console calls is linked into the chunk of the code that calls it,
// instead of the protocol's whole route catalog going with the routed console.
//
// - Every call `gatewayCall('gateway.devices.list', ...)` (also gatewayRequest, cloudRequest, routeDef) has
//   its route name replaced by an import of a generated module, `virtual:st-route/<name>`, whose value is
//   the same name and which registers that route's definition with src/api/routeTable.ts when it loads.
// - The generated module holds what a client of the route reads (method, path, response schema) and imports
//   the schemas it names from the protocol's modules. What only the servers read (request schemas, OpenAPI
//   summaries, the server and relay flags) is left out.
// So a screen's chunk carries its own routes' schemas, the bundler places schemas several screens use in a
// chunk they share, and a schema no screen reads is not in the build. Unbuilt (tests, the dev server),
// routeTable.ts reads the whole catalog. src/app/routeLinks.test.ts holds the console to the fields kept.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import { type Plugin, parseAst, transformWithOxc } from 'vite';

/** The route definition fields a client of the routes reads; every other field is the servers' own. */
export const CLIENT_ROUTE_FIELDS = ['method', 'path', 'response'] as const;
/** The console's functions that take a route by name (api/routes.ts, api/routeTable.ts). */
export const LINKED_CALLEES = new Set(['gatewayCall', 'gatewayRequest', 'cloudRequest', 'routeDef']);

const ROUTES_DIR = fileURLToPath(new URL('../../packages/protocol/src/routes/', import.meta.url));
const SRC_DIR = fileURLToPath(new URL('./src/', import.meta.url));
const ROUTE_TABLE = fileURLToPath(new URL('./src/api/routeTable.ts', import.meta.url));
const LINK = 'virtual:st-route/';
const RESOLVED_LINK = '\0st-route/';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) walk(item, visit);
    if (isNode(value)) walk(value, visit);
  }
}

const parse = (code: string) => parseAst(code, { lang: 'ts' }) as unknown as Node & { body: Node[] };

/** An identifier's name or a string literal's value. */
const nameOf = (node: unknown): string | undefined => {
  if (!isNode(node)) return undefined;
  if (node.type === 'Identifier') return node.name as string;
  return node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
};

const keyName = (prop: Node): string | undefined => nameOf(prop.key);

const isRouteCall = (node: unknown): node is Node =>
  isNode(node) &&
  node.type === 'CallExpression' &&
  isNode(node.callee) &&
  node.callee.type === 'Identifier' &&
  node.callee.name === 'route';

/**
 * A route definition's client fields (CLIENT_ROUTE_FIELDS) as an object literal, from `code`: its own and those
 * a spread of one of the module's constants brings (`...passthrough`); the rest is the servers' own.
 */
function clientFields(code: string, def: Node, objects: ReadonlyMap<string, Node>): string {
  const kept: string[] = [];
  const keep = (props: Node[]) => {
    for (const prop of props) {
      const argument = prop.argument;
      if (prop.type === 'SpreadElement' && isNode(argument) && argument.type === 'Identifier') {
        const spread = objects.get(argument.name as string);
        if (spread === undefined)
          throw new Error(`a route spreads ${argument.name as string}, not a constant object`);
        keep(spread.properties as Node[]);
        continue;
      }
      const name = prop.type === 'Property' ? keyName(prop) : undefined;
      if (name !== undefined && (CLIENT_ROUTE_FIELDS as readonly string[]).includes(name))
        kept.push(code.slice(prop.start, prop.end));
    }
  };
  keep(def.properties as Node[]);
  return `{ ${kept.join(', ')} }`;
}

/** `spec` of an import in `file`, made absolute when relative (a generated module has no directory). */
function absoluteSpecifier(file: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  const path = resolve(dirname(file), spec);
  return [`${path}.ts`, join(path, 'index.ts')].find((candidate) => existsSync(candidate)) ?? path;
}

const identifiers = (text: string) => new Set(text.match(/[A-Za-z_$][\w$]*/g) ?? []);

/**
 * The generated module of each route of one catalog module (`file`, TypeScript): the imports and the module's
 * own constants its client fields name, and the registration (spreads such as `...passthrough` are written
 * out by clientFields).
 */
async function linkModules(file: string): Promise<Map<string, string>> {
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file);
  const ast = parse(code);
  /** local name -> the import of it alone, from an absolute path */
  const imports = new Map<string, string>();
  const locals = new Map<string, string>();
  const objects = new Map<string, Node>();
  const exported = new Set<string>();
  const defs = new Map<string, string>();
  for (const statement of ast.body) {
    if (statement.type === 'ImportDeclaration') {
      const from = JSON.stringify(
        absoluteSpecifier(file, (statement.source as Node & { value: string }).value),
      );
      for (const specifier of statement.specifiers as Node[]) {
        const local = nameOf(specifier.local) ?? '';
        const imported = nameOf(specifier.imported);
        const binding =
          specifier.type === 'ImportDefaultSpecifier'
            ? local
            : specifier.type === 'ImportNamespaceSpecifier'
              ? `* as ${local}`
              : `{ ${imported === local ? local : `${imported} as ${local}`} }`;
        imports.set(local, `import ${binding} from ${from};`);
      }
      continue;
    }
    const isExport = statement.type === 'ExportNamedDeclaration';
    const declaration = isExport ? statement.declaration : statement;
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node & { name: string };
      const init = declarator.init;
      if (isNode(init) && init.type === 'ObjectExpression') {
        const routes = (init.properties as Node[]).filter(
          (p) => p.type === 'Property' && isRouteCall(p.value),
        );
        for (const prop of routes) {
          const name = keyName(prop);
          const [def] = (prop.value as Node).arguments as Node[];
          if (name !== undefined && def?.type === 'ObjectExpression')
            defs.set(name, clientFields(code, def, objects));
        }
        if (routes.length > 0) continue;
        objects.set(id.name, init);
      }
      if (isExport) exported.add(id.name);
      else locals.set(id.name, `const ${code.slice(declarator.start, declarator.end)};`);
    }
  }
  const modules = new Map<string, string>();
  for (const [name, def] of defs) {
    const own = [...locals].filter(([local]) => identifiers(def).has(local)).map(([, text]) => text);
    // only what the definition and those constants name: each import is a dependency of the chunk it lands in
    const named = identifiers([def, ...own].join('\n'));
    const fromCatalog = [...exported].filter((e) => named.has(e));
    modules.set(
      name,
      [
        `import { linkRoute } from ${JSON.stringify(ROUTE_TABLE)};`,
        ...[...imports].filter(([local]) => named.has(local)).map(([, text]) => text),
        ...(fromCatalog.length > 0
          ? [`import { ${fromCatalog.join(', ')} } from ${JSON.stringify(file)};`]
          : []),
        ...own,
        `export default linkRoute(${JSON.stringify(name)}, ${def});`,
      ].join('\n'),
    );
  }
  return modules;
}

/** The generated module of every route of the protocol's catalog, by route name. */
export async function routeLinkModules(dir = ROUTES_DIR): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.ts') || file.includes('.test.')) continue;
    const path = join(dir, file);
    if (!/\broute\(\{/.test(readFileSync(path, 'utf8'))) continue;
    for (const [name, code] of await linkModules(path)) all.set(name, code);
  }
  return all;
}

/**
 * `code` (a console module, JavaScript) with each route name passed to a LINKED_CALLEES call replaced by the
 * import of its generated module; undefined when it has none. Throws on a name the catalog does not have.
 */
export function linkRouteCalls(code: string, routes: ReadonlySet<string>): MagicString | undefined {
  const out = new MagicString(code);
  const links = new Map<string, string>();
  walk(parse(code), (node) => {
    if (node.type !== 'CallExpression' || !isNode(node.callee) || node.callee.type !== 'Identifier') return;
    if (!LINKED_CALLEES.has(node.callee.name as string)) return;
    const [first] = node.arguments as Node[];
    if (first?.type !== 'Literal' || typeof first.value !== 'string') return;
    if (!routes.has(first.value))
      throw new Error(`${node.callee.name as string}('${first.value}'): no such route`);
    const local = links.get(first.value) ?? `__stRoute${links.size}`;
    links.set(first.value, local);
    out.overwrite(first.start, first.end, local);
  });
  if (links.size === 0) return undefined;
  const imports = [...links].map(([name, local]) => `import ${local} from ${JSON.stringify(LINK + name)};`);
  out.prepend(`${imports.join('')}\n`);
  return out;
}

export function routeLinks(): Plugin {
  let modules: Map<string, string> | undefined;
  let names = new Set<string>();
  return {
    name: 'st-route-links',
    apply: 'build',
    async buildStart() {
      modules = await routeLinkModules();
      names = new Set(modules.keys());
    },
    resolveId(id) {
      return id.startsWith(LINK) ? RESOLVED_LINK + id.slice(LINK.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_LINK)) return null;
      const code = modules?.get(id.slice(RESOLVED_LINK.length));
      if (code === undefined) this.error(`no route ${id.slice(RESOLVED_LINK.length)}`);
      return code;
    },
    transform(code, id) {
      if (!id.startsWith(SRC_DIR) || !/\.[jt]sx?$/.test(id) || id === ROUTE_TABLE) return null;
      if (![...LINKED_CALLEES].some((callee) => code.includes(`${callee}(`))) return null;
      const linked = linkRouteCalls(code, names);
      return linked === undefined
        ? null
        : { code: linked.toString(), map: linked.generateMap({ hires: true }) };
    },
  };
}
