import { randomBytes } from 'node:crypto';
import { BasePath, CLOUD_ROUTES, LINK_TRANSFER, OK, OTA, PRODUCT_VERSION, TIMEOUTS } from '@st/protocol';
import {
  type AlertLookup,
  beginClosing,
  createHttpApp,
  type HttpApp,
  type Logger,
  parseAlertAllowList,
  publicDestinations,
  registerCompression,
  registerErrorHandling,
  registerMetrics,
  registerOpenApi,
  type StopStep,
  serveConsole,
  stopInOrder,
} from '@st/server-kit';
import type { StompServer } from '@st/stomp';
import { type Kysely, sql } from 'kysely';
import { GatewayIncidents } from './alerts/incidents';
import { registerAlertRoutes } from './alerts/routes';
import { CloudAlertStore } from './alerts/store';
import { GatewayWatch, type GatewayWatchOptions } from './alerts/watch';
import { AuditLog } from './audit/log';
import { AccessCache } from './auth/accessCache';
import { ApiTokenStore } from './auth/apiTokens';
import { JwtSigner } from './auth/jwt';
import { RateLimiter } from './auth/rateLimit';
import { loadSecret } from './auth/secret';
import { SessionStore } from './auth/sessions';
import { registerSignIn } from './auth/signIn';
import { BackupCipher } from './backups/crypto';
import { receiveLinkBackups, registerBackupRoutes } from './backups/routes';
import { CloudBackupStore } from './backups/store';
import { type CloudConfig, storageTarget } from './config';
import { openDatabase } from './db/connect';
import type { CloudDatabase } from './db/schema';
import { receiveLinkSummaries, registerFleetRoutes } from './fleet/routes';
import { GatewaySummaries } from './fleet/summaries';
import { registerGatewayRoutes } from './gateways/routes';
import { GatewayStore } from './gateways/store';
import { InFlightRequests, stopListening } from './health/inFlight';
import { type DependencyCheck, Readiness } from './health/readiness';
import { registerHealthRoutes } from './health/routes';
import { acceptEmptyJson } from './http/json';
import { Authenticator } from './http/principal';
import { RequestAuth } from './http/requestAuth';
import { LinkManager } from './link/links';
import { createLiveServer, type LivePrincipal } from './live/stomp';
import { registerCloudMetrics } from './metrics/cloudMetrics';
import { Admission } from './relay/admission';
import { Relay } from './relay/relay';
import { registerRelayRoutes } from './relay/routes';
import { registerCloudRollouts } from './rollouts/index';
import { aliveKey, NodeWatch } from './scale/nodeWatch';
import { scaleOut } from './scale/scaleOut';
import { registerAccounts } from './shares/accounts';
import { ShareStore } from './shares/store';
import { bootstrapAdmin } from './users/bootstrap';
import { UserStore } from './users/users';

export interface CloudOptions {
  logger: Logger;
  /** how long the relay waits for a gateway (default 4500 ms, design.md) */
  relayTimeoutMs?: number;
  /** STOMP heart-beat both ways (default 10000 ms); a silent link is dropped after about twice that */
  heartbeatMs?: number;
  buildTime?: string;
  /** gateway-offline alert check timing (tests shorten it) */
  alerts?: GatewayWatchOptions;
  /** resolves alert destinations' host names (default: the system resolver; tests give their own) */
  alertLookup?: AlertLookup;
  /** a chunked transfer on a gateway link with no chunk this long fails (default LINK_TRANSFER.idleMs; tests) */
  transferStallMs?: number;
}

export const ACCESS_TTL_SECONDS = 15 * 60;

/**
 * The cloud server, composition root: storage, sessions, gateways, the STOMP endpoint with the gateway
 * links, the relay, and (with REDIS_URL) the cross-node plumbing. Nothing happens until start().
 */
export class CloudServer {
  readonly app: HttpApp;
  readonly nodeId = randomBytes(6).toString('hex');
  private readonly steps: StopStep[] = [];
  private usersStore: UserStore | undefined;
  private readiness: Readiness | undefined;
  private relayRef: Relay | undefined;
  private accessRef: AccessCache | undefined;
  private linksRef: LinkManager | undefined;
  private readonly inFlight: InFlightRequests;

