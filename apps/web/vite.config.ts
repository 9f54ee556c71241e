import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One build for both modes: the serving server injects {mode, basePath, version} and a <base href> into
// index.html at runtime, so every asset URL is relative ('./') and resolves against that <base>.
// The workspace packages (@st/protocol) are TypeScript source reached through node_modules symlinks;
// Vite follows the symlinks and transpiles them like our own files.
export default defineConfig({
  base: './',
  plugins: [react()],
  define: {
    __ST_UI_BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // @st/protocol is pure declarations (schemas, tables, functions): modules of it that nothing uses can be
      // dropped whole. Everything else keeps the default (CSS imports, for one, are side effects).
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/protocol/src/') },
    },
  },
  server: {
    // `npm run dev -w @st/web` against a gateway (or cloud) listening on ST_DEV_API (default :8080).
    proxy: {
      '/api': { target: process.env.ST_DEV_API ?? 'http://localhost:8080', ws: true, changeOrigin: true },
    },
  },
});
