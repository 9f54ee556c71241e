import { ApiError, OK, SSO_ROUTES, SsoLinkParams, type SsoLinks, UserSsoLinkParams } from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { FastifyRequest } from 'fastify';
import type { AuditLog } from '../../audit/log';
import type { RequestAuth } from '../../http/requestAuth';
import type { UserStore } from '../../users/users';
import type { PasskeyStore } from '../passkeys';
import type { SessionStore } from '../sessions';
import { linkId, parseLinkId, type SsoLinkStore } from './links';
import type { FlowLink } from './oidc';
import { refusal, verifiedEmail } from './policy';
import { doc, Refused, type SsoSettings, startFlow } from './ssoShared';

export interface SsoLinkRouteDeps {
  sso: SsoSettings | undefined;
  users: UserStore;
  links: SsoLinkStore;
  passkeys: PasskeyStore;
  sessions: SessionStore;
  auth: RequestAuth;
  audit: AuditLog;
}

/**
 * Links at the provider seen from the account: a user lists their links, unlinks one, and links the provider
 * while signed in (the flow cookie carries the user and session; the callback links the identity it verified).
 * Admins list and unlink a user's links. An unlink that would leave an account with no way to sign in (no
 * password, no passkey, no other link) is refused with 409 SSO_LAST_SIGN_IN.
 */
export function registerSsoLinkRoutes(app: HttpApp, deps: SsoLinkRouteDeps): void {
  const { users, links, auth, audit } = deps;
  const r = SSO_ROUTES;
  const admin = async (req: FastifyRequest) => {
    const me = await auth.user(req);
    if (!(await users.isAdmin(me.userId))) throw new ApiError('ADMIN_REQUIRED');
    return me;
  };

  const listOf = async (userId: string): Promise<SsoLinks> => ({
    provider: deps.sso ? { name: deps.sso.name } : null,
    links: (await links.list(userId)).map((l) => ({
      id: linkId(l.issuer, l.subject),
      provider: deps.sso && l.issuer === deps.sso.issuer ? deps.sso.name : l.issuer,
      ...l,
    })),
  });

  /** Unlinks one of the user's identities unless it is their last way in; answers what it unlinked. */
  const unlink = async (userId: string, id: string) => {
    const key = parseLinkId(id);
    const mine = await links.list(userId);
    const link = key && mine.find((l) => l.issuer === key.issuer && l.subject === key.subject);
    if (!link) throw new ApiError('SSO_LINK_NOT_FOUND');
    const otherWays =
      mine.length > 1 || (await users.hasPassword(userId)) || (await deps.passkeys.count(userId)) > 0;
    if (!otherWays) throw new ApiError('SSO_LAST_SIGN_IN');
    if (!(await links.unlink(userId, link.issuer, link.subject))) throw new ApiError('SSO_LINK_NOT_FOUND');
    const provider = deps.sso && link.issuer === deps.sso.issuer ? deps.sso.name : link.issuer;
    return `${provider} subject ${link.subject}${link.email ? ` (${link.email})` : ''}`;
  };

  app.get(r['cloud.me.sso.list'].path, { schema: doc('cloud.me.sso.list') }, async (req) => {
    const me = await auth.user(req);
    return listOf(me.userId);
  });

  app.post(r['cloud.me.sso.link'].path, { schema: doc('cloud.me.sso.link') }, async (req, reply) => {
    const me = await auth.user(req);
    if (!deps.sso) throw new ApiError('SSO_NOT_CONFIGURED');
    return {
      url: await startFlow(req, reply, deps.sso.oidc, { userId: me.userId, sessionId: me.sessionId }),
    };
  });

  app.delete(
    r['cloud.me.sso.unlink'].path,
    { schema: { params: SsoLinkParams, ...doc('cloud.me.sso.unlink') } },
    async (req) => {
      const me = await auth.user(req);
      const what = await unlink(me.userId, req.params.link);
      await audit.recordBy(me, req.ip, { action: 'sso.unlinked', detail: what, outcome: '200' });
      return OK;
    },
  );

  app.get(
    r['cloud.users.sso.list'].path,
    { schema: { params: UserSsoLinkParams.pick({ id: true }), ...doc('cloud.users.sso.list') } },
    async (req) => {
      await admin(req);
      if (!(await users.findById(req.params.id))) throw new ApiError('USER_NOT_FOUND');
      return listOf(req.params.id);
    },
  );

  app.delete(
    r['cloud.users.sso.unlink'].path,
    { schema: { params: UserSsoLinkParams, ...doc('cloud.users.sso.unlink') } },
    async (req) => {
      const me = await admin(req);
      const user = await users.findById(req.params.id);
      if (!user) throw new ApiError('USER_NOT_FOUND');
      const what = await unlink(user.id, req.params.link);
      await audit.recordBy(me, req.ip, {
        action: 'sso.unlinked',
        detail: `${user.login}: ${what}`,
        outcome: '200',
      });
      return OK;
    },
  );
}

/**
 * The callback of a link started by a signed-in user: the session that started it must still be open; the
 * provider's rules on who may sign in apply; an identity linked to someone else is refused.
 */
export async function linkVerified(
  deps: Pick<SsoLinkRouteDeps, 'users' | 'links' | 'sessions' | 'audit'>,
  sso: SsoSettings,
  claims: Record<string, unknown>,
  link: FlowLink,
  address: string,
): Promise<void> {
  const state = await deps.sessions.state(link.sessionId);
  const user = state?.userId === link.userId ? await deps.users.findById(link.userId) : undefined;
  if (!user) throw new Refused('SSO_FAILED', 'link: the session that started it has ended');
  const subject = typeof claims.sub === 'string' ? claims.sub : undefined;
  const issuer = typeof claims.iss === 'string' ? claims.iss : sso.issuer;
  if (!subject) throw new Refused('SSO_FAILED', 'the ID token has no subject', user.login);
  const email = verifiedEmail(claims) ?? null;
  const refused = refusal(sso.policy, claims);
  if (refused)
    throw new Refused(
      refused,
      `link of ${email ?? subject}: not allowed by the domain or claim rule`,
      user.login,
    );
  const owner = await deps.links.userOf(issuer, subject);
  if (owner === user.id) return;
  if (owner !== undefined)
    throw new Refused(
      'SSO_LINKED_ELSEWHERE',
      `link of ${email ?? subject}: linked to another user`,
      user.login,
    );
  await deps.links.link(issuer, subject, user.id, email);
  await deps.audit.recordBy({ userId: user.id, login: user.login }, address, {
    action: 'sso.linked',
    detail: `${sso.name} subject ${subject}${email ? ` (${email})` : ''} by the signed-in user`,
    outcome: '200',
  });
}
