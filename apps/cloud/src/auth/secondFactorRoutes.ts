import {
  ApiError,
  OK,
  type RouteName,
  routeDef,
  SecondFactorRequest,
  SIGN_IN_ROUTES,
  SignInIdParams,
  SignInSettings,
  TotpConfirmRequest,
  TotpDisableRequest,
} from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { FastifyRequest } from 'fastify';
import type { AuditLog } from '../audit/log';
import type { RequestAuth } from '../http/requestAuth';
import type { UserStore } from '../users/users';
import type { PasskeyStore } from './passkeys';
import type { PendingSignIns } from './pending';
import type { RateLimiter } from './rateLimit';
import { type CompleteSignIn, pendingCookie } from './routes';
import type { SessionStore } from './sessions';
import { stepGuards } from './stepGuards';
import type { TotpStore } from './totp';

export interface SecondFactorRouteDeps {
  users: UserStore;
  sessions: SessionStore;
  totp: TotpStore;
  passkeys: PasskeyStore;
  pending: PendingSignIns;
  auth: RequestAuth;
  audit: AuditLog;
  /** the login limits: a wrong code counts as a failed sign-in */
  limits: { perIp: RateLimiter; perLogin: RateLimiter };
  complete: CompleteSignIn;
  /** these session families were revoked: close their live sessions on every node */
  onSessionsRevoked: (familyIds: string[]) => void;
}

function doc(name: RouteName) {
  const r = routeDef(name);
  return { summary: r.summary, response: { [r.successStatus ?? 200]: r.response } };
}

/**
 * The TOTP second factor: the second step of a sign-in (code or recovery code, under the login limits),
 * enrolment (signed in, or at a sign-in that requires it), turning it off, the admin's reset and requirement.
 */
