import { config } from 'zod/v4/core';

// In a browser, zod must not compile parsers with `new Function`: the console's Content-Security-Policy has
// no 'unsafe-eval', and even zod's caught probe is reported as a violation (issue 14). It decides when a
// schema is built, so this runs before any schema of this package exists (first line of index.ts). The
// console's build does not rely on it: a bundle may run a chunk of schemas before this module, so there
// 'zod' itself resolves to a module that sets it (apps/web/src/zod.ts). The servers keep the faster
// compiled parsers.
// (`window`/`document` are read off globalThis: this package is typed without the DOM library.)
if (Reflect.has(globalThis, 'window') && Reflect.has(globalThis, 'document')) {
  Reflect.set(globalThis, '__stZodJitless', config({ jitless: true }));
}
