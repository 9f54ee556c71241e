import { hostname } from 'node:os';
import {
  type DeviceInfo,
  JSON_BODY_MAX_BYTES,
  LINK_DESTINATIONS,
  PRODUCT_VERSION,
  topicDestination,
} from '@st/protocol';
import {
  createHttpApp,
  createLogger,
  registerCompression,
  registerErrorHandling,
  registerMetrics,
  registerOpenApi,
} from '@st/server-kit';
import { DEFAULT_STOMP_PATH } from '@st/stomp';
import { createCloudPart } from './cloud/index';
import { SummaryReporter } from './cloud/summary';
import { DEFAULTS, type GatewayConfig } from './config';
import { openDatabase } from './db/database';
import { createGatewayBus } from './events/gatewayEvents';
import type { BuildOptions, Gateway, GatewayPart } from './gateway';
import { gatewayLifecycle } from './lifecycle';
import { LiveBackpressure } from './live/liveBackpressure';
import { bridgeLiveTopics } from './live/liveTopics';
import { deviceHealthRoutes } from './routes/alerts/index';
import { gatewayAuthRoutes, registerSignInGuard } from './routes/auth/index';
import { backupRoutes } from './routes/backups/index';
import { historyRoutes } from './routes/history/index';
import { registerRoutes } from './routes/index';
import { integrationRoutes } from './routes/integrations/index';
import { localNameRoutes } from './routes/name/index';
import { otaRoutes } from './routes/ota/index';
import { rolloutRoutes } from './routes/rollouts/index';
import { tagRoutes } from './routes/tags/index';
import { createSampling } from './samples';
import { createDeviceHealth } from './services/alerts/index';
import { GatewayAuth } from './services/auth/gatewayAuth';
import { BACKUP_CONFIRM_MS, Backups } from './services/backups/backups';
import { BackupStore } from './services/backups/store';
import { CommandRunner } from './services/devices/commandRunner';
import { DeviceClient } from './services/devices/deviceClient';
import { DeviceResolver } from './services/devices/resolver';
import { metricsRestartProbe, Restarts } from './services/devices/restarts';
import { Discovery } from './services/discovery/discovery';
import { SeenDevices } from './services/discovery/seenDevices';
import { SeenKeeper } from './services/discovery/seenKeeper';
import { SettingsDumps } from './services/dumps/dumps';
import { LoggerReconnect } from './services/logs/loggerReconnect';
import { DeviceLogs } from './services/logs/logs';
import { createGatewayMetrics } from './services/metrics/gatewayMetrics';
import { createMqttPart } from './services/mqtt/index';
import { LocalName } from './services/name/localName';
import { Notifications } from './services/notifications/notifications';
import { createOta, httpVersionProbe } from './services/ota/index';
import { createRollouts } from './services/rollouts/index';
import { SavedDevices } from './services/saved/savedDevices';
import { SavedDevicesRepo } from './services/saved/savedDevicesRepo';
import { DeviceTags } from './services/tags/deviceTags';
import { serveConsoleAndLive } from './web';

export type { BuildOptions, Gateway, GatewayPart } from './gateway';

