// `npm run gateway|cloud|simulator -- <args>`: installs and builds when needed, then runs the app's bundle.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildAll } from './build.mjs';
import { ensureInstalled } from './ensure-install.mjs';
import { serverNodeArgs } from './node-args.mjs';

const root = new URL('..', import.meta.url).pathname;
const [app, ...args] = process.argv.slice(2);
if (!app || !['gateway', 'cloud', 'simulator'].includes(app)) {
  console.error('usage: node scripts/run-app.mjs gateway|cloud|simulator [args...]');
  process.exit(2);
}
ensureInstalled();
await buildAll();
const main = join(root, 'apps', app, 'dist', 'main.js');
if (!existsSync(main)) {
  console.error(`apps/${app} has no entry point yet (apps/${app}/src/main.ts)`);
  process.exit(1);
}
const child = spawn(process.execPath, ['--enable-source-maps', ...serverNodeArgs(app), main, ...args], {
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
