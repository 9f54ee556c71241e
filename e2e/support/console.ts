// A Playwright `test` whose every page fails the test on a console error, an uncaught page error or a
// preload the browser cannot use, on any Content-Security-Policy violation (never allowed, whatever `allow`
// accepts), and on a console page served without a Content-Security-Policy header (issue 14).
// Adopt it with `import { expect, test } from './support/console'`; a test that expects a failing request
// calls `consoleGuard.allow(/pattern/)` first. Each error is matched as "<text> (<source url>)".
import { test as base, expect, type Page } from '@playwright/test';

/**
 * A 401 from an /api/ call is the cloud's "sign in or renew" signal (spec section 4): the console answers it
 * with the silent sign-in probe or a refresh, and a real failure shows up on screen, where tests assert.
 * Chromium still prints every 4xx as a console error, so these alone are always allowed.
 */
const ALWAYS_ALLOWED: readonly RegExp[] = [
  /^Failed to load resource: the server responded with a status of 401 .*\(https?:\/\/[^)]*\/api\//,
];

export interface ConsoleGuard {
  /** Accepts console errors matching the pattern for the rest of this test. */
  allow(pattern: RegExp): void;
  /** The errors seen so far that no pattern accepts. */
  unexpected(): string[];
}

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ context }, use) => {
      const seen: string[] = [];
      const allowed: RegExp[] = [...ALWAYS_ALLOWED];
      const csp: string[] = [];
      // Every violation the browser reports to the page, whatever the console prints about it.
      await context.exposeBinding('__stCspViolation', (_source, text: string) => {
        csp.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = Reflect.get(window, '__stCspViolation');
          if (typeof report === 'function')
            report(
              `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
            );
        });
      });
      context.on('response', (response) => {
        if (response.request().resourceType() !== 'document') return;
        const url = response.url();
        if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url) || url.includes('/api/')) return;
        if (!response.headers()['content-security-policy']) csp.push(`no Content-Security-Policy on ${url}`);
      });
      const watch = (page: Page) => {
        page.on('console', (message) => {
          // A preload the page cannot use (its request mode differs from the real request's) means the
          // browser downloads the file twice (issue 21): as much a bug as an error.
          const unusablePreload =
            message.type() === 'warning' &&
            /preload .* is not used because the request credentials mode/.test(message.text());
          if (message.type() !== 'error' && !unusablePreload) return;
          const where = message.location().url;
          seen.push(where ? `${message.text()} (${where})` : message.text());
        });
        page.on('pageerror', (error) => seen.push(`Uncaught ${error.name}: ${error.message}`));
      };
      for (const page of context.pages()) watch(page);
      context.on('page', watch);
      const guard: ConsoleGuard = {
        allow: (pattern) => {
          allowed.push(pattern);
        },
        unexpected: () => seen.filter((line) => !allowed.some((pattern) => pattern.test(line))),
      };
      await use(guard);
      expect(csp, 'Content-Security-Policy violations').toEqual([]);
      expect(guard.unexpected(), 'errors printed on the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
