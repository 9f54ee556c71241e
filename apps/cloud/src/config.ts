import { join } from 'node:path';
import { allowedOriginsField, configFields, parseAlertAllowList, trustProxyField } from '@st/server-kit';
import { z } from 'zod';
import type { StorageTarget } from './db/connect';

/** Config key -> environment variable (flags: the name without ST_, dashed; see apps/cloud/README.md). */
export const CLOUD_CONFIG_KEYS = {
  port: 'ST_PORT',
  host: 'ST_HOST',
  dataDir: 'ST_DATA_DIR',
  databaseUrl: 'DATABASE_URL',
  redisUrl: 'REDIS_URL',
  adminLogin: 'ST_ADMIN_LOGIN',
  adminPassword: 'ST_ADMIN_PASSWORD',
  secret: 'ST_SECRET',
  webDist: 'ST_WEB_DIST',
  basePath: 'ST_BASE_PATH',
  logLevel: 'ST_LOG_LEVEL',
  trustProxy: 'ST_TRUST_PROXY',
  loginMaxPerIp: 'ST_LOGIN_MAX_PER_IP',
  loginMaxFailures: 'ST_LOGIN_MAX_FAILURES',
  refreshTtlDays: 'ST_REFRESH_TTL_DAYS',
  nodeAliveMs: 'ST_NODE_ALIVE_MS',
  dbPoolMax: 'ST_DB_POOL_MAX',
  relayMaxAdmitting: 'ST_RELAY_MAX_ADMITTING',
  shutdownDrainMs: 'ST_SHUTDOWN_DRAIN_MS',
  shutdownGraceMs: 'ST_SHUTDOWN_GRACE_MS',
  metrics: 'ST_METRICS',
  metricsToken: 'ST_METRICS_TOKEN',
  auditRetentionDays: 'ST_AUDIT_RETENTION_DAYS',
  shareSweepMs: 'ST_SHARE_SWEEP_MS',
  inviteTtlHours: 'ST_INVITE_TTL_HOURS',
  allowedOrigins: 'ST_ALLOWED_ORIGINS',
  accessCacheMs: 'ST_ACCESS_CACHE_MS',
  alertCheckMs: 'ST_ALERT_CHECK_MS',
  rolloutTickMs: 'ST_ROLLOUT_TICK_MS',
  alertAllowedHosts: 'ST_ALERT_ALLOWED_HOSTS',
  alertTestMaxPerMinute: 'ST_ALERT_TEST_MAX_PER_MINUTE',
  heapGrowingPercent: 'ST_HEAP_GROWING_PERCENT',
  publicUrl: 'ST_PUBLIC_URL',
  oidcIssuer: 'ST_OIDC_ISSUER',
  oidcClientId: 'ST_OIDC_CLIENT_ID',
  oidcClientSecret: 'ST_OIDC_CLIENT_SECRET',
  oidcName: 'ST_OIDC_NAME',
  oidcScopes: 'ST_OIDC_SCOPES',
  oidcAllowedDomains: 'ST_OIDC_ALLOWED_DOMAINS',
  oidcRequiredClaim: 'ST_OIDC_REQUIRED_CLAIM',
  oidcCreateUsers: 'ST_OIDC_CREATE_USERS',
} as const;

const httpUrl = (what: string) =>
  z.url({ protocol: /^https?$/, error: `expected the ${what} as an http:// or https:// URL` });

