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

/** The window property the injected script sets. */
export const RUNTIME_GLOBAL = '__ST_CONFIG__';

/** JSON that is safe inside a <script> element: no "<" (so no "</script>" or "<!--"), no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * index.html with the placeholder replaced by `<base href>` and the script that sets window.__ST_CONFIG__.
 * Without the placeholder the tags go right after `<head>`. The config is validated first (throws on a bad
 * one: that is a server bug, not user input).
 */
export function renderIndexHtml(html: string, config: RuntimeConfig): string {
  const valid = RuntimeConfig.parse(config);
  const tags =
    `<base href="${valid.basePath}">` + `<script>window.${RUNTIME_GLOBAL}=${jsonForScript(valid)};</script>`;
  if (html.includes(RUNTIME_PLACEHOLDER)) return html.split(RUNTIME_PLACEHOLDER).join(tags);
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (head === null) return tags + html;
  const end = head.index + head[0].length;
  return html.slice(0, end) + tags + html.slice(end);
}

/** The console reads its runtime config (e.g. `readRuntimeConfig(window.__ST_CONFIG__)`). */
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
