import type { FastifyRequest } from 'fastify';
import { cloudErrors } from './errors';
import type { Authenticator, GatewayPrincipal, Principal, UserPrincipal } from './principal';

/** Resolves (once per request) who is calling, and guards routes by kind of principal. */
export class RequestAuth {
  private readonly cache = new WeakMap<FastifyRequest, Promise<Principal | undefined>>();

  constructor(private readonly authenticator: Authenticator) {}

  principal(req: FastifyRequest): Promise<Principal | undefined> {
    let p = this.cache.get(req);
    if (!p) {
      p = this.authenticator.fromHeaders(req.headers);
      this.cache.set(req, p);
    }
    return p;
  }

  async any(req: FastifyRequest): Promise<Principal> {
    const p = await this.principal(req);
    if (!p) throw cloudErrors.unauthenticated();
    return p;
  }

  /** A signed-in user; a gateway token is refused (it cannot act as a user). */
  async user(req: FastifyRequest): Promise<UserPrincipal> {
    const p = await this.any(req);
    if (p.kind !== 'user') throw cloudErrors.userOnly();
    return p;
  }

  async gateway(req: FastifyRequest): Promise<GatewayPrincipal> {
    const p = await this.any(req);
    if (p.kind !== 'gateway') throw cloudErrors.gatewayOnly();
    return p;
  }
}
