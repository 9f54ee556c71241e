import { ApiError, PENDING_SIGN_IN } from '@st/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cloudErrors } from '../http/errors';
import { readCookie } from '../http/principal';
import type { RequestAuth } from '../http/requestAuth';
import type { UserRecord, UserStore } from '../users/users';
import type { PendingSignIns, PendingStep } from './pending';
import type { RateLimiter } from './rateLimit';

export interface StepGuardDeps {
  users: UserStore;
  pending: PendingSignIns;
  auth: RequestAuth;
  limits: { perIp: RateLimiter; perLogin: RateLimiter };
}

/** Who is enrolling a second factor: a signed-in user (sessionId), or a pending sign-in that requires one. */
export interface Enroller {
  userId: string;
  login: string;
  sessionId: string | undefined;
}

/** The checks the second step of a sign-in and second-factor enrolment share (TOTP and passkeys alike). */
export function stepGuards(deps: StepGuardDeps) {
  const { users, pending, auth, limits } = deps;
  /** The user of a valid pending-sign-in cookie at this step; 401 SIGN_IN_PENDING_INVALID otherwise. */
  const pendingOf = async (req: FastifyRequest, step: PendingStep): Promise<UserRecord> => {
    const p = pending.read(readCookie(req.headers.cookie, PENDING_SIGN_IN.cookieName));
    const user = p?.step === step ? await users.findById(p.userId) : undefined;
    if (!user) throw new ApiError('SIGN_IN_PENDING_INVALID');
    return user;
  };
  /** Enrolment is for a signed-in user, or (when a second factor is required) for a pending sign-in. */
  const enroller = async (req: FastifyRequest): Promise<Enroller> => {
    if (
      readCookie(req.headers.cookie, PENDING_SIGN_IN.cookieName) !== undefined &&
      !(await auth.principal(req))
    ) {
      const user = await pendingOf(req, 'enrol');
      return { userId: user.id, login: user.login, sessionId: undefined };
    }
    const me = await auth.user(req);
    return { userId: me.userId, login: me.login, sessionId: me.sessionId };
  };
  /** The login limits: this address's attempts, and the login's failures so far (429 with Retry-After). */
  const limited = async (req: FastifyRequest, reply: FastifyReply, login: string) => {
    const [ipWait, loginWait] = await Promise.all([limits.perIp.hit(req.ip), limits.perLogin.peek(login)]);
    const wait = Math.max(ipWait, loginWait);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw cloudErrors.rateLimited(wait);
    }
  };
  /** The address's attempts alone (a sign-in with no login typed yet). */
  const limitedByAddress = async (req: FastifyRequest, reply: FastifyReply) => {
    const wait = await limits.perIp.hit(req.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw cloudErrors.rateLimited(wait);
    }
  };
  return { pendingOf, enroller, limited, limitedByAddress };
}
