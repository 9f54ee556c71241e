import type { GatewayRole } from '@st/protocol';
import type { Cluster, ClusterMessage } from '../scale/cluster';
import type { AccessClaims } from './jwt';

/** What changed who may do what; each store reports its writes here, after they are committed. */
export interface AccessChanges {
  /** these session families were revoked (logout, refresh-token reuse, sign out everywhere, password change) */
  sessionsEnded(familyIds: readonly string[]): Promise<void>;
  /** the user was disabled, or their password changed (or anything else that changes their access) */
  userChanged(userId: string): Promise<void>;
  /** the user's share of the gateway was granted, changed, revoked or expired */
  memberChanged(gatewayId: string, userId: string): Promise<void>;
  /** the gateway was deleted */
  gatewayChanged(gatewayId: string): Promise<void>;
}

/** A user's role on a gateway as the database gave it, with the share's expiry (epoch ms) if any. */
export interface GatewayAccess {
  role: GatewayRole;
  until: number | null;
}

export type AccessChangedMessage = Extract<ClusterMessage, { t: 'accessChanged' }>;

/** An active session as the database gave it: its user, and whether they must change a one-time password. */
export interface SessionState {
  userId: string;
  mustChangePassword: boolean;
}

interface SessionEntry extends SessionState {
  at: number;
}

interface RoleEntry extends GatewayAccess {
  userId: string;
  gatewayId: string;
  at: number;
}

export interface AccessCacheOptions {
  /** safety net: an entry is read again from the database after this long (0: no cache at all) */
  ttlMs: number;
  /** entries kept at most per map (the oldest go first) */
  maxEntries?: number;
  /** verified access tokens kept at most (the oldest go first) */
  maxTokens?: number;
  now?: () => number;
}

/**
 * The relay's per-call checks without the database: which session families are active (and whose) and which
 * role a user has on a gateway. Only positive answers are kept (a refused caller asks the database again).
 *
 * Invalidation: every store write that can take access away calls AccessChanges after its commit; this node
 * drops the entries at once, and the change is broadcast to every node (`accessChanged`, awaited with a
 * following PING before the HTTP answer of the write, so it sits in every node's socket first), which drops
 * them on arrival. So another node serves a stale "yes" only while that
 * message is in flight. A database read that started before a change is not kept (a generation counter), and
 * while the cluster's message channel is down (Redis away: messages may be lost) nothing is cached and all is
 * forgotten. `ttlMs` bounds what a lost message could still leave.
 *
 * It also keeps the access tokens (JWTs) it saw verified, with their claims, until each expires: a user's
 * next calls skip the HMAC and the claims' parsing. Only tokens whose signature checked out are kept, keyed by
 * the whole token (a token that differs in any byte is verified afresh); the session check above still runs
 * on every request, and a change that ends a session or a user's access drops their tokens too.
 */
export class AccessCache implements AccessChanges {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly roles = new Map<string, RoleEntry>();
  private readonly tokens = new Map<string, Readonly<AccessClaims>>();
  private generation = 0;
  private cluster: Cluster | undefined;
  private usable: () => boolean = () => true;
  private delivered: () => Promise<unknown> = async () => undefined;
  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly maxTokens: number;
  hits = 0;
  misses = 0;
  /** requests whose access token was found verified already */
  tokenHits = 0;

  constructor(private readonly opts: AccessCacheOptions) {
    this.now = opts.now ?? Date.now;
    this.maxEntries = opts.maxEntries ?? 100_000;
    this.maxTokens = opts.maxTokens ?? 10_000;
  }

  /**
   * Joins the cluster: changes go to every node, and changes from other nodes are applied here. `usable`
   * says whether the message channel is up now; `onChannelLost` is called by the owner when it goes down.
   */
  attach(
    cluster: Cluster,
    usable: () => boolean = () => true,
    delivered: () => Promise<unknown> = async () => undefined,
  ): () => void {
    this.cluster = cluster;
    this.usable = usable;
    this.delivered = delivered;
    return cluster.on((m) => {
      if (m.t === 'accessChanged') this.apply(m);
    });
  }

  /** The message channel went down or came back: whatever was missed meanwhile is forgotten. */
  forgetAll(): void {
    this.generation++;
    this.sessions.clear();
    this.roles.clear();
    this.tokens.clear();
  }

  private get enabled(): boolean {
    return this.opts.ttlMs > 0 && this.usable();
  }

