// The console's zod. Every `import ... from 'zod'` of the console's build (its own modules and
// @st/protocol's) resolves to this module (vite.config.ts), so zod is set jitless before any module builds a
// schema, whichever chunk that module lands in: the Content-Security-Policy has no 'unsafe-eval', zod must
// not compile parsers with `new Function`, and even its caught probe is reported as a violation.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
