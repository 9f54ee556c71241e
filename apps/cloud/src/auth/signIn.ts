import { PASSKEY_LIMITS, SSO_COOKIES } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { AuditLog } from '../audit/log';
import type { CloudConfig } from '../config';
import type { CloudDb } from '../db/connect';
import type { GatewayStore } from '../gateways/store';
import type { RequestAuth } from '../http/requestAuth';
import type { UserStore } from '../users/users';
import type { ApiTokenStore } from './apiTokens';
import { ChallengeStore } from './challenges';
import type { JwtSigner } from './jwt';
import { registerPasskeyRoutes } from './passkeyRoutes';
import { PasskeyStore, relyingPartyOf } from './passkeys';
import { PendingSignIns } from './pending';
import type { RateLimiter } from './rateLimit';
import { registerAuthRoutes } from './routes';
import { registerSecondFactorRoutes } from './secondFactorRoutes';
import type { SessionStore } from './sessions';
import { registerSsoLinkRoutes } from './sso/linkRoutes';
import { SsoLinkStore } from './sso/links';
import { OidcClient } from './sso/oidc';
import { registerSsoRoutes } from './sso/ssoRoutes';
import { registerTokenRoutes } from './tokenRoutes';
import { TotpStore } from './totp';

export interface SignInDeps {
  config: CloudConfig;
  db: CloudDb;
  secret: Buffer;
  users: UserStore;
  sessions: SessionStore;
  jwt: JwtSigner;
  auth: RequestAuth;
  audit: AuditLog;
  apiTokens: ApiTokenStore;
  gateways: GatewayStore;
  accessTtlSeconds: number;
  limits: { perIp: RateLimiter; perLogin: RateLimiter };
  /** a session family was revoked: close its live sessions on every node */
  endSession: (familyId: string) => void;
}

/**
 * Every way into the cloud and what manages it: the password, the TOTP second factor, passkeys, single sign-on,
 * API tokens and sessions. They share the pending-sign-in step and the login limits.
 */
export function registerSignIn(app: HttpApp, deps: SignInDeps): void {
  const { config, db, users, sessions, auth, audit, limits } = deps;
  const totp = new TotpStore(db, 'SmartThing');
  const passkeys = new PasskeyStore(db);
  const challenges = new ChallengeStore(db, PASSKEY_LIMITS.challengeTtlMs);
  const pending = new PendingSignIns(deps.secret);
  const onSessionsRevoked = (ids: string[]) => {
    for (const id of ids) deps.endSession(id);
  };
  const { complete, afterFirstFactor } = registerAuthRoutes(app, {
    users,
    sessions,
    jwt: deps.jwt,
    auth,
    accessTtlSeconds: deps.accessTtlSeconds,
    limits,
    onSessionRevoked: deps.endSession,
    audit,
    totp,
    pending,
    hasSecondFactor: async (userId) => (await totp.enabled(userId)) || (await passkeys.count(userId)) > 0,
  });
  const steps = {
    users,
    sessions,
    totp,
    passkeys,
    pending,
    auth,
    audit,
    limits,
    complete,
    onSessionsRevoked,
  };
  registerSecondFactorRoutes(app, steps);
  registerPasskeyRoutes(app, {
    ...steps,
    challenges,
    relyingParty: relyingPartyOf(config.publicUrl, config.allowedOrigins),
  });
  const sso = ssoOf(config, deps.secret);
  const links = new SsoLinkStore(db);
  registerSsoRoutes(app, { sso, users, links, sessions, challenges, audit, afterFirstFactor });
  registerSsoLinkRoutes(app, { sso, users, links, passkeys, sessions, auth, audit });
  registerTokenRoutes(app, {
    apiTokens: deps.apiTokens,
    sessions,
    gateways: deps.gateways,
    auth,
    audit,
    onSessionRevoked: deps.endSession,
  });
}

/** Single sign-on from the settings; undefined (off) without an issuer. The config schema checked the rest. */
function ssoOf(config: CloudConfig, secret: Buffer) {
  const { oidcIssuer: issuer, oidcClientId: clientId, publicUrl } = config;
  if (!issuer || !clientId || !publicUrl) return undefined;
  const origin = new URL(publicUrl).origin;
  return {
    oidc: new OidcClient(
      {
        issuer,
        clientId,
        clientSecret: config.oidcClientSecret,
        scopes: config.oidcScopes,
        redirectUri: `${origin}/api/auth/sso/callback`,
      },
      secret,
      SSO_COOKIES.flowTtlSeconds * 1000,
    ),
    issuer,
    name: config.oidcName,
    policy: { allowedDomains: config.oidcAllowedDomains, requiredClaim: config.oidcRequiredClaim },
    createUsers: config.oidcCreateUsers,
    consoleUrl: new URL(config.basePath, origin).href,
  };
}
