import { join } from 'node:path';
import { createHttpApp, type HttpApp, type Logger, registerErrorHandling, stopInOrder } from '@st/server-kit';
import { JwtSigner } from './auth/jwt';
import { RateLimiter } from './auth/rateLimit';
import { registerAuthRoutes } from './auth/routes';
import { loadSecret } from './auth/secret';
import { SessionStore } from './auth/sessions';
import type { CloudConfig } from './config';
import { type CloudDb, openDatabase } from './db/connect';
import { registerGatewayRoutes } from './gateways/routes';
import { GatewayStore } from './gateways/store';
import { Authenticator } from './http/principal';
import { RequestAuth } from './http/requestAuth';
import { LocalPresence } from './link/presence';
import { bootstrapAdmin } from './users/bootstrap';
import { UserStore } from './users/users';

export interface CloudOptions {
  logger: Logger;
}

export const ACCESS_TTL_SECONDS = 15 * 60;

/** The cloud server: composition root. Nothing happens until start(); stop() undoes it in reverse order. */
export class CloudServer {
  readonly app: HttpApp;
  private db: CloudDb | undefined;
  private usersStore: UserStore | undefined;

  constructor(
    readonly config: CloudConfig,
    private readonly opts: CloudOptions,
  ) {
    this.app = createHttpApp({ logger: opts.logger, trustProxy: config.trustProxy });
  }

  /** Opens storage, registers routes, listens. Returns the bound port. */
  async start(): Promise<number> {
    const { config, opts } = this;
    const db = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'sqlite', file: join(config.dataDir, 'cloud.db') },
    );
    this.db = db;
    const users = new UserStore(db);
    this.usersStore = users;
    await bootstrapAdmin(users, config.adminLogin, config.adminPassword, opts.logger);
    const sessions = new SessionStore(db, config.refreshTtlDays * 86_400_000);
    const jwt = new JwtSigner(loadSecret(config.secret, config.dataDir), ACCESS_TTL_SECONDS);
    const gateways = new GatewayStore(db);
    const auth = new RequestAuth(new Authenticator(jwt, sessions, gateways));
    const presence = new LocalPresence();

    registerErrorHandling(this.app);
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
      onSessionRevoked: () => undefined,
    });
    registerGatewayRoutes(this.app, { gateways, presence, auth, onGatewayRevoked: () => undefined });
    await this.app.listen({ port: config.port, host: config.host });
    const addr = this.app.server.address();
    return typeof addr === 'object' && addr ? addr.port : config.port;
  }

  /** The user store (for the CLI and tests); available after start(). */
  get users(): UserStore {
    if (!this.usersStore) throw new Error('CloudServer not started');
    return this.usersStore;
  }

  async stop(): Promise<void> {
    await stopInOrder(
      [
        { name: 'http', stop: () => this.app.close() },
        { name: 'database', stop: () => this.db?.destroy() },
      ],
      this.opts.logger,
    );
  }
}
