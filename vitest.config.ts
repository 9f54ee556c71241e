import { defineConfig } from 'vitest/config';

// One run for every unit and integration test of the packages and servers.
// Browser (end-to-end) tests live in e2e/ and run under Playwright.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/*/test/**/*.test.ts',
      'scripts/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
