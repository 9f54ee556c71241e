import type { IncomingMessage } from 'node:http';
import { GATEWAY_SESSION_COOKIE, type GatewayAuthState } from '@st/protocol';
import { RateLimiter } from '@st/server-kit';
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

/**
 * Requests that never need a session: the sign-in routes themselves, the build info the console reads
 * before it can show the sign-in screen, and what devices post on their own (notifications). Everything
 * else under /api (and the websocket) needs one while a password is set. The console's pages and assets
 * are public (they hold no data).
 */
export function needsSession(method: string, path: string): boolean {
  if (!(path === '/api' || path.startsWith('/api/'))) return false;
  if (path === '/api/gateway/auth' || path.startsWith('/api/gateway/auth/')) return false;
  if (method === 'GET' && path === '/api/build') return false;
  if (method === 'POST' && path === '/api/notification') return false;
  return true;
}
