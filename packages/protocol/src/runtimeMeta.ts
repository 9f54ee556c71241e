import { type ParseResult, parsed, rejected } from './device/result';

// The console's side of the runtime config (./runtime.ts): reading it needs no zod, so the console's
// start-up bundles none (issue 21; zod loads with the routed console). ./runtime.ts keeps the schema the
// servers validate with before they inject the config; runtime.test.ts checks both agree.

/** The comment apps/web's index.html carries in its <head>. */
export const RUNTIME_PLACEHOLDER = '<!--st-runtime-->';

/**
 * The name of the `<meta>` element that carries the config as JSON in its `content` attribute. A data
 * element, not a script: the Content-Security-Policy needs no inline script for it (issue 14).
 */
export const RUNTIME_META_NAME = 'st-runtime-config';

/** An absolute URL path that starts and ends with "/" and holds no characters that need HTML escaping. */
export const BASE_PATH_PATTERN = /^\/(?:[A-Za-z0-9._~!$'()*+,;=:@%-]+\/)*$/;
export const BASE_PATH_RULE = 'basePath must start and end with "/", e.g. "/" or "/console/"';
export const APP_MODES = ['gateway', 'cloud'] as const;

/** What the serving server tells the console (./runtime.ts holds the same shape as a zod schema). */
export type RuntimeConfigShape = { mode: (typeof APP_MODES)[number]; basePath: string; version: string };

/** The JSON text of the runtime `<meta>` element, parsed; undefined when there is none or it is not JSON. */
export function parseRuntimeMeta(content: string | null | undefined): unknown {
  if (content === null || content === undefined) return undefined;
  try {
    return JSON.parse(content);
  } catch {
    return null;
  }
}

const field = (value: object, key: string): unknown =>
  Object.hasOwn(value, key) ? Reflect.get(value, key) : undefined;

/** The console reads its runtime config (`readRuntimeConfig(parseRuntimeMeta(meta.content))`). */
export function readRuntimeConfig(value: unknown): ParseResult<RuntimeConfigShape> {
  if (value === undefined || value === null)
    return rejected('No runtime config was injected into index.html');
  if (typeof value !== 'object' || Array.isArray(value))
    return rejected('Bad runtime config: (root): expected an object');
  const mode = field(value, 'mode');
  const basePath = field(value, 'basePath');
  const version = field(value, 'version');
  const issues: string[] = [];
  if (mode !== 'gateway' && mode !== 'cloud') issues.push('mode: expected "gateway" or "cloud"');
  if (typeof basePath !== 'string' || !BASE_PATH_PATTERN.test(basePath))
    issues.push(`basePath: ${BASE_PATH_RULE}`);
  if (typeof version !== 'string' || version.length < 1) issues.push('version: expected a non-empty string');
  if (issues.length > 0) return rejected(`Bad runtime config: ${issues.join('; ')}`);
  return parsed({ mode, basePath, version } as RuntimeConfigShape);
}
