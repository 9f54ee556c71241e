import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { handleShutdownSignals, loadConfigOrExit } from '@st/server-kit';
import { build } from './app';
import { GATEWAY_CONFIG_KEYS, GatewayConfigSchema } from './config';

// The runnable gateway: `npm run gateway` (or `npx tsx apps/gateway/src/main.ts --port 8080 ...`).
const config = loadConfigOrExit(GatewayConfigSchema, {
  keys: GATEWAY_CONFIG_KEYS,
  argv: process.argv.slice(2),
});
/** Set at build time by scripts/build.mjs (esbuild define), else the running file's modification time. */
const buildTime =
  config.buildTime ??
  process.env.ST_BUILD_TIME ??
  statSync(fileURLToPath(import.meta.url)).mtime.toISOString();

const gateway = await build({ ...config, buildTime });
handleShutdownSignals({ logger: gateway.logger, stop: () => gateway.stop() });
try {
  await gateway.start();
} catch (err) {
  gateway.logger.fatal({ err }, 'gateway failed to start');
  await gateway.stop();
  process.exit(1);
}
