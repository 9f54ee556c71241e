import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './vite-compile-hints.ts';
import { precompress } from './vite-precompress.ts';
import { routeLinks } from './vite-route-links.ts';
import { screenPreloads } from './vite-screen-preloads.ts';

// One build for both modes: the serving server injects {mode, basePath, version} and a <base href> into
// index.html at runtime, so every asset URL is relative ('./') and resolves against that <base>.
// The workspace packages (@st/protocol) are TypeScript source reached through node_modules symlinks;
// Vite follows the symlinks and transpiles them like our own files.

// Chunks (issue 10; bench/console prints what each route downloads). What every first screen runs (libraries, the app's services and the login form's components) goes into
// one chunk: as dozens of small shared chunks it gzips worse and costs a request each.
const STARTUP = [
  /node_modules\/(react|react-dom|scheduler|i18next|react-i18next)\//,
  // the house kit's parts the sign-in shows (the rest load with the screens that use them; ui/kit)
  /\/apps\/web\/src\/ui\/kit\/(Box|layout|text|buttons|feedback|inputs|toastStore|colorScheme)\.tsx?$/,
  // (not @st/protocol as a whole: its parts only later screens use go with them; issue 21, -3 KiB here)
  // (no zod: the start-up code's requests load their answers' schemas, and zod, with the routed console;
  // api/startRoutes.ts, issue 21: -16 KiB here)
  /\/apps\/web\/src\/(api\/(startRoutes|routeParts|http|transport|progressFetch|session|errors|gatewayFetch|liveChannel)|i18n\/(index|common)|features\/delivery\/(OfflineScreen|serviceWorker)|ui\/(PageLoader|useConfirm|useOpenedOnce|SignInCard)|app\/(App|Providers|ServicesContext|services|runtime|signal|Toasts|styles)|features\/auth\/(SessionContext|authApi)|features\/notifications\/(toaster|notificationToasts))\.tsx?$/,
];
// What the routed console of either mode adds once past the login (router, server state, the header with
// its menu and tooltips): one more chunk. Nothing here may be needed by the login screen, or the login screen
// downloads all of it (nothing breaks, but bench/console shows the login route grow by ~55 KiB).
const CONSOLE = [
  /node_modules\/(wouter|regexparam|zod)\//,
  /\/apps\/web\/src\/zodLite\/(zod|schema)\.ts$/,
  // the route helpers, the topics and the small protocol modules every screen of either mode uses (as small
  // chunks they cost a request each and gzip apart; round 5: -1.5 KiB gzip, -5.5 KiB on the wire). Not the
  // routes' definitions and schemas: the build links each route into the chunk of its callers
  // (vite-route-links.ts; issue 21), so they follow the screens that call them.
  /\/packages\/protocol\/src\/(stomp\/topicPatterns|text|runtime|logLevels|entities\/(cloudLink|gatewayRef))\.ts$/,
  // (not api/cloudRoutes.ts, the start-up's cloud schemas: gateway mode never asks for them)
  /\/apps\/web\/src\/api\/(routes|routeTable|topics)\.ts$/,
  /\/apps\/web\/src\/ui\/kit\/hooks\.ts$/,
  /@tabler\/icons-react\/dist\/esm\/(createReactComponent|defaultAttributes)/,
  // small modules both modes' first screens load (the device list, the gateway list and their headers): as
  // chunks of their own, 0.1-0.4 KiB each, they cost a request and their import glue each (issue 21)
  /@tabler\/icons-react\/dist\/esm\/icons\/Icon(Plus|DotsVertical|Trash|Refresh)\.mjs$/,
  /\/apps\/web\/src\/features\/(notifications\/(NotificationsFeed|notificationCalls)|gateway-name\/nameKey)\.tsx?$/,
  /\/apps\/web\/src\/(app\/(Shell|consoleStyles|screens|QueryProvider|CurrentGateway|urlParams)|ui\/floating\/[^/]+|features\/(menu|preferences)\/[^/]+)\.tsx?$/,
];

