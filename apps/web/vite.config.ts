import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

// One build for both modes: the serving server injects {mode, basePath, version} and a <base href> into
// index.html at runtime, so every asset URL is relative ('./') and resolves against that <base>.
// The workspace packages (@st/protocol) are TypeScript source reached through node_modules symlinks;
// Vite follows the symlinks and transpiles them like our own files.
//
// Chunks are Vite's own: the start-up, one per dynamic import (each mode's routed console, the sign-in form,
// each screen by route in app/screenLoaders.ts, each dialog opened later) and the modules those share.
// No file is placed by its path.

export default defineConfig({
  base: './',
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      // wouter imports use-sync-external-store's shim, written for React < 18: React's own hook instead
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: fileURLToPath(new URL('./src/app/useSyncExternalStore.ts', import.meta.url)),
      },
      // zod set jitless before any schema exists (the CSP forbids eval): each schema module imports it
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod.ts', import.meta.url)) },
    ],
  },
  define: {
    __ST_UI_BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // every browser the console supports (es2022) knows modulepreload: no polyfill
    modulePreload: { polyfill: false },
  },
  server: {
    // `npm run dev -w @st/web` against a gateway (or cloud) listening on ST_DEV_API (default :8080).
    proxy: {
      '/api': { target: process.env.ST_DEV_API ?? 'http://localhost:8080', ws: true, changeOrigin: true },
    },
  },
});
