import { z } from 'zod';
import { type ParseResult, parsed, rejected } from './device/index';

// One console build serves both modes under any base path: the serving server tells it, at runtime, which
// mode it runs in and where it lives, by rewriting a placeholder in index.html.

export const AppMode = z.enum(['gateway', 'cloud']);
export type AppMode = z.infer<typeof AppMode>;

/** An absolute URL path that starts and ends with "/" and holds no characters that need HTML escaping. */
export const BasePath = z
  .string()
  .regex(
    /^\/(?:[A-Za-z0-9._~!$'()*+,;=:@%-]+\/)*$/,
    'basePath must start and end with "/", e.g. "/" or "/console/"',
  );

export const RuntimeConfig = z.object({
  mode: AppMode,
  basePath: BasePath,
  version: z.string().min(1),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;

/** The comment apps/web's index.html carries in its <head>. */
export const RUNTIME_PLACEHOLDER = '<!--st-runtime-->';

/**
 * The name of the `<meta>` element that carries the config as JSON in its `content` attribute. A data
 * element, not a script: the Content-Security-Policy needs no inline script for it (issue 14).
 */
export const RUNTIME_META_NAME = 'st-runtime-config';

/** Text that is safe inside a double-quoted HTML attribute (the browser decodes it back exactly). */
export function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * index.html with the placeholder replaced by `<base href>` and `<meta name="st-runtime-config"
 * content="{json}">`. Without the placeholder the tags go right after `<head>`. The config is validated
 * first (throws on a bad one: that is a server bug, not user input).
 */
export function renderIndexHtml(html: string, config: RuntimeConfig): string {
  const valid = RuntimeConfig.parse(config);
  const tags =
    `<base href="${valid.basePath}">` +
    `<meta name="${RUNTIME_META_NAME}" content="${escapeAttribute(JSON.stringify(valid))}">`;
  if (html.includes(RUNTIME_PLACEHOLDER)) return html.split(RUNTIME_PLACEHOLDER).join(tags);
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head === null) return tags + html;
  const end = head.index + head[0].length;
  return html.slice(0, end) + tags + html.slice(end);
}

/** The JSON text of the runtime `<meta>` element, parsed; undefined when there is none or it is not JSON. */
export function parseRuntimeMeta(content: string | null | undefined): unknown {
  if (content === null || content === undefined) return undefined;
  try {
    return JSON.parse(content);
  } catch {
    return null;
  }
}

/** The console reads its runtime config (`readRuntimeConfig(parseRuntimeMeta(meta.content))`). */
export function readRuntimeConfig(value: unknown): ParseResult<RuntimeConfig> {
  if (value === undefined || value === null)
    return rejected('No runtime config was injected into index.html');
  const result = RuntimeConfig.safeParse(value);
  if (!result.success) {
    return rejected(
      `Bad runtime config: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed(result.data);
}
