import { defineConfig } from 'vitest/config';

// One run for every unit and integration test of the packages and servers.
// Browser (end-to-end) tests live in e2e/ and run under Playwright.
//
// Two projects that differ in one setting: unit tests (packages, the console, scripts) share one module
// graph per worker (`isolate: false`), because re-importing React, zod and the protocol for each of their
// files costs more than the tests themselves; none of them keeps state between files. Integration tests
// (apps/*/test: servers, databases and devices in the test's own process) keep a fresh module graph per file,
// so each server starts from clean module state.
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['apps/*/test/**/*.test.ts'] },
      },
    ],
  },
});
