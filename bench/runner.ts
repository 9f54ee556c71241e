// Runs one benchmark folder's `run()` in its own process and prints its figures as one JSON line,
// so bench/run.mjs can collect every figure into bench/results.json.
import { z } from 'zod';

const name = process.argv[2];
if (!name) throw new Error('usage: runner.ts <bench folder>');
const mod: unknown = await import(`./${name}/index.ts`);
const parsed = z.object({ run: z.function() }).safeParse(mod);
if (!parsed.success) throw new Error(`bench/${name}/index.ts does not export run()`);
const figures: unknown = await parsed.data.run();
process.stdout.write(`\n@@BENCH ${JSON.stringify(figures)}\n`);
process.exit(0);