  /** The session family's state while it is active, else undefined; `load` asks the database. */
  async session(
    familyId: string,
    load: () => Promise<SessionState | undefined>,
  ): Promise<SessionState | undefined> {
    if (this.enabled) {
      const e = this.sessions.get(familyId);
      if (e && this.now() - e.at < this.opts.ttlMs) {
        this.hits++;
        return { userId: e.userId, mustChangePassword: e.mustChangePassword };
      }
    }
    this.misses++;
    const gen = this.generation;
    const state = await load();
    if (state === undefined) return undefined;
    if (this.enabled && gen === this.generation) {
      this.sessions.delete(familyId);
      this.sessions.set(familyId, { ...state, at: this.now() });
      trim(this.sessions, this.maxEntries);
    }
    return state;
  }

  /**
   * The claims of a valid, unexpired access token: those kept from an earlier verification of this very
   * token while it has not expired, else what `verify` (the HMAC check) says, kept when valid.
   */
  verifiedToken(
    token: string,
    verify: (token: string) => AccessClaims | undefined,
  ): Readonly<AccessClaims> | undefined {
    if (this.enabled) {
      const kept = this.tokens.get(token);
      if (kept && kept.exp > Math.floor(this.now() / 1000)) {
        this.tokenHits++;
        return kept;
      }
      if (kept) this.tokens.delete(token);
    }
    const claims = verify(token);
    if (claims && this.enabled && token.length <= MAX_TOKEN_LENGTH) {
      this.tokens.set(token, Object.freeze(claims));
      trim(this.tokens, this.maxTokens);
    }
    return claims;
  }

  /** The user's role on the gateway; `load` asks the database. */
  async roleOf(
    userId: string,
    gatewayId: string,
    load: () => Promise<GatewayAccess | undefined>,
  ): Promise<GatewayRole | undefined> {
    const key = `${userId}\n${gatewayId}`;
    const t = this.now();
    if (this.enabled) {
      const e = this.roles.get(key);
      if (e && t - e.at < this.opts.ttlMs && (e.until === null || e.until > t)) {
        this.hits++;
        return e.role;
      }
    }
    this.misses++;
    const gen = this.generation;
    const access = await load();
    if (!access) return undefined;
    if (this.enabled && gen === this.generation) {
      this.roles.delete(key);
      // A literal, not a spread of `access`: V8 gives each `{ ...a, b }` a hidden class of its own (two more
      // objects per entry, and one entry per user and gateway).
      this.roles.set(key, { role: access.role, until: access.until, userId, gatewayId, at: this.now() });
      trim(this.roles, this.maxEntries);
    }
    return access.role;
  }

  sessionsEnded(familyIds: readonly string[]): Promise<void> {
    return this.change({ t: 'accessChanged', sessionIds: [...familyIds] });
  }

  userChanged(userId: string): Promise<void> {
    return this.change({ t: 'accessChanged', userId });
  }

  memberChanged(gatewayId: string, userId: string): Promise<void> {
    return this.change({ t: 'accessChanged', gatewayId, userId });
  }

  gatewayChanged(gatewayId: string): Promise<void> {
    return this.change({ t: 'accessChanged', gatewayId });
  }

  /** Here at once, then on every node (awaited: the write's answer leaves after the broadcast). */
  private async change(m: AccessChangedMessage): Promise<void> {
    this.apply(m);
    await this.cluster?.broadcast(m);
    // Redis writes a PUBLISH's reply and the subscribers' copies in one pass, in no set order; a second command
    // answered means that pass is over: the other nodes have the message in their sockets before our answer.
    await this.delivered();
  }

  /** Drops what the change may have made wrong. */
  apply(m: AccessChangedMessage): void {
    this.generation++;
    for (const id of m.sessionIds ?? []) this.sessions.delete(id);
    const { userId, gatewayId } = m;
    if (userId !== undefined && gatewayId === undefined) {
      for (const [k, e] of this.sessions) if (e.userId === userId) this.sessions.delete(k);
    }
    const ended = new Set(m.sessionIds ?? []);
    if (ended.size > 0 || (userId !== undefined && gatewayId === undefined)) {
      for (const [t, c] of this.tokens) {
        if (ended.has(c.sid) || (gatewayId === undefined && c.sub === userId)) this.tokens.delete(t);
      }
    }
    if (userId !== undefined || gatewayId !== undefined) {
      for (const [k, e] of this.roles) {
        if (
          (userId === undefined || e.userId === userId) &&
          (gatewayId === undefined || e.gatewayId === gatewayId)
        )
          this.roles.delete(k);
      }
    }
  }

  get size(): { sessions: number; roles: number; tokens: number } {
    return { sessions: this.sessions.size, roles: this.roles.size, tokens: this.tokens.size };
  }
}

/** Longer tokens are verified every time (ours are about 300 characters). */
const MAX_TOKEN_LENGTH = 2048;

function trim<V>(map: Map<string, V>, max: number): void {
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) return;
    map.delete(oldest.value);
  }
}