  constructor(
    readonly config: CloudConfig,
    private readonly opts: CloudOptions,
  ) {
    this.app = createHttpApp({
      logger: opts.logger,
      trustProxy: config.trustProxy,
      allowedOrigins: config.allowedOrigins,
    });
    this.inFlight = new InFlightRequests(this.app.server);
  }

  /** Opens storage and Redis, registers routes, listens. Returns the bound port. */
  async start(): Promise<number> {
    const { config, opts } = this;
    const log = opts.logger;
    const db = await openDatabase(storageTarget(config), {
      poolMax: config.dbPoolMax,
      onPoolError: (err) => log.warn({ err }, 'database connection lost'),
    });
    this.steps.unshift({ name: 'database', stop: () => db.destroy() });
    // Sessions and gateway roles per node, invalidated across nodes by cluster messages (accessCache.ts).
    const access = new AccessCache({ ttlMs: config.accessCacheMs });
    this.accessRef = access;
    const users = new UserStore(db, {
      inviteTtlMs: config.inviteTtlHours * 3_600_000,
      changes: access,
    });
    this.usersStore = users;
    await bootstrapAdmin(users, config.adminLogin, config.adminPassword, log);
    const sessions = new SessionStore(db, config.refreshTtlDays * 86_400_000, Date.now, access);
    const jwt = new JwtSigner(loadSecret(config.secret, config.dataDir), ACCESS_TTL_SECONDS);
    const gateways = new GatewayStore(db, Date.now, access);
    const shares = new ShareStore(db, Date.now, access);
    const audit = new AuditLog(db, log.child({ part: 'audit' }), {
      retentionDays: config.auditRetentionDays,
      pruneEveryMs: 3_600_000,
    });
    audit.start();
    this.steps.unshift({ name: 'audit', stop: () => audit.stop() });
    const apiTokens = new ApiTokenStore(db);
    const authenticator = new Authenticator(jwt, sessions, gateways, access, apiTokens);
    // A token's use is written (and audited) at most once a minute per token, before the answer.
    const auth = new RequestAuth(authenticator, async (p, req) => {
      if (!p.apiToken || !(await apiTokens.touch(p.apiToken.id, req.ip))) return;
      await audit.record({
        action: 'apiToken.used',
        actorId: p.userId,
        actor: p.login,
        detail: `"${p.apiToken.name}" ${req.method} ${req.url.split('?', 1)[0] ?? ''}`,
        outcome: '200',
        address: req.ip,
      });
    });

    const {
      cluster,
      presence,
      bus,
      hub,
      steps: scaleSteps,
    } = await scaleOut(config.redisUrl, this.nodeId, log);
    this.steps.unshift(...scaleSteps);
    const detachAccess = hub
      ? access.attach(
          cluster,
          () => hub.receiving,
          () => hub.cmd.ping(),
        )
      : access.attach(cluster);
    hub?.onReceivingChange(() => access.forgetAll());
    this.steps.unshift({ name: 'access cache', stop: detachAccess });
    let links: LinkManager | undefined;
    const stomp: StompServer<LivePrincipal> = createLiveServer(this.app.server, {
      authenticator,
      gateways,
      bus,
      logger: log.child({ part: 'stomp' }),
      heartbeatMs: opts.heartbeatMs ?? TIMEOUTS.heartbeatMs,
      allowedOrigins: config.allowedOrigins,
      onLinkReady: (p) => void links?.onLinkReady(p).catch((err) => log.error({ err }, 'link setup failed')),
    });
    const stallMs = opts.transferStallMs ?? LINK_TRANSFER.idleMs;
    links = new LinkManager(stomp, cluster, presence, gateways, log.child({ part: 'links' }), stallMs);
    const held = links;
    const relay = new Relay(cluster, presence, opts.relayTimeoutMs ?? TIMEOUTS.relayMs, stallMs, (id) =>
      held.holderHere(id),
    );
    links.start();
    relay.start();
    this.relayRef = relay;
    const backups = new CloudBackupStore(db, new BackupCipher(loadSecret(config.secret, config.dataDir)));
    const stopBackups = receiveLinkBackups(stomp, backups, log.child({ part: 'backups' }));
    const summaries = new GatewaySummaries(db);
    const stopSummaries = receiveLinkSummaries(stomp, summaries, log.child({ part: 'fleet' }));
    const linkManager = links;
    this.linksRef = links;
    const checks: DependencyCheck[] = [{ name: 'database', check: () => pingDatabase(db) }];
    if (hub) checks.push({ name: 'redis', check: async () => void (await hub.cmd.ping()) });
    const readiness = new Readiness(checks, {
      timeoutMs: 1000,
      intervalMs: 1000,
      failuresToDrain: 3,
      logger: log.child({ part: 'readiness' }),
      // Alone, a node has nowhere to send its sessions; in a cluster they reconnect to a healthy node.
      ...(hub
        ? { onDrain: () => void stomp.closeSessions(() => true, 'This cloud node is draining: reconnect') }
        : {}),
    });
    this.readiness = readiness;
    if (hub) {
      const watch = new NodeWatch(hub, this.nodeId, {
        intervalMs: Math.max(100, Math.floor(config.nodeAliveMs / 3)),
        aliveMs: config.nodeAliveMs,
        onReaped: async (node, orphans) => {
          await cluster.broadcast({ t: 'nodeDown', node });
          await linkManager.reapLinks(orphans);
        },
        onRevived: () => linkManager.reannounce(),
        logger: log.child({ part: 'nodes' }),
      });
      await watch.start();
      this.steps.unshift({ name: 'node watch', stop: () => watch.stop() });
    }
    this.steps.unshift(
      { name: 'stomp', stop: () => stomp.close() },
      { name: 'links', stop: () => linkManager.stop() },
      { name: 'backups', stop: stopBackups },
      { name: 'fleet', stop: stopSummaries },
      { name: 'relay', stop: () => relay.stop() },
      { name: 'http', stop: () => this.app.close() },
    );

    registerErrorHandling(this.app);
    const metrics = registerMetrics(this.app, { enabled: config.metrics, token: config.metricsToken });
    registerCloudMetrics(metrics.registry, stomp);
    await registerCompression(this.app);
    acceptEmptyJson(this.app);
    await registerOpenApi(this.app, { title: 'SmartThing cloud', version: PRODUCT_VERSION });
    const limits = {
      // with several nodes the counts live in Redis: the limits hold for the cloud, not per node
      perIp: new RateLimiter(
        { max: config.loginMaxPerIp, windowMs: 60_000 },
        { prefix: 'st-login-ip', ...(hub ? { redis: hub.cmd } : {}) },
      ),
      perLogin: new RateLimiter(
        { max: config.loginMaxFailures, windowMs: 15 * 60_000 },
        { prefix: 'st-login-failures', ...(hub ? { redis: hub.cmd } : {}) },
      ),
    };
    registerSignIn(this.app, {
      config,
      db,
      secret: loadSecret(config.secret, config.dataDir),
      users,
      sessions,
      jwt,
      auth,
      audit,
      apiTokens,
      gateways,
      accessTtlSeconds: ACCESS_TTL_SECONDS,
      limits,
      endSession: (sid) => void linkManager.endUserSession(sid).catch(() => undefined),
    });
    const revoke = (id: string) => void linkManager.revoke(id).catch(() => undefined);
    registerGatewayRoutes(this.app, { gateways, presence, auth, onGatewayRevoked: revoke, audit });
    registerRelayRoutes(this.app, {
      relay,
      gateways,
      access,
      auth,
      rawBodyLimit: OTA.firmwareMaxBytes + 64 * 1024,
      admission: new Admission(config.relayMaxAdmitting),
      audit,
    });
    registerBackupRoutes(this.app, { backups, gateways, auth });
    registerFleetRoutes(this.app, { gateways, presence, auth, summaries });
    this.steps.unshift(
      registerAccounts(
        this.app,
        { users, sessions, gateways, shares, auth, audit, links: linkManager },
        { log, shareSweepMs: config.shareSweepMs },
      ),
    );
    const alertStore = new CloudAlertStore(db);
    const alertLog = log.child({ part: 'alerts' });
    // users' alerts reach public addresses on the usual ports, and what the operator allows (docs/security.md)
    const destinations = publicDestinations(
      parseAlertAllowList(config.alertAllowedHosts).entries,
      opts.alertLookup,
    );
    registerAlertRoutes(this.app, {
      store: alertStore,
      auth,
      destinations,
      testLimit: new RateLimiter(
        { max: config.alertTestMaxPerMinute, windowMs: 60_000 },
        { prefix: 'st-alert-test', ...(hub ? { redis: hub.cmd } : {}) },
      ),
      logger: alertLog,
    });
    const watch = new GatewayWatch(
      alertStore,
      new GatewayIncidents(db, this.nodeId),
      presence,
      alertLog,
      { ...(opts.alerts ?? { checkMs: config.alertCheckMs }), destinations },
      // A node's unsent alerts are taken over once it is dead: its Redis alive key lapsed (alone: any node
      // id but this one is an earlier run of this node).
      async (node) =>
        node === this.nodeId || (hub !== undefined && (await hub.cmd.exists(aliveKey(node))) === 1),
    );
    watch.start();
    this.steps.unshift({ name: 'gateway watch', stop: () => watch.stop() });
    const rolloutDeps = {
      db,
      relay,
      gateways,
      presence,
      cluster,
      auth,
      audit,
      logger: log.child({ part: 'rollouts' }),
      isAdmin: (userId: string) => users.isAdmin(userId),
      // a pause or an end of a rollout across gateways: one alert on its creator's channels
      alerts: { settings: (userId: string) => alertStore.get(userId), send: watch.send.bind(watch) },
    };
    // stopped before the watch (steps stop in reverse), so its last alerts still go out
    this.steps.unshift(registerCloudRollouts(this.app, rolloutDeps, { tickMs: config.rolloutTickMs }));
    const buildTime = opts.buildTime ?? new Date().toISOString();
    this.app.get(CLOUD_ROUTES['cloud.build'].path, async () => ({
      version: PRODUCT_VERSION,
      buildTime,
      mode: 'cloud' as const,
    }));
    this.app.get('/api/health', async () => OK);
    registerHealthRoutes(this.app, { readiness, nodeId: this.nodeId, links: () => linkManager.size });
    await serveConsole(this.app, {
      webDist: config.webDist,
      runtime: { mode: 'cloud', basePath: BasePath.parse(config.basePath), version: PRODUCT_VERSION },
    });

    await this.app.listen({ port: config.port, host: config.host });
    const addr = this.app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    readiness.start();
    this.steps.unshift({ name: 'readiness', stop: () => readiness.stop() });
    log.info({ port, node: this.nodeId, redis: Boolean(config.redisUrl) }, 'cloud listening');
    return port;
  }

