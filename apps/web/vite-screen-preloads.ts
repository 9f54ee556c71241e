// Build step (issue 21, the first device list): the files each screen's chunk needs (its own, its static
// imports, their CSS), written into index.html as a JSON data block. Start-up reads the block and has the
// browser fetch the screen the address names beside the routed console (`<link rel=modulepreload>`: fetched
// and compiled off the main thread, evaluated only when imported), instead of after the console has loaded
// and evaluated (a CDP trace at 4x CPU: the device list's chunks started ~450 ms after the console's arrived).
// The screens are read from src/app/screenLoaders.ts, so the two cannot disagree.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The id of the data block in index.html (read by src/app/screenPreloads.ts). */
export const PRELOADS_ID = 'st-screen-preloads';

/** `panel: () => import('../features/devices/DevicesPage')` entries of screenLoaders.ts, as absolute paths. */
export function screenModules(source: string, dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of source.matchAll(/(\w+): \(\) => import\('([^']+)'\)/g))
    if (m[1] !== undefined && m[2] !== undefined) out.set(resolve(dir, m[2]), m[1]);
  return out;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Each screen's files, by screen name: its chunk, its static imports' chunks (transitively) and their CSS. */
export function screenFiles(
  chunks: readonly ChunkLike[],
  modules: ReadonlyMap<string, string>,
): Record<string, string[]> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const out: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const screen =
      chunk.facadeModuleId === null ? undefined : modules.get(chunk.facadeModuleId.replace(/\.tsx?$/, ''));
    if (screen === undefined) continue;
    const files = new Set<string>();
    const visit = (c: ChunkLike) => {
      if (files.has(c.fileName)) return;
      files.add(c.fileName);
      for (const css of c.viteMetadata?.importedCss ?? []) files.add(css);
      for (const name of c.imports) {
        const next = byFile.get(name);
        if (next !== undefined) visit(next);
      }
    };
    visit(chunk);
    out[screen] = [...files];
  }
  return out;
}

export function screenPreloads(): Plugin {
  const loaders = new URL('./src/app/screenLoaders.ts', import.meta.url).pathname;
  return {
    name: 'st-screen-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (ctx.bundle === undefined) return html;
        const modules = screenModules(readFileSync(loaders, 'utf8'), resolve(loaders, '..'));
        const chunks: ChunkLike[] = Object.values(ctx.bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        // (not what the page itself already loads: the start-up chunk and its CSS)
        const files = Object.fromEntries(
          Object.entries(screenFiles(chunks, modules)).map(([screen, list]) => [
            screen,
            list.filter((file) => !html.includes(file)),
          ]),
        );
        const block = `<script type="application/json" id="${PRELOADS_ID}">${JSON.stringify(files)}</script>`;
        return html.replace('</body>', `${block}\n  </body>`);
      },
    },
  };
}
