// `npm run bench`: runs every benchmark folder in bench/ (each exports run() from index.ts), one process
// each, streams their output, then writes bench/results.json and prints every figure as a table.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const only = process.argv.slice(2);
const benches = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'index.ts')))
  .map((d) => d.name)
  .filter((n) => only.length === 0 || only.includes(n));

function runOne(name) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'runner.ts'), name], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      process.stdout.write(d.toString().replace(/\n@@BENCH .*\n/, '\n'));
    });
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('@@BENCH '));
      resolve(
        line ? { ok: true, figures: JSON.parse(line.slice(8)) } : { ok: false, error: `exit code ${code}` },
      );
    });
  });
}

function flatten(prefix, value, rows) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}.${k}` : k, v, rows);
  } else rows.push([prefix, value]);
}

const started = Date.now();
const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  benches: {},
};
for (const name of benches) {
  console.log(`\n=== bench/${name}`);
  results.benches[name] = await runOne(name);
}
results.durationSeconds = Math.round((Date.now() - started) / 1000);
writeFileSync(join(here, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);

const rows = [];
for (const [name, r] of Object.entries(results.benches)) {
  if (r.ok) flatten(name, r.figures, rows);
  else rows.push([name, `FAILED (${r.error})`]);
}
const width = Math.max(...rows.map(([k]) => k.length), 10);
console.log(
  `\nFigures (${results.machine.cpus} cores, ${results.machine.cpuModel}, Node ${process.version}):`,
);
for (const [k, v] of rows)
  console.log(`  ${k.padEnd(width)}  ${typeof v === 'number' ? Number(v.toFixed(2)) : v}`);
console.log(`\nwritten to bench/results.json in ${results.durationSeconds} s`);
