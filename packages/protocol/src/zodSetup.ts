import { z } from 'zod';

// In a browser, zod must not compile parsers with `new Function`: the console's Content-Security-Policy has
// no 'unsafe-eval', and even zod's caught probe is reported as a violation (issue 14). It decides when a
// schema is built, so this runs before any schema of this package exists (first line of index.ts). The
// servers keep the faster compiled parsers.
// (`window`/`document` are read off globalThis: this package is typed without the DOM library.)
if (Reflect.has(globalThis, 'window') && Reflect.has(globalThis, 'document')) {
  Reflect.set(globalThis, '__stZodJitless', z.config({ jitless: true }));
}
