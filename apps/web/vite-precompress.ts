// Build step: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every
// text file of the build, so the servers send the smallest encoding the browser accepts without compressing
// on each request (packages/server-kit/src/delivery.ts). Already-compressed formats (woff2, png) are left.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

export const COMPRESSED_TYPES = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico|ttf|otf|woff)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`; returns how many files. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSED_TYPES.test(file) || !statSync(file).isFile()) continue;
    const data = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'st-precompress',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    closeBundle() {
      precompressDir(resolve(config.root, config.build.outDir));
    },
  };
}
