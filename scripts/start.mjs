// `npm start`: installs and builds when needed, then runs the whole system on this machine (cloud on 8081,
// a gateway on 8080 linked to it, ST_DEVICES simulated devices) and prints the URLs and the login.
import { join } from 'node:path';
import { buildAll } from './build.mjs';
import { ensureInstalled } from './ensure-install.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureInstalled();
await buildAll();
const { startSystem } = await import('./system.mjs');

const dataDir = process.env.ST_DATA_DIR ?? join(root, '.data');
const system = await startSystem({
  dataDir,
  cloudPort: Number(process.env.ST_CLOUD_PORT ?? 8081),
  gatewayPort: Number(process.env.ST_PORT ?? 8080),
  devices: Number(process.env.ST_DEVICES ?? 3),
}).catch((e) => {
  console.error(`\nCould not start the system: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});

console.log(`
SmartThing console is running.

  Gateway mode (no login):  ${system.gatewayUrl}/
  Cloud mode:               ${system.cloudUrl}/
      login:    ${system.login}
      password: ${system.password}

  ${process.env.ST_DEVICES ?? 3} simulated devices are beaconing on 127.0.0.1; the gateway is linked to the cloud as "Home".
  Logs: ${system.logDir}/{cloud,gateway,simulator}.log      Stop with Ctrl-C.
`);

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await system.stop();
    process.exit(0);
  });
}
