import { createLogger, handleShutdownSignals, loadConfigOrExit } from '@st/server-kit';
import { CloudServer } from './app';
import { CLOUD_CONFIG_KEYS, CloudConfig } from './config';
import { applyHeapGrowth, hasOldSpaceFloor } from './heapGrowth';
import { runUsersCommand } from './users/command';

// The runnable cloud: `npm run cloud` (flags mirror the environment, see apps/cloud/README.md), and
// `npm run cloud -- users add <login>` (password from ST_PASSWORD or a prompt).
const argv = process.argv.slice(2);

if (argv[0] === 'users') {
  const rest = argv.slice(1);
  const flagsAt = rest.findIndex((a) => a.startsWith('--'));
  const words = flagsAt < 0 ? rest : rest.slice(0, flagsAt);
  const config = loadConfigOrExit(CloudConfig, {
    keys: CLOUD_CONFIG_KEYS,
    argv: flagsAt < 0 ? [] : rest.slice(flagsAt),
  });
  process.exit(await runUsersCommand(config, words));
}

const config = loadConfigOrExit(CloudConfig, { keys: CLOUD_CONFIG_KEYS, argv });
applyHeapGrowth(config.heapGrowingPercent);
const logger = createLogger({ name: 'cloud', level: config.logLevel });
if (!hasOldSpaceFloor())
  logger.info(
    'node runs without --initial-old-space-size=128 (scripts/node-args.mjs, docs/deploy.md): under relay load V8 runs a full GC every few seconds',
  );
const server = new CloudServer(config, {
  logger,
  ...(process.env.ST_BUILD_TIME ? { buildTime: process.env.ST_BUILD_TIME } : {}),
});
handleShutdownSignals({
  logger,
  stop: () => server.stop(config.shutdownDrainMs),
  // the drain and the grace for requests in flight, then the stop steps
  timeoutMs: config.shutdownDrainMs + config.shutdownGraceMs + 15_000,
});
try {
  await server.start();
} catch (err) {
  logger.fatal({ err }, 'cloud failed to start');
  await server.stop();
  process.exit(1);
}
