import type { IncomingMessage } from 'node:http';
import { GATEWAY_SESSION_COOKIE, type GatewayAuthState } from '@st/protocol';
import { isApiLikePath, RateLimiter } from '@st/server-kit';
import { GatewayPassword } from './passwordFile';
import { SessionCookies } from './sessions';

// Optional sign-in for gateway mode (issue 14, item 9): the password, the session cookies, the login
// limits, and the one rule for which requests need a session.

/** Sign-in attempts per client address per minute (as the cloud's default). */
export const SIGN_IN_MAX_PER_IP = 10;

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export class GatewayAuth {
  readonly password: GatewayPassword;
  readonly sessions: SessionCookies;
  readonly limiter = new RateLimiter({ max: SIGN_IN_MAX_PER_IP, windowMs: 60_000 });

  constructor(dataDir: string, envPassword: string | undefined) {
    this.password = new GatewayPassword(dataDir, envPassword);
    this.sessions = new SessionCookies(() => this.password.sessionKey);
  }

  get enabled(): boolean {
    return this.password.enabled;
  }

  signedIn(req: IncomingMessage): boolean {
    return this.sessions.valid(readCookie(req.headers.cookie, GATEWAY_SESSION_COOKIE));
  }

  state(req: IncomingMessage): GatewayAuthState {
    return {
      enabled: this.enabled,
      signedIn: this.enabled && this.signedIn(req),
      canSetPassword: this.password.canSet,
    };
  }

  /** The Set-Cookie value of a new session (HttpOnly, SameSite=Strict; Secure when served over https). */
  newSessionCookie(secure: boolean): string {
    const { value, maxAgeSeconds } = this.sessions.issue();
    return `${GATEWAY_SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  }

  clearedCookie(): string {
    return `${GATEWAY_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`;
  }
}

/** What the guard decides on: the route that matched (none for the 404 handler) and the request's URL. */
export interface GuardedRequest {
  /** the matched route's pattern (`/api/devices/settings/:id`), undefined when no route matched */
  readonly pattern: string | undefined;
  /** the matched route's PUBLIC_ROUTE flag */
  readonly isPublic: boolean;
  readonly url: string;
}

function isApiPattern(pattern: string): boolean {
  return pattern === '/api' || pattern.startsWith('/api/');
}

/**
 * Whether a request needs a session while a password is set, decided on the route that matched, so every
 * spelling the router accepts (escapes, trailing slash) gets the same answer as the plain one:
 * - a route flagged PUBLIC_ROUTE never does (the sign-in routes, the build info the console reads before
 *   it can show the sign-in screen, devices' own notification posts);
 * - any other route whose pattern is under /api does;
 * - a route outside /api with a fixed pattern does not (e.g. /metrics, which has its own access rule);
 * - a wildcard route (the console's pages) or no route at all: only when the URL names an API path
 *   however spelled (isApiLikePath), so an unmatched API-like path is refused, not answered as a page.
 */
export function needsSession(req: GuardedRequest): boolean {
  if (req.isPublic) return false;
  if (req.pattern !== undefined) {
    if (isApiPattern(req.pattern)) return true;
    if (!req.pattern.includes('*')) return false;
  }
  return isApiLikePath(req.url);
}