export function registerSecondFactorRoutes(app: HttpApp, deps: SecondFactorRouteDeps): void {
  const { totp, auth, audit, limits, users } = deps;
  const r = SIGN_IN_ROUTES;

  const { pendingOf, enroller, limited } = stepGuards(deps);
  const admin = async (req: FastifyRequest) => {
    const me = await auth.user(req);
    if (!(await users.isAdmin(me.userId))) throw new ApiError('ADMIN_REQUIRED');
    return me;
  };
  const endOthers = async (userId: string, except?: string) =>
    deps.onSessionsRevoked(await deps.sessions.revokeUser(userId, except));

  app.post(
    r['cloud.auth.secondFactor'].path,
    { schema: { body: SecondFactorRequest, ...doc('cloud.auth.secondFactor') } },
    async (req, reply) => {
      const user = await pendingOf(req, 'code');
      await limited(req, reply, user.login);
      const { code, recoveryCode } = req.body;
      const ok = code
        ? await totp.verify(user.id, code)
        : await totp.useRecoveryCode(user.id, recoveryCode ?? '');
      if (!ok) {
        await limits.perLogin.hit(user.login);
        await audit.record({
          action: 'auth.secondFactorFailed',
          actorId: user.id,
          actor: user.login,
          detail: code ? 'wrong or used code' : 'wrong or used recovery code',
          outcome: '401',
          address: req.ip,
        });
        throw new ApiError('SECOND_FACTOR_CODE_WRONG');
      }
      reply.header('set-cookie', pendingCookie(req, '', 0));
      return deps.complete(req, reply, user, code ? 'with a TOTP code' : 'with a recovery code');
    },
  );

  app.get(r['cloud.me.secondFactor'].path, { schema: doc('cloud.me.secondFactor') }, async (req) => {
    const me = await auth.user(req);
    return { ...(await totp.status(me.userId)), required: await totp.required() };
  });

  app.post(r['cloud.me.totp.enrol'].path, { schema: doc('cloud.me.totp.enrol') }, async (req) => {
    const me = await enroller(req);
    const started = await totp.startEnrol(me.userId, me.login);
    if (!started) throw new ApiError('TOTP_ALREADY_ON');
    return started;
  });

  app.post(
    r['cloud.me.totp.confirm'].path,
    { schema: { body: TotpConfirmRequest, ...doc('cloud.me.totp.confirm') } },
    async (req, reply) => {
      const me = await enroller(req);
      await limited(req, reply, me.login);
      const outcome = await totp.confirm(me.userId, req.body.code);
      if (outcome === 'none') throw new ApiError('TOTP_NOT_ENROLLING');
      if (outcome === 'wrong') {
        await limits.perLogin.hit(me.login);
        throw new ApiError('SECOND_FACTOR_CODE_WRONG');
      }
      await audit.recordBy(me, req.ip, {
        action: 'totp.enabled',
        outcome: '200',
      });
      if (me.sessionId === undefined) {
        // Enrolled at a sign-in that required it: the sign-in ends here, with a session.
        reply.header('set-cookie', pendingCookie(req, '', 0));
        const { refresh } = await deps.complete(
          req,
          reply,
          { id: me.userId, login: me.login },
          'enrolled a second factor',
        );
        return { recoveryCodes: outcome, refresh };
      }
      // A change of the second factor ends the user's other sessions.
      await endOthers(me.userId, me.sessionId);
      return { recoveryCodes: outcome };
    },
  );

  app.delete(
    r['cloud.me.totp.disable'].path,
    { schema: { body: TotpDisableRequest, ...doc('cloud.me.totp.disable') } },
    async (req, reply) => {
      const me = await auth.user(req);
      await limited(req, reply, me.login);
      if (!(await totp.enabled(me.userId))) throw new ApiError('TOTP_NOT_ON');
      const code = req.body.code;
      const factorOk = /^\d{6}$/.test(code)
        ? await totp.verify(me.userId, code)
        : await totp.useRecoveryCode(me.userId, code);
      if (!(await users.checkPassword(me.userId, req.body.password)) || !factorOk) {
        await limits.perLogin.hit(me.login);
        throw new ApiError('SECOND_FACTOR_CODE_WRONG', 'Wrong password or code');
      }
      await totp.remove(me.userId);
      await endOthers(me.userId, me.sessionId);
      await audit.recordBy(me, req.ip, {
        action: 'totp.disabled',
        outcome: '200',
      });
      return OK;
    },
  );

  app.delete(
    r['cloud.users.resetSecondFactor'].path,
    { schema: { params: SignInIdParams, ...doc('cloud.users.resetSecondFactor') } },
    async (req) => {
      const me = await admin(req);
      const user = await users.findById(req.params.id);
      if (!user) throw new ApiError('USER_NOT_FOUND');
      // Every second factor goes: the TOTP secret and the passkeys.
      const hadTotp = await totp.remove(user.id);
      const passkeysRemoved = await deps.passkeys.removeAll(user.id);
      if (!hadTotp && passkeysRemoved === 0) throw new ApiError('TOTP_NOT_ON');
      await endOthers(user.id);
      await audit.recordBy(me, req.ip, {
        action: 'totp.reset',
        detail: user.login,
        outcome: '200',
      });
      return OK;
    },
  );

  app.get(r['cloud.signIn.settings'].path, { schema: doc('cloud.signIn.settings') }, async (req) => {
    await admin(req);
    return { requireSecondFactor: await totp.required() };
  });

  app.put(
    r['cloud.signIn.settings.put'].path,
    { schema: { body: SignInSettings, ...doc('cloud.signIn.settings.put') } },
    async (req) => {
      const me = await admin(req);
      await totp.setRequired(req.body.requireSecondFactor);
      await audit.recordBy(me, req.ip, {
        action: 'signIn.settingsChanged',
        detail: `second factor ${req.body.requireSecondFactor ? 'required' : 'optional'}`,
        outcome: '200',
      });
      return { requireSecondFactor: req.body.requireSecondFactor };
    },
  );
}