// The small modules the device panel's screen shares with other screens of gateway mode: as ~20 chunks of
// 0.1-2 KiB each they cost the panel's first render a request each (issue 21: ~7 ms of the main thread per
// request at 4x CPU); one chunk instead, loaded beside the screen's own. Nothing the cloud's first screens
// use (Alert, Badge, the list's icons): they would download all of it; not the list virtualizer
// (ui/useVirtualRows, 1.5 KiB gzip) that the OTA and settings screens, opened first, would download for nothing.
const PANEL = [
  /\/apps\/web\/src\/ui\/kit\/choices\.tsx$/,
  /@tabler\/icons-react\/dist\/esm\/icons\/Icon(Download|Search|Upload|X|Power)\.mjs$/,
  /\/packages\/protocol\/src\/(device\/hooks|versions|entities\/(connection|localName))\.ts$/,
  // what every screen of gateway mode shows in its header (the lock, the firmware updates badge)
  /\/apps\/web\/src\/features\/(security\/(useGatewayAuth|gatewayAuthApi)|fleet\/UpdateBadge)\.tsx?$/,
  /\/apps\/web\/src\/(ui\/describeFailure|features\/(devices\/(model\/address|api\/(deviceCommand|deviceErrors|devicesApi|useDevices|useQueryErrorToast)|icons\/(pickIcon|shapes|DeviceIcon)|usePanelUrl)|alerts\/(alertKeys|CrashLoopBadge)|accounts\/useCanWrite|fleet\/useFirmwareLibrary|ota\/otaKeys))\.tsx?$/,
];

export default defineConfig(({ command }) => ({
  base: './',
  plugins: [react(), routeLinks(), precompress(), compileHints(), screenPreloads()],
  resolve: {
    alias: [
      // the classic zod API the protocol uses, implemented by src/zodLite (issue 21): the schemas unchanged, 23 KiB less
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/zodLite/zod.ts', import.meta.url)) },
      // (wouter's shim for React < 18: React 19's own hook instead)
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: fileURLToPath(new URL('./src/app/useSyncExternalStore.ts', import.meta.url)),
      },
    ],
  },
  define: {
    __ST_UI_BUILD_TIME__: JSON.stringify(new Date().toISOString()),
    // the build links each called route into its caller's chunk (vite-route-links.ts, api/routeTable.ts)
    __ST_LINKED_ROUTES__: JSON.stringify(command === 'build'),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // (every browser the console supports, es2022, runs modules; one without modulepreload just does not
    // preload: the polyfill is 0.3 KiB gzip on every first screen for browsers that fetch in order anyway)
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // @st/protocol is pure declarations (schemas, tables, functions): modules of it that nothing uses can be
      // dropped whole. Everything else keeps the default (CSS imports, for one, are side effects).
      // ...except zodSetup.ts, whose one effect is to make zod jitless under the console's CSP (issue 14).
      treeshake: {
        // a zod schema's construction (`z.object(...)`, `z.string().min(1)`) has no effect but its value: a
        // schema no linked route or screen reads is left out of a module that other schemas are used from
        manualPureFunctions: ['z'],
        moduleSideEffects: (id: string) =>
          !id.includes('/packages/protocol/src/') || id.endsWith('/zodSetup.ts'),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'startup', test: (id: string) => STARTUP.some((re) => re.test(id)) },
            { name: 'console', test: (id: string) => CONSOLE.some((re) => re.test(id)) },
            { name: 'panel', test: (id: string) => PANEL.some((re) => re.test(id)) },
            // the kit's blocks no first screen shows (Grid, Divider, Code, List): one chunk (JS and CSS) for the
            // screens and dialogs that use any, instead of two pairs of 0.1-0.3 KiB files
            { name: 'blocks', test: /\/apps\/web\/src\/ui\/kit\/(layoutBlocks|textBlocks)\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev -w @st/web` against a gateway (or cloud) listening on ST_DEV_API (default :8080).
    proxy: {
      '/api': { target: process.env.ST_DEV_API ?? 'http://localhost:8080', ws: true, changeOrigin: true },
    },
  },
}));
