import { randomBytes } from 'node:crypto';
import { BasePath, CLOUD_ROUTES, OK, OTA, PRODUCT_VERSION, TIMEOUTS } from '@st/protocol';
import {
  beginClosing,
  createHttpApp,
  type HttpApp,
  type Logger,
  registerErrorHandling,
  registerOpenApi,
  type StopStep,
  serveConsole,
  stopInOrder,
} from '@st/server-kit';
import { MemoryBus, type StompBus, type StompServer } from '@st/stomp';
import { JwtSigner } from './auth/jwt';
import { RateLimiter } from './auth/rateLimit';
import { registerAuthRoutes } from './auth/routes';
import { loadSecret } from './auth/secret';
import { SessionStore } from './auth/sessions';
import { type CloudConfig, storageTarget } from './config';
import { openDatabase } from './db/connect';
import { registerGatewayRoutes } from './gateways/routes';
import { GatewayStore } from './gateways/store';
import { acceptEmptyJson } from './http/json';
import { Authenticator } from './http/principal';
import { RequestAuth } from './http/requestAuth';
import { LinkManager } from './link/links';
import { LocalPresence, type Presence } from './link/presence';
import { createLiveServer, type LivePrincipal } from './live/stomp';
import { Relay } from './relay/relay';
import { registerRelayRoutes } from './relay/routes';
import { type Cluster, LocalCluster } from './scale/cluster';
import { RedisHub } from './scale/hub';
import { RedisStompBus } from './scale/redisBus';
import { RedisCluster } from './scale/redisCluster';
import { RedisPresence } from './scale/redisPresence';
import { bootstrapAdmin } from './users/bootstrap';
import { UserStore } from './users/users';

export interface CloudOptions {
  logger: Logger;
  /** how long the relay waits for a gateway (default 4500 ms, design.md) */
  relayTimeoutMs?: number;
  /** STOMP heart-beat both ways (default 10000 ms); a silent link is dropped after about twice that */
  heartbeatMs?: number;
  buildTime?: string;
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
  private relayRef: Relay | undefined;

  constructor(
    readonly config: CloudConfig,
    private readonly opts: CloudOptions,
  ) {
    this.app = createHttpApp({
      logger: opts.logger,
      trustProxy: config.trustProxy,
      allowedOrigins: config.allowedOrigins,
    });
  }

  /** Opens storage and Redis, registers routes, listens. Returns the bound port. */
  async start(): Promise<number> {
    const { config, opts } = this;
    const log = opts.logger;
    const db = await openDatabase(storageTarget(config));
    this.steps.unshift({ name: 'database', stop: () => db.destroy() });
    const users = new UserStore(db);
    this.usersStore = users;
    await bootstrapAdmin(users, config.adminLogin, config.adminPassword, log);
    const sessions = new SessionStore(db, config.refreshTtlDays * 86_400_000);
    const jwt = new JwtSigner(loadSecret(config.secret, config.dataDir), ACCESS_TTL_SECONDS);
    const gateways = new GatewayStore(db);
    const authenticator = new Authenticator(jwt, sessions, gateways);
    const auth = new RequestAuth(authenticator);

    const { cluster, presence, bus } = await this.scaleOut(log);
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
    links = new LinkManager(stomp, cluster, presence, gateways, log.child({ part: 'links' }));
    const relay = new Relay(cluster, presence, opts.relayTimeoutMs ?? TIMEOUTS.relayMs);
    links.start();
    relay.start();
    this.relayRef = relay;
    const linkManager = links;
    this.steps.unshift(
      { name: 'stomp', stop: () => stomp.close() },
      { name: 'links', stop: () => linkManager.stop() },
      { name: 'relay', stop: () => relay.stop() },
      { name: 'http', stop: () => this.app.close() },
    );

    registerErrorHandling(this.app);
    acceptEmptyJson(this.app);
    await registerOpenApi(this.app, { title: 'SmartThing cloud', version: PRODUCT_VERSION });
    registerAuthRoutes(this.app, {
      users,
      sessions,
      jwt,
      auth,
      accessTtlSeconds: ACCESS_TTL_SECONDS,
      limits: {
        perIp: new RateLimiter({ max: config.loginMaxPerIp, windowMs: 60_000 }),
        perLogin: new RateLimiter({ max: config.loginMaxFailures, windowMs: 15 * 60_000 }),
      },
      onSessionRevoked: (sid) => void linkManager.endUserSession(sid).catch(() => undefined),
    });
    const revoke = (id: string) => void linkManager.revoke(id).catch(() => undefined);
    registerGatewayRoutes(this.app, { gateways, presence, auth, onGatewayRevoked: revoke });
    registerRelayRoutes(this.app, { relay, gateways, auth, rawBodyLimit: OTA.firmwareMaxBytes + 64 * 1024 });
    const buildTime = opts.buildTime ?? new Date().toISOString();
    this.app.get(CLOUD_ROUTES['cloud.build'].path, async () => ({
      version: PRODUCT_VERSION,
      buildTime,
      mode: 'cloud' as const,
    }));
    this.app.get('/api/health', async () => OK);
    await serveConsole(this.app, {
      webDist: config.webDist,
      runtime: { mode: 'cloud', basePath: BasePath.parse(config.basePath), version: PRODUCT_VERSION },
    });

    await this.app.listen({ port: config.port, host: config.host });
    const addr = this.app.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    log.info({ port, node: this.nodeId, redis: Boolean(config.redisUrl) }, 'cloud listening');
    return port;
  }

  /** The user store (for the CLI and tests); available after start(). */
  /** The relay, past the routes' checks: tests send what a compromised cloud could send to a gateway. */
  get relay(): Relay {
    if (!this.relayRef) throw new Error('CloudServer not started');
    return this.relayRef;
  }

  get users(): UserStore {
    if (!this.usersStore) throw new Error('CloudServer not started');
    return this.usersStore;
  }

  async stop(): Promise<void> {
    // New requests get 503 SHUTTING_DOWN from now on, before the parts they would use stop.
    beginClosing(this.app);
    await stopInOrder(this.steps.splice(0), this.opts.logger);
  }

  private async scaleOut(log: Logger): Promise<{ cluster: Cluster; presence: Presence; bus: StompBus }> {
    if (!this.config.redisUrl) {
      return { cluster: new LocalCluster(this.nodeId), presence: new LocalPresence(), bus: new MemoryBus() };
    }
    const hub = new RedisHub(this.config.redisUrl);
    await hub.start();
    const cluster = new RedisCluster(this.nodeId, hub);
    const presence = new RedisPresence(hub, this.nodeId);
    await cluster.start();
    await presence.start();
    this.steps.unshift(
      { name: 'cluster', stop: () => cluster.stop() },
      { name: 'presence', stop: () => presence.stop() },
      { name: 'redis', stop: () => hub.stop() },
    );
    // Link traffic stays on the node holding the link; browser topics fan out through Redis.
    const bus = new RedisStompBus(
      hub,
      (err) => log.error({ err }, 'redis subscribe failed'),
      new MemoryBus(),
      ['/link/'],
    );
    return { cluster, presence, bus };
  }
}