export const CloudConfig = z
  .object({
    port: configFields.port(8080),
    host: z.string().min(1).default('0.0.0.0'),
    dataDir: z.string().min(1).default('./.data/cloud'),
    databaseUrl: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
      .optional(),
    redisUrl: z
      .string()
      .regex(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL')
      .optional(),
    adminLogin: z.string().trim().min(1).max(64).default('admin'),
    adminPassword: z.string().min(8, 'must be at least 8 characters').optional(),
    secret: z.string().min(32, 'must be at least 32 characters').optional(),
    webDist: z.string().min(1).default('apps/web/dist'),
    basePath: z
      .string()
      .regex(/^\/([^?#]*\/)?$/, 'must start and end with "/"')
      .default('/'),
    logLevel: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
    /** proxies whose X-Forwarded-* count: false, a hop count (true = 1) or their addresses (docs/security.md) */
    trustProxy: trustProxyField(),
    /** login attempts per client IP per minute */
    loginMaxPerIp: configFields.positiveInt(30),
    /** failed logins per login name per 15 minutes */
    loginMaxFailures: configFields.positiveInt(5),
    refreshTtlDays: configFields.positiveInt(30),
    /** relayed requests being checked (session, ownership) at once; beyond it 503 CLOUD_BUSY */
    relayMaxAdmitting: configFields.positiveInt(256),
    /** PostgreSQL: connections this node holds at most */
    dbPoolMax: configFields.positiveInt(10),
    /** several nodes: a node that has not renewed its alive key in Redis for this long is dead */
    nodeAliveMs: configFields.positiveInt(3000),
    /** on SIGTERM: answer not-ready this long before closing, so a load balancer stops sending traffic first */
    shutdownDrainMs: z.coerce.number().int().min(0).max(120_000).default(0),
    /** on stop: how long the requests in flight may take to finish (new ones get 503) before the node closes */
    shutdownGraceMs: z.coerce.number().int().min(0).max(120_000).default(10_000),
    /** GET /metrics (Prometheus); off answers 404 */
    metrics: configFields.onOff(true),
    /** when set, /metrics wants `Authorization: Bearer <token>` from any address; unset: private addresses only */
    metricsToken: z.string().min(16, 'must be at least 16 characters').optional(),
    /** audit rows older than this are pruned (hourly) */
    auditRetentionDays: configFields.positiveInt(180),
    /** how often expired gateway shares are removed and their live channels ended */
    shareSweepMs: configFields.positiveInt(15_000),
    /** how long an invite link works (hours, fractions allowed); an admin can issue a new one */
    inviteTtlHours: z.coerce.number().positive().max(8760).default(72),
    /** origins allowed to change state and open the websocket besides the server's own */
    allowedOrigins: allowedOriginsField(),
    /** sessions and gateway roles kept per node this long at most (invalidated by cluster messages); 0: off */
    accessCacheMs: z.coerce.number().int().min(0).max(600_000).default(30_000),
    /** how often every node checks its users' gateways for gateway-offline alerts */
    alertCheckMs: z.coerce.number().int().min(100).max(600_000).default(5000),
    /** how often a node steps the rollouts across gateways it drives */
    rolloutTickMs: z.coerce.number().int().min(100).max(600_000).default(2000),
    /**
     * Where users' alerts may go besides public addresses on ports 80, 443, 8080, 8443 (HTTP) and 25, 465, 587,
     * 2525 (SMTP): comma-separated `host`, `host:port`, `1.2.3.4[:port]`, `[v6][:port]` or CIDR entries; an
     * entry without a port allows every port (docs/security.md).
     */
    alertAllowedHosts: z
      .string()
      .default('')
      .superRefine((text, ctx) => {
        const { bad } = parseAlertAllowList(text);
        if (bad.length > 0)
          ctx.addIssue({ code: 'custom', message: `not a host, host:port or CIDR: ${bad.join(', ')}` });
      }),
    /** alert Test sends per user per minute */
    alertTestMaxPerMinute: configFields.positiveInt(10),
    /**
     * How far V8 lets the old generation grow past what its last full GC kept before the next one starts (V8's
     * --heap-growing-percent); 0: V8's own choice (about 75 %). See heapGrowth.ts.
     */
    heapGrowingPercent: z.coerce.number().int().min(0).max(1000).default(0),
    /**
     * The URL users open the console at (https://cloud.example.com/). Passkeys are bound to its host (the relying
     * party id) and its origin; single sign-on's redirect URI is made from it. Unset: passkeys follow the
     * request's own Host (development, tests), and single sign-on cannot be turned on.
     */
    publicUrl: httpUrl('public URL').optional(),
    /** single sign-on (OpenID Connect) is on when the issuer is set; its discovery document is read at start */
    oidcIssuer: httpUrl('issuer').optional(),
    oidcClientId: z.string().min(1).optional(),
    /** a confidential client's secret (client_secret_basic); unset: a public client (PKCE alone) */
    oidcClientSecret: z.string().min(1).optional(),
    /** shown as "Sign in with <name>" */
    oidcName: z.string().trim().min(1).max(64).default('single sign-on'),
    oidcScopes: z.string().trim().min(1).default('openid email profile'),
    /** comma-separated e-mail domains whose users may sign in (example.com); empty: any, if the claim allows */
    oidcAllowedDomains: z
      .string()
      .default('')
      .transform((text) =>
        text
          .split(',')
          .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
          .filter((d) => d !== ''),
      ),
    /** `claim=value`: the ID token must carry this claim with this value (or a list holding it), e.g. groups=home */
    oidcRequiredClaim: z
      .string()
      .regex(/^[^=\s]+=.+$/, 'expected claim=value')
      .optional(),
    /** a first sign-in without a user of that e-mail creates one (a viewer of nothing until shared); off: refused */
    oidcCreateUsers: configFields.onOff(false),
  })
  .superRefine((c, ctx) => {
    if (c.oidcIssuer === undefined) return;
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    need(c.oidcClientId !== undefined, 'oidcClientId', 'required when ST_OIDC_ISSUER is set');
    need(
      c.publicUrl !== undefined,
      'publicUrl',
      'required when ST_OIDC_ISSUER is set (the redirect URI is made from it)',
    );
    need(
      c.oidcAllowedDomains.length > 0 || c.oidcRequiredClaim !== undefined,
      'oidcAllowedDomains',
      'set ST_OIDC_ALLOWED_DOMAINS or ST_OIDC_REQUIRED_CLAIM, so not every account of the provider may sign in',
    );
  });
export type CloudConfig = z.output<typeof CloudConfig>;

/** Defaults for everything, with overrides (tests and the bench build configs this way). */
export function cloudConfig(overrides: Partial<CloudConfig> = {}): CloudConfig {
  return { ...CloudConfig.parse({}), ...overrides };
}

/** Where the data lives: PostgreSQL when DATABASE_URL is set, else the SQLite file in the data dir. */
export function storageTarget(config: CloudConfig): StorageTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'sqlite', file: join(config.dataDir, 'cloud.db') };
}
