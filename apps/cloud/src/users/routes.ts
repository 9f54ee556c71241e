import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_ROUTES,
  ApiError,
  IdParams,
  InviteAcceptRequest,
  OK,
  PasswordChangeRequest,
  type RouteName,
  routeDef,
  UserCreateRequest,
  UserUpdateRequest,
} from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { FastifyRequest } from 'fastify';
import type { AuditLog } from '../audit/log';
import type { SessionStore } from '../auth/sessions';
import type { RequestAuth } from '../http/requestAuth';
import { LoginTakenError, type UserStore } from './users';

export interface UserRouteDeps {
  users: UserStore;
  sessions: SessionStore;
  auth: RequestAuth;
  audit: AuditLog;
  /** these session families were revoked: close their live sessions on every node */
  onSessionsRevoked: (familyIds: string[]) => void;
}

function doc(name: RouteName) {
  const r = routeDef(name);
  return { summary: r.summary, response: { [r.successStatus ?? 200]: r.response } };
}

/** A one-time password a person can type: 16 characters of base64url. */
const oneTimePassword = () => randomBytes(12).toString('base64url');

/** Users admin (admins only) and the caller's own account: password change, sign out everywhere. */
export function registerUserRoutes(app: HttpApp, deps: UserRouteDeps): void {
  const { users, sessions, auth, audit } = deps;

  const admin = async (req: FastifyRequest) => {
    const me = await auth.user(req);
    if (!(await users.isAdmin(me.userId))) throw new ApiError('ADMIN_REQUIRED');
    return me;
  };
  const endSessions = async (userId: string, except?: string) =>
    deps.onSessionsRevoked(await sessions.revokeUser(userId, except));

  app.get(ACCOUNT_ROUTES['cloud.me'].path, { schema: doc('cloud.me') }, async (req) => {
    const me = await auth.userEvenBeforePasswordChange(req);
    return {
      id: me.userId,
      login: me.login,
      admin: await users.isAdmin(me.userId),
      mustChangePassword: me.mustChangePassword,
    };
  });

  app.post(
    ACCOUNT_ROUTES['cloud.me.password'].path,
    { schema: { body: PasswordChangeRequest, ...doc('cloud.me.password') } },
    async (req) => {
      const me = await auth.userEvenBeforePasswordChange(req);
      if (!(await users.checkPassword(me.userId, req.body.currentPassword)))
        throw new ApiError('PASSWORD_WRONG');
      if (me.mustChangePassword && req.body.newPassword === req.body.currentPassword)
        throw new ApiError('PASSWORD_NOT_NEW');
      await users.setPassword(me.userId, req.body.newPassword);
      await endSessions(me.userId, me.sessionId);
      await audit.record({
        actorId: me.userId,
        actor: me.login,
        address: req.ip,
        action: me.mustChangePassword ? 'auth.oneTimePasswordChanged' : 'auth.passwordChanged',
        outcome: '200',
      });
      return OK;
    },
  );

  app.post(ACCOUNT_ROUTES['cloud.me.logoutAll'].path, { schema: doc('cloud.me.logoutAll') }, async (req) => {
    // A sign-out: allowed before the one-time password is changed too.
    const me = await auth.userEvenBeforePasswordChange(req);
    await endSessions(me.userId);
    await audit.record({
      actorId: me.userId,
      actor: me.login,
      address: req.ip,
      action: 'auth.logoutAll',
      outcome: '200',
    });
    return OK;
  });

  app.post(
    ACCOUNT_ROUTES['cloud.invite.accept'].path,
    { schema: { body: InviteAcceptRequest, ...doc('cloud.invite.accept') } },
    async (req) => {
      const outcome = await users.acceptInvite(req.body.token, req.body.password);
      if (!outcome.ok && outcome.reason === 'invalid') throw new ApiError('INVITE_INVALID');
      const { user } = outcome;
      await audit.record({
        actorId: user.id,
        actor: user.login,
        address: req.ip,
        action: outcome.ok ? 'user.inviteAccepted' : 'user.inviteExpired',
        outcome: outcome.ok ? '200' : '400',
      });
      if (!outcome.ok) throw new ApiError('INVITE_EXPIRED');
      return OK;
    },
  );

  app.get(ACCOUNT_ROUTES['cloud.users.list'].path, { schema: doc('cloud.users.list') }, async (req) => {
    await admin(req);
    return users.list();
  });

  app.post(
    ACCOUNT_ROUTES['cloud.users.create'].path,
    { schema: { body: UserCreateRequest, ...doc('cloud.users.create') } },
    async (req, reply) => {
      const me = await admin(req);
      const { login, invite } = req.body;
      let secret: { password: string } | { inviteToken: string };
      let id: string;
      try {
        if (invite) {
          const made = await users.createInvited(login, req.body.admin);
          id = made.user.id;
          secret = { inviteToken: made.inviteToken };
        } else {
          const password = oneTimePassword();
          id = (await users.create(login, password, { admin: req.body.admin, mustChange: true })).id;
          secret = { password };
        }
      } catch (e) {
        if (e instanceof LoginTakenError) throw new ApiError('USER_EXISTS', e.message);
        throw e;
      }
      const user = await users.admin(id);
      const detail = `${login}${req.body.admin ? ' (admin)' : ''}${invite ? ', invited' : ''}`;
      await audit.record({
        actorId: me.userId,
        actor: me.login,
        address: req.ip,
        action: 'user.created',
        detail,
        outcome: '201',
      });
      return reply.code(201).send({ user, ...secret });
    },
  );

  app.put(
    ACCOUNT_ROUTES['cloud.users.update'].path,
    { schema: { params: IdParams, body: UserUpdateRequest, ...doc('cloud.users.update') } },
    async (req) => {
      const me = await admin(req);
      const target = await users.admin(req.params.id);
      if (!target) throw new ApiError('USER_NOT_FOUND', `User ${req.params.id} not found`);
      const { admin: makeAdmin, disabled } = req.body;
      if (target.id === me.userId && (disabled === true || makeAdmin === false))
        throw new ApiError('SELF_CHANGE_REFUSED');
      await users.setFlags(target.id, req.body);
      // Disabled: every session and live channel ends now (the access check also refuses a disabled user).
      if (disabled === true) await endSessions(target.id);
      const detail = `${target.login}: ${Object.entries(req.body)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`;
      await audit.record({
        actorId: me.userId,
        actor: me.login,
        address: req.ip,
        action: 'user.updated',
        detail,
        outcome: '200',
      });
      return users.admin(target.id);
    },
  );

  app.post(
    ACCOUNT_ROUTES['cloud.users.resetPassword'].path,
    { schema: { params: IdParams, ...doc('cloud.users.resetPassword') } },
    async (req) => {
      const me = await admin(req);
      const target = await users.admin(req.params.id);
      if (!target) throw new ApiError('USER_NOT_FOUND', `User ${req.params.id} not found`);
      const password = oneTimePassword();
      await users.setPassword(target.id, password, { mustChange: true });
      await endSessions(target.id);
      await audit.record({
        actorId: me.userId,
        actor: me.login,
        address: req.ip,
        action: 'user.passwordReset',
        detail: target.login,
        outcome: '200',
      });
      return { password };
    },
  );

  app.post(
    ACCOUNT_ROUTES['cloud.users.invite'].path,
    { schema: { params: IdParams, ...doc('cloud.users.invite') } },
    async (req) => {
      const me = await admin(req);
      const target = await users.admin(req.params.id);
      if (!target) throw new ApiError('USER_NOT_FOUND', `User ${req.params.id} not found`);
      const inviteToken = await users.reissueInvite(target.id);
      if (!inviteToken) throw new ApiError('INVITE_NOT_PENDING');
      await audit.record({
        actorId: me.userId,
        actor: me.login,
        address: req.ip,
        action: 'user.inviteReissued',
        detail: target.login,
        outcome: '200',
      });
      return { user: await users.admin(target.id), inviteToken };
    },
  );
}