/** The composition root: wires config, storage, services, routes and the live channel. Does not listen. */
export async function build(config: GatewayConfig, options: BuildOptions = {}): Promise<Gateway> {
  const logger = options.logger ?? createLogger({ name: 'gateway', level: config.logLevel });
  const version = PRODUCT_VERSION;
  const buildTime = config.buildTime ?? new Date().toISOString();
  const group = config.multicastGroup ?? DEFAULTS.multicastGroup;
  const db = openDatabase(config.dataDir, logger);
  const bus = createGatewayBus();
  const onListenerError = (err: unknown) => logger.error({ err }, 'event listener failed');

  const lostAfterMs = config.lostAfterMs ?? 5000;
  const client = new DeviceClient({ timeoutMs: config.deviceTimeoutMs ?? DEFAULTS.deviceTimeoutMs });
  const restarts = new Restarts(
    { windowMs: config.restartWindowMs ?? DEFAULTS.restartWindowMs },
    metricsRestartProbe(client, 1500),
    {
      restarting: (e) => bus.emit('device.restarting', e, onListenerError),
      returned: (e, backAfterMs) => bus.emit('device.restarted', { ...e, backAfterMs }, onListenerError),
      overdue: (e) => bus.emit('device.restart-overdue', e, onListenerError),
    },
    logger.child({ part: 'restarts' }),
  );
  const discovery = new Discovery(
    {
      group,
      port: config.discoveryPort,
      interfaceAddress: config.multicastIf,
      trustBeaconAddress: config.trustBeaconAddress,
      lostAfterMs,
      checkIntervalMs: config.lostCheckIntervalMs ?? 1000,
    },
    {
      found: (d) => bus.emit('device.found', d, onListenerError),
      lost: (d) => bus.emit('device.lost', d, onListenerError),
      seen: (d) => restarts.seen(d.ip),
      holding: (ip) => restarts.get(ip) !== undefined,
    },
    logger.child({ part: 'discovery' }),
  );
  const saved = new SavedDevices(new SavedDevicesRepo(db), client);
  const seen = new SeenKeeper(
    new SeenDevices(db),
    discovery,
    bus,
    lostAfterMs,
    logger.child({ part: 'seen' }),
  );
  const logs = new DeviceLogs(
    db,
    {
      tcpPort: config.logPort,
      tcpHost: config.host,
      multicastGroup: group,
      multicastPort: config.logPort,
      multicastInterface: config.multicastIf,
      retention: config.logRetention,
      flushIntervalMs: config.logFlushIntervalMs,
      liveCongested: () => live.congested(),
    },
    logger.child({ part: 'logs' }),
    (lines) => bus.emit('device.logs', lines, onListenerError),
  );

  const app = createHttpApp({
    logger,
    bodyLimit: JSON_BODY_MAX_BYTES,
    allowedOrigins: config.allowedOrigins,
    trustProxy: config.trustProxy,
  });
  const live = new LiveBackpressure(app.server, { path: DEFAULT_STOMP_PATH });
  registerErrorHandling(app);
  const metrics = registerMetrics(app, { enabled: config.metrics, token: config.metricsToken });
  await registerCompression(app);
  const auth = new GatewayAuth(config.dataDir, config.gatewayPassword);
  registerSignInGuard(app, auth);
  // Before any route: the OpenAPI document lists the routes registered after it.
  await registerOpenApi(app, {
    title: 'SmartThing gateway',
    version,
    description:
      'The local gateway: discovery, saved devices, device commands, logs, settings dumps, notifications, sign-in.',
  });
  gatewayAuthRoutes(app, auth);
  const resolver = new DeviceResolver(discovery, saved);
  const ota = createOta({
    db,
    dataDir: config.dataDir,
    client,
    findDevice: (ip) => resolver.find(ip),
    publish: (taskId, message) => {
      gatewayMetrics.otaStatus(message.status);
      const destination = topicDestination('gateway.ota', { taskId });
      stomp
        .publishJson(destination, message)
        .catch((err: unknown) => logger.warn({ err, destination }, 'publish failed'));
      cloud.forward(destination, message);
      bus.emit('ota.progress', { taskId, message }, onListenerError);
    },
    logger: logger.child({ part: 'ota' }),
    concurrency: config.otaConcurrency,
    timeouts: config.otaTimeouts,
    restarts: {
      hold: (ip) => restarts.hold(ip, 'ota'),
      begin: (ip) => restarts.begin(ip, 'ota'),
      cancel: (ip) => restarts.cancel(ip),
      returned: (ip) => restarts.returned(ip),
    },
  });
  const commands = new CommandRunner(client, { restarts, device: (ip) => resolver.find(ip) });
  const loggers = new LoggerReconnect(
    {
      graceMs: config.loggerGraceMs ?? DEFAULTS.loggerGraceMs,
      waitMs: DEFAULTS.loggerWaitMs,
    },
    { commands, connected: (ip) => logs.isConnected(ip), logger: logger.child({ part: 'loggers' }) },
  );
  bus.on('device.found', (d) => loggers.onFound(d));
  const backupStore = new BackupStore(db);
  const backups = new Backups({
    store: backupStore,
    commands,
    resolver,
    devices: () => {
      const all = new Map<string, DeviceInfo>(saved.list().map(({ id: _id, ...d }) => [d.ip, d]));
      for (const d of discovery.list()) all.set(d.ip, d);
      return [...all.values()];
    },
    push: (copy) => cloud.link.sendConfirmed(LINK_DESTINATIONS.backups, copy, BACKUP_CONFIRM_MS),
    restoreConcurrency: config.backupRestoreConcurrency,
    ...(config.backupFirstRunDelayMs === undefined ? {} : { firstRunDelayMs: config.backupFirstRunDelayMs }),
    logger: logger.child({ part: 'backups' }),
  });
  bus.on('device.found', (d) => backups.onFound(d));
  const tags = new DeviceTags(db, (ip, list) =>
    bus.emit('device.tagged', { ip, tags: list }, onListenerError),
  );
  const knows = (ip: string) =>
    discovery.get(ip) !== undefined ||
    saved.byIp(ip) !== undefined ||
    seen.now().some((d) => d.device.ip === ip);
  tagRoutes(app, { tags, knows });
  const mqtt = createMqttPart(
    {
      app,
      config,
      db,
      bus,
      runner: commands,
      discovery,
      version,
      logger: logger.child({ part: 'mqtt' }),
      tagsOf: (ip) => tags.of(ip),
    },
    options.mqtt,
  );
  const notifications = new Notifications(db);
  registerRoutes(app, {
    config,
    version,
    buildTime,
    bus,
    discovery,
    saved,
    resolver,
    commands,
    logs,
    loggers,
    dumps: new SettingsDumps(db, () => backups.flushCloud()),
    notifications,
    tags,
  });
  await otaRoutes(app, { ...ota, firmwareMaxBytes: config.otaFirmwareMaxBytes });
  const health = createDeviceHealth({
    db,
    bus,
    logger: logger.child({ part: 'alerts' }),
    gateway: () => cloud.link.identity?.gateway,
    self: () => {
      const address = app.server.address();
      return typeof address === 'object' && address ? address : undefined;
    },
    ...(config.alertTimings ? { timings: config.alertTimings } : {}),
  });
  deviceHealthRoutes(app, health);
  // a message the bus does not carry, to the console's live channel and (when asked for) up the cloud link
  const publishLive = (destination: string, message: unknown) => {
    stomp.publishJson(destination, message).catch((err: unknown) => logger.warn({ err }, 'publish failed'));
    cloud.forward(destination, message);
  };
  const rollouts = createRollouts({
    db,
    bus,
    library: ota.library,
    ota: ota.service,
    probe: httpVersionProbe(client, 2000),
    health,
    tags,
    found: () => discovery.list(),
    others: () => [...saved.list(), ...seen.now().map((s) => s.device)],
    online: (ip) => discovery.get(ip),
    gateway: () => cloud.link.identity?.gateway ?? { id: 'local', name: hostname() },
    publish: (message) => publishLive(topicDestination('gateway.rollouts'), message),
    notify: (body) => publishLive(topicDestination('gateway.notifications'), notifications.accept(body)),
    logger: logger.child({ part: 'rollouts' }),
    clock: options.clock,
    timings: config.rolloutTimings,
  });
  rolloutRoutes(app, rollouts.service);
  await backupRoutes(app, {
    backups,
    store: backupStore,
    fetchCloudCopies: () => cloud.link.backupCopies(),
    tags,
  });
  integrationRoutes(app, mqtt.integration);
  localNameRoutes(app, new LocalName(db));
  const stomp = await serveConsoleAndLive(app, config, auth, version, logger);
  const stopLive = bridgeLiveTopics(bus, stomp, logger);
  const gatewayMetrics = createGatewayMetrics({
    registry: metrics.registry,
    bus,
    discovery,
    logs,
    stomp,
    mqtt: { stats: () => mqtt.bridge.stats, connected: () => mqtt.bridge.getStatus().state === 'connected' },
  });
  const cloud = createCloudPart(
    {
      app,
      bus,
      stomp,
      dataDir: config.dataDir,
      logger,
      onStatus: (s) => {
        if (s !== 'CONNECTED') return;
        backups.flushCloud();
        summaries.soon();
      },
    },
    options.cloud,
  );
  const { history, sampler, stopRecording } = createSampling({
    config,
    db,
    bus,
    client,
    devices: () => [...discovery.list(), ...saved.list()].map((d) => d.ip),
    logger,
    onListenerError,
  });
  historyRoutes(app, {
    history,
    found: () => discovery.list(),
    saved: () => saved.list(),
    seen: () => seen.now(),
    forget: (ip) => seen.forget(ip),
    knows: (ip) => discovery.get(ip) !== undefined || saved.byIp(ip) !== undefined,
    tags,
    restarting: (ip) => discovery.holds(ip),
  });
  // the fleet's counts and device names for the cloud's cross-gateway overview (cloud/summary.ts)
  const summaries = new SummaryReporter({
    facts: {
      rows: () => history.overview(discovery.list(), saved.list(), seen.now()),
      library: () => ota.library.list(),
      crashLooping: () => health.rules.crashLoops().map((c) => c.ip),
    },
    linked: () => cloud.link.status === 'CONNECTED',
    send: (destination, payload, timeoutMs) => cloud.link.sendConfirmed(destination, payload, timeoutMs),
    logger: logger.child({ part: 'fleet summary' }),
  });
  for (const event of ['device.found', 'device.lost'] as const) bus.on(event, () => summaries.soon());

  const parts: GatewayPart[] = [
    { name: 'live backpressure', start: () => live.start(), stop: () => live.stop() },
    { name: 'discovery', start: () => discovery.start(), stop: () => discovery.stop() },
    { name: 'seen devices', start: () => seen.start(), stop: () => seen.stop() },
    { name: 'restarting devices', start: () => undefined, stop: () => restarts.stop() },
    { name: 'device logs', start: () => logs.start(), stop: () => logs.stop() },
    { name: 'logger reconnects', start: () => undefined, stop: () => loggers.stop() },
    { name: 'fleet summary', start: () => summaries.start(), stop: () => summaries.stop() },
    cloud,
    { name: 'ota uploads', start: () => ota.service.start(), stop: () => ota.service.stop() },
    health.part,
    rollouts.part,
    mqtt.part,
    { name: 'sensor history', start: () => history.start(), stop: () => history.stop() },
    { name: 'sampler', start: () => sampler.start(), stop: () => sampler.stop() },
    { name: 'backups', start: () => backups.start(), stop: () => backups.stop() },
  ];
  return {
    app,
    config,
    logger,
    bus,
    db,
    stomp,
    discovery,
    logs,
    sampler,
    history,
    addPart: (part) => parts.push(part),
    ...gatewayLifecycle({
      app,
      config,
      logger,
      parts,
      logPort: () => logs.tcpPort,
      last: [
        { name: 'live bridge', stop: stopLive },
        { name: 'history recording', stop: stopRecording },
        { name: 'event bus', stop: () => bus.clear() },
        { name: 'database', stop: () => db.close() },
      ],
    }),
  };
}
