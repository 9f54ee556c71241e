import { randomBytes } from 'node:crypto';
import {
  ApiError,
  routeDef,
  SSO_COOKIES,
  SSO_RESULT_LINKED,
  SSO_RESULT_OK,
  SSO_RESULT_PARAM,
  SSO_ROUTES,
  SsoCallbackQuery,
} from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditLog } from '../../audit/log';
import { readCookie } from '../../http/principal';
import { LoginTakenError, type UserStore } from '../../users/users';
import type { ChallengeStore } from '../challenges';
import type { AfterFirstFactor } from '../routes';
import type { SessionStore } from '../sessions';
import { linkVerified } from './linkRoutes';
import type { SsoLinkStore } from './links';
import { OidcFailure } from './oidc';
import { refusal, verifiedEmail } from './policy';
import { doc, Refused, type SsoSettings, ssoCookie, startFlow } from './ssoShared';

export interface SsoRouteDeps {
  /** undefined: single sign-on is off */
  sso: SsoSettings | undefined;
  users: UserStore;
  links: SsoLinkStore;
  sessions: SessionStore;
  challenges: ChallengeStore;
  audit: AuditLog;
  afterFirstFactor: AfterFirstFactor;
}

/** Where a link started from the account screen lands: that screen (a sign-in lands on the console's root). */
const LINK_LANDING = 'account/security';

/**
 * Single sign-on with OpenID Connect: the public sign-in methods, the redirect to the provider, its callback
 * (every check, then the link to a user or the user's creation), and the finish that opens the session through
 * the same second step as the password. The callback hands the outcome to the console in a single-use,
 * two-minute cookie (the refresh token must reach the console in a JSON answer, never in a URL).
 */