  /** The relay, past the routes' checks: tests send what a compromised cloud could send to a gateway. */
  get relay(): Relay {
    if (!this.relayRef) throw new Error('CloudServer not started');
    return this.relayRef;
  }

  /** The node's gateway links (tests replay a revocation that reaches the node late). */
  get links(): LinkManager {
    if (!this.linksRef) throw new Error('CloudServer not started');
    return this.linksRef;
  }

  /** The per-node cache of sessions and roles (tests read its hit count). */
  get accessCache(): AccessCache {
    if (!this.accessRef) throw new Error('CloudServer not started');
    return this.accessRef;
  }

  /** The user store (for the CLI and tests); available after start(). */
  get users(): UserStore {
    if (!this.usersStore) throw new Error('CloudServer not started');
    return this.usersStore;
  }

  /**
   * Answers not-ready from now on (a load balancer stops sending new work) and waits `drainMs`; then accepts no
   * new connection, answers new requests 503 SHUTTING_DOWN, and lets the requests in flight finish (relayed ones
   * included: links, database and Redis are still up) for at most `config.shutdownGraceMs`; then stops in order.
   */
  async stop(drainMs = 0): Promise<void> {
    this.readiness?.markStopping();
    if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
    beginClosing(this.app);
    stopListening(this.app.server);
    const unfinished = await this.inFlight.settled(this.config.shutdownGraceMs);
    if (unfinished > 0) {
      this.opts.logger.warn(
        { requests: unfinished, graceMs: this.config.shutdownGraceMs },
        'stopping with requests still in flight',
      );
    }
    await stopInOrder(this.steps.splice(0), this.opts.logger);
  }
}

async function pingDatabase(db: Kysely<CloudDatabase>): Promise<void> {
  await sql`select 1`.execute(db);
}
