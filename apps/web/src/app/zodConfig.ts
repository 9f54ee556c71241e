import { z } from 'zod';

// Zod compiles object parsers with `new Function` unless told not to; under the console's
// Content-Security-Policy (no 'unsafe-eval') even its caught probe is reported as a violation. Imported
// first by main.tsx, before any schema parses (issue 14).
z.config({ jitless: true });