export function registerSsoRoutes(app: HttpApp, deps: SsoRouteDeps): void {
  const { users, links, challenges, audit } = deps;
  const r = SSO_ROUTES;
  const configured = () => {
    if (!deps.sso) throw new ApiError('SSO_NOT_CONFIGURED');
    return deps.sso;
  };

  app.get(r['cloud.auth.methods'].path, { schema: doc('cloud.auth.methods') }, async () => ({
    passkey: true,
    sso: deps.sso ? { name: deps.sso.name, startPath: r['cloud.auth.sso.start'].path } : null,
  }));

  app.get(
    r['cloud.auth.sso.start'].path,
    { schema: { summary: routeDef('cloud.auth.sso.start').summary } },
    async (req, reply) => {
      const url = await startFlow(req, reply, configured().oidc);
      return reply.redirect(url, 302);
    },
  );

  /** The user these verified claims sign in as: the linked one, else linked or created by verified e-mail. */
  const userFor = async (sso: SsoSettings, claims: Record<string, unknown>, req: FastifyRequest) => {
    const subject = typeof claims.sub === 'string' ? claims.sub : undefined;
    const issuer = typeof claims.iss === 'string' ? claims.iss : sso.issuer;
    if (!subject) throw new Refused('SSO_FAILED', 'the ID token has no subject');
    const email = verifiedEmail(claims);
    const named = email ?? subject;
    const refused = refusal(sso.policy, claims);
    if (refused)
      throw new Refused(
        refused,
        `${named}: ${refused === 'SSO_NOT_ALLOWED' ? 'not allowed by the domain or claim rule' : 'no verified e-mail'}`,
        named,
      );
    const linked = await links.userOf(issuer, subject);
    if (linked) {
      const user = await users.findById(linked);
      if (!user) throw new Refused('SSO_NO_USER', `${named}: the linked user is gone`, named);
      await links.touch(issuer, subject);
      return user;
    }
    if (!email)
      throw new Refused('SSO_EMAIL_UNVERIFIED', `${subject}: no verified e-mail to link by`, subject);
    let user = await users.findByLoginIgnoringCase(email);
    let created = false;
    if (!user) {
      if (!sso.createUsers) throw new Refused('SSO_NO_USER', `${email}: no user with this login`, email);
      if (email.length > 64) throw new Refused('SSO_NO_USER', `${email}: too long for a login`, email);
      try {
        user = await users.createWithoutPassword(email);
        created = true;
      } catch (err) {
        if (!(err instanceof LoginTakenError)) throw err;
        user = await users.findByLoginIgnoringCase(email);
        if (!user) throw err;
      }
    }
    await links.link(issuer, subject, user.id, email);
    // this sign-in is the link's first use
    await links.touch(issuer, subject);
    if (created)
      await audit.record({
        action: 'sso.userCreated',
        actorId: user.id,
        actor: user.login,
        detail: `${sso.name} (${issuer})`,
        outcome: '200',
        address: req.ip,
      });
    await audit.record({
      action: 'sso.linked',
      actorId: user.id,
      actor: user.login,
      detail: `${sso.name} subject ${subject} by verified e-mail ${email}`,
      outcome: '200',
      address: req.ip,
    });
    return user;
  };

  app.get(
    r['cloud.auth.sso.callback'].path,
    { schema: { summary: routeDef('cloud.auth.sso.callback').summary, querystring: SsoCallbackQuery } },
    async (req, reply) => {
      const sso = configured();
      const flowCookie = readCookie(req.headers.cookie, SSO_COOKIES.flow);
      const linking = sso.oidc.linkOf(flowCookie);
      const back = (result: string) => {
        const url = new URL(linking ? LINK_LANDING : '', sso.consoleUrl);
        url.searchParams.set(SSO_RESULT_PARAM, result);
        reply.header('cache-control', 'no-store');
        return reply.redirect(url.href, 302);
      };
      const cookies = [ssoCookie(req, SSO_COOKIES.flow, '', 0)];
      try {
        if (req.query.error)
          throw new Refused(
            'SSO_FAILED',
            `the provider answered ${req.query.error}: ${req.query.error_description ?? ''}`,
          );
        let finished: Awaited<ReturnType<typeof sso.oidc.finish>>;
        try {
          const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
          finished = await sso.oidc.finish(flowCookie, query);
        } catch (err) {
          if (!(err instanceof OidcFailure)) throw err;
          throw new Refused(
            err.reason === 'unreachable' ? 'SSO_PROVIDER_UNREACHABLE' : 'SSO_FAILED',
            err.message,
          );
        }
        const { claims, link } = finished;
        if (link) {
          await linkVerified(deps, sso, claims, link, req.ip);
          reply.header('set-cookie', cookies);
          return back(SSO_RESULT_LINKED);
        }
        const user = await userFor(sso, claims, req);
        if ((await users.admin(user.id))?.disabled)
          throw new Refused('USER_DISABLED', 'disabled', user.login);
        const done = randomBytes(32).toString('base64url');
        await challenges.put('sso', done, user.id);
        cookies.push(ssoCookie(req, SSO_COOKIES.done, done, SSO_COOKIES.doneTtlSeconds));
        reply.header('set-cookie', cookies);
        return back(SSO_RESULT_OK);
      } catch (err) {
        if (!(err instanceof Refused)) throw err;
        await audit.record({
          action: 'auth.ssoFailed',
          ...(err.login ? { actor: err.login } : {}),
          detail: `${sso.name}: ${err.detail}`,
          outcome: err.code,
          address: req.ip,
        });
        reply.header('set-cookie', cookies);
        return back(err.code);
      }
    },
  );

  app.post(
    r['cloud.auth.sso.finish'].path,
    { schema: doc('cloud.auth.sso.finish') },
    async (req: FastifyRequest, reply: FastifyReply) => {
      const sso = configured();
      const done = readCookie(req.headers.cookie, SSO_COOKIES.done);
      const taken = done ? await challenges.take('sso', done) : undefined;
      reply.header('set-cookie', ssoCookie(req, SSO_COOKIES.done, '', 0));
      const user = taken?.userId ? await users.findById(taken.userId) : undefined;
      if (!user) throw new ApiError('SSO_FAILED');
      return deps.afterFirstFactor(req, reply, user, `single sign-on (${sso.name})`);
    },
  );
}
