import { z } from 'zod';
import {
  APP_MODES,
  BASE_PATH_PATTERN,
  BASE_PATH_RULE,
  RUNTIME_META_NAME,
  RUNTIME_PLACEHOLDER,
  type RuntimeConfigShape,
} from './runtimeMeta';

// One console build serves both modes under any base path: the serving server tells it, at runtime, which
// mode it runs in and where it lives, by rewriting a placeholder in index.html. The console reads it with
// ./runtimeMeta.ts (no zod there); the servers validate it here before they inject it.
export * from './runtimeMeta';

export const AppMode = z.enum(APP_MODES);
export type AppMode = z.infer<typeof AppMode>;

export const BasePath = z.string().regex(BASE_PATH_PATTERN, BASE_PATH_RULE);

export const RuntimeConfig = z.object({
  mode: AppMode,
  basePath: BasePath,
  version: z.string().min(1),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
// the console's hand-written reader (./runtimeMeta.ts) and this schema describe the same shape
const sameShape: [RuntimeConfig, RuntimeConfigShape] extends [RuntimeConfigShape, RuntimeConfig]
  ? true
  : never = true;
void sameShape;

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
