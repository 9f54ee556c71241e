// Build step (issue 21): V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+) at the top
// of the console's larger chunks, so V8 compiles their functions eagerly while the file streams in, on a
// background thread, instead of lazily on the main thread at each function's first call (a CDP trace of
// the first device list at 4x CPU showed ~0.45 s of lazy parse and compile on the main thread). A chunk
// is loaded when its screen shows, so its functions are the ones called on load. Chunks under
// HINT_MIN_BYTES get none: little to compile, and 30 bytes more each on the wire. Browsers without the
// hint read a comment. The message catalogs (chunks `en`, `ru`) are data: nothing to compile.
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
export const HINT_MIN_BYTES = 16 * 1024;
const CATALOGS = new Set(['en', 'ru']);

/** A chunk's code with the hint on top when it gets one. */
export function withCompileHint(chunk: { name: string; code: string }): string {
  return chunk.code.length >= HINT_MIN_BYTES && !CATALOGS.has(chunk.name)
    ? COMPILE_HINT + chunk.code
    : chunk.code;
}

/** A source map (JSON) whose generated code got one line more on top: an empty first line of mappings. */
export function shiftSourceMap(json: string): string {
  const map = JSON.parse(json) as { mappings: string };
  return JSON.stringify({ ...map, mappings: `;${map.mappings}` });
}

export function compileHints(): Plugin {
  return {
    name: 'st-compile-hints',
    apply: 'build',
    enforce: 'post',
    // the very first line, after minifying (which drops comments) and after Vite writes its preload map
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const code = withCompileHint(chunk);
          if (code === chunk.code) continue;
          chunk.code = code;
          // a source-map build (bench/console/weigh.ts): the code moved down one line, so must its mappings
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string')
            map.source = shiftSourceMap(map.source);
        }
      },
    },
  };
}
