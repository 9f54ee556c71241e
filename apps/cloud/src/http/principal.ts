import type { IncomingHttpHeaders } from 'node:http';
import { GATEWAY_TOKEN_HEADER, SESSION } from '@st/protocol';
import type { AccessCache, SessionState } from '../auth/accessCache';
import type { ApiTokenGrant, ApiTokenStore } from '../auth/apiTokens';
import type { JwtSigner } from '../auth/jwt';
import type { SessionStore } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import type { GatewayStore } from '../gateways/store';

export const ACCESS_COOKIE = SESSION.accessCookieName;
export const USER_TOKEN_HEADER = 'smartthing-token-user';

export type UserPrincipal = {
  kind: 'user';
  userId: string;
  login: string;
  sessionId: string;
  /** the user signed in with a one-time password: every route but a few answers PASSWORD_CHANGE_REQUIRED */
  mustChangePassword: boolean;
  /**
   * Present when the caller sent an API token (`Authorization: Bearer`) rather than a session: only the routes
   * that ask RequestAuth.userOrToken take it, capped by its scope and gateways (http/tokenAccess.ts).
   */
  apiToken?: ApiTokenGrant;
};
export type GatewayPrincipal = {
  kind: 'gateway';
  gatewayId: string;
  ownerId: string;
  name: string;
  description: string;
  /** the stored hash of the token it authenticated with: a revocation ends only links of tokens no longer current */
  tokenHash: string;
};
export type Principal = UserPrincipal | GatewayPrincipal;

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const v = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(v);
      } catch {
        return v;
      }
    }
  }
  return undefined;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() !== '' ? s.trim() : undefined;
}

/** The secret of `Authorization: Bearer <secret>`, if the request has one. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const value = header(headers, 'authorization');
  const m = value ? /^Bearer\s+(\S+)$/i.exec(value) : null;
  return m?.[1];
}

/**
 * Who is calling: the access JWT from the `SMTJwt` cookie or the `SmartThing-Token-User` header (its session
 * family must still be active), or an API token from `Authorization: Bearer` (unexpired, not revoked), or a gateway token from
 * `SmartThing-Token-Gateway` (must be current).
 * Used for HTTP requests and for the websocket upgrade alike.
 */
export class Authenticator {
  constructor(
    private readonly jwt: JwtSigner,
    private readonly sessions: SessionStore,
    private readonly gateways: GatewayStore,
    private readonly access?: AccessCache,
    private readonly apiTokens?: ApiTokenStore,
  ) {}

  async fromHeaders(headers: IncomingHttpHeaders): Promise<Principal | undefined> {
    const userToken =
      readCookie(header(headers, 'cookie'), ACCESS_COOKIE) || header(headers, USER_TOKEN_HEADER);
    if (userToken) {
      const claims = this.access
        ? this.access.verifiedToken(userToken, (t) => this.jwt.verify(t))
        : this.jwt.verify(userToken);
      const state = claims ? await this.sessionState(claims.sid) : undefined;
      if (claims && state) {
        return {
          kind: 'user',
          userId: claims.sub,
          login: claims.login,
          sessionId: claims.sid,
          mustChangePassword: state.mustChangePassword,
        };
      }
    }
    const bearer = bearerToken(headers);
    if (bearer !== undefined && this.apiTokens) {
      const found = await this.apiTokens.resolve(bearer);
      if (!found) return undefined;
      return {
        kind: 'user',
        userId: found.userId,
        login: found.login,
        sessionId: `api-token:${found.grant.id}`,
        mustChangePassword: false,
        apiToken: found.grant,
      };
    }
    const gatewayToken = header(headers, GATEWAY_TOKEN_HEADER);
    if (gatewayToken) return this.gatewayFromToken(gatewayToken);
    return undefined;
  }

  private sessionState(familyId: string): Promise<SessionState | undefined> {
    return this.access
      ? this.access.session(familyId, () => this.sessions.state(familyId))
      : this.sessions.state(familyId);
  }

  async gatewayFromToken(token: string): Promise<GatewayPrincipal | undefined> {
    const g = await this.gateways.byToken(token);
    return g
      ? {
          kind: 'gateway',
          gatewayId: g.id,
          ownerId: g.ownerId,
          name: g.name,
          description: g.description,
          tokenHash: hashToken(token),
        }
      : undefined;
  }
}
