import { ApiError } from '@st/protocol';
import type { FastifyRequest } from 'fastify';
import { cloudErrors } from './errors';
import {
  type Authenticator,
  bearerToken,
  type GatewayPrincipal,
  type Principal,
  type UserPrincipal,
} from './principal';

/** Called on each request an API token is accepted for (the store writes its last use, at its own pace). */
export type TokenUseHook = (p: UserPrincipal, req: FastifyRequest) => Promise<void>;

/**
 * Resolves (once per request) who is calling, and guards routes by kind of principal. An API token is accepted
 * only by userOrToken (REST routes and the relay); every other guard refuses it with 403 API_TOKEN_NOT_ALLOWED.
 */
export class RequestAuth {
  private readonly cache = new WeakMap<FastifyRequest, Promise<Principal | undefined>>();

  constructor(
    private readonly authenticator: Authenticator,
    private readonly onTokenUse?: TokenUseHook,
  ) {}

  principal(req: FastifyRequest): Promise<Principal | undefined> {
    let p = this.cache.get(req);
    if (!p) {
      p = this.authenticator.fromHeaders(req.headers);
      this.cache.set(req, p);
    }
    return p;
  }

  /** Anyone signed in; a user who must first change their one-time password is refused (403). */
  async any(req: FastifyRequest): Promise<Principal> {
    const p = await this.anyEvenBeforePasswordChange(req);
    if (p.kind === 'user' && p.mustChangePassword) throw new ApiError('PASSWORD_CHANGE_REQUIRED');
    return p;
  }

  /** A signed-in user; a gateway token is refused (it cannot act as a user), and so is a pending password change. */
  async user(req: FastifyRequest): Promise<UserPrincipal> {
    const p = await this.any(req);
    if (p.kind !== 'user') throw cloudErrors.userOnly();
    return p;
  }

  /**
   * Anyone signed in, including a user who must change their one-time password: only for who-am-I, sign-out
   * and the own-password change.
   */
  async anyEvenBeforePasswordChange(req: FastifyRequest): Promise<Principal> {
    const p = await this.known(req);
    if (p.kind === 'user' && p.apiToken) throw new ApiError('API_TOKEN_NOT_ALLOWED');
    return p;
  }

  /**
   * A signed-in user or an API token of one (its grant in `apiToken`): for the REST routes and the relay, which
   * cap what it may do by its scope and gateways (tokenAccess.ts).
   */
  async userOrToken(req: FastifyRequest): Promise<UserPrincipal> {
    const p = await this.known(req);
    if (p.kind !== 'user') throw cloudErrors.userOnly();
    if (p.mustChangePassword) throw new ApiError('PASSWORD_CHANGE_REQUIRED');
    if (p.apiToken) await this.onTokenUse?.(p, req);
    return p;
  }

  private async known(req: FastifyRequest): Promise<Principal> {
    const p = await this.principal(req);
    if (p) return p;
    throw bearerToken(req.headers) !== undefined
      ? new ApiError('API_TOKEN_INVALID')
      : cloudErrors.unauthenticated();
  }

  /** A signed-in user, including one who must change their one-time password (see anyEvenBeforePasswordChange). */
  async userEvenBeforePasswordChange(req: FastifyRequest): Promise<UserPrincipal> {
    const p = await this.anyEvenBeforePasswordChange(req);
    if (p.kind !== 'user') throw cloudErrors.userOnly();
    return p;
  }

  async gateway(req: FastifyRequest): Promise<GatewayPrincipal> {
    const p = await this.any(req);
    if (p.kind !== 'gateway') throw cloudErrors.gatewayOnly();
    return p;
  }
}
