import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  ApiError,
  OK,
  PASSKEY_LIMITS,
  PASSKEY_ROUTES,
  type PasskeyAuthenticationResponse,
  PasskeyRegisterRequest,
  PasskeyRenameRequest,
  PasskeySignInRequest,
  type RouteName,
  routeDef,
  SignInIdParams,
} from '@st/protocol';
import type { HttpApp } from '@st/server-kit';
import type { FastifyRequest } from 'fastify';
import type { AuditLog } from '../audit/log';
import type { RequestAuth } from '../http/requestAuth';
import type { UserStore } from '../users/users';
import type { ChallengeStore } from './challenges';
import type { PasskeyStore, RelyingParty, StoredPasskey } from './passkeys';
import type { PendingSignIns } from './pending';
import type { RateLimiter } from './rateLimit';
import { type CompleteSignIn, pendingCookie } from './routes';
import type { SessionStore } from './sessions';
import { stepGuards } from './stepGuards';
import type { TotpStore } from './totp';

export interface PasskeyRouteDeps {
  users: UserStore;
  sessions: SessionStore;
  passkeys: PasskeyStore;
  challenges: ChallengeStore;
  totp: TotpStore;
  pending: PendingSignIns;
  auth: RequestAuth;
  audit: AuditLog;
  limits: { perIp: RateLimiter; perLogin: RateLimiter };
  complete: CompleteSignIn;
  relyingParty: (req: FastifyRequest) => RelyingParty;
  /** these session families were revoked: close their live sessions on every node */
  onSessionsRevoked: (familyIds: string[]) => void;
}

const RP_NAME = 'SmartThing';

function doc(name: RouteName) {
  const r = routeDef(name);
  return { summary: r.summary, response: { [r.successStatus ?? 200]: r.response } };
}

/** The challenge the browser signed, from clientDataJSON; undefined when it cannot be read. */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (
      typeof data === 'object' &&
      data !== null &&
      'challenge' in data &&
      typeof data.challenge === 'string'
    )
      return data.challenge;
  } catch {
    // not JSON: no challenge
  }
  return undefined;
}

const userHandleOf = (userId: string) => Buffer.from(userId, 'utf8').toString('base64url');

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): registration (signed in, or at a sign-in that requires a second
 * factor), list, rename, remove; a sign-in with a passkey alone (discoverable credential, user verification
 * required, so it is both factors) and a passkey as the second step after the password. Every challenge is
 * single use and expires (ChallengeStore); the origin and relying party id are checked against relyingParty().
 */
export function registerPasskeyRoutes(app: HttpApp, deps: PasskeyRouteDeps): void {
  const { passkeys, challenges, auth, audit, limits, users } = deps;
  const r = PASSKEY_ROUTES;
  const { pendingOf, enroller, limited, limitedByAddress } = stepGuards(deps);
  const endOthers = async (userId: string, except?: string) =>
    deps.onSessionsRevoked(await deps.sessions.revokeUser(userId, except));

  /** Verifies an assertion for a stored passkey and records its use; throws PASSKEY_REJECTED when it fails. */
  const assert = async (
    req: FastifyRequest,
    response: PasskeyAuthenticationResponse,
    expectedChallenge: string,
    key: StoredPasskey,
  ) => {
    const rp = deps.relyingParty(req);
    let detail: string;
    try {
      const { verified, authenticationInfo: info } = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        credential: {
          id: key.credentialId,
          publicKey: key.publicKey,
          counter: key.counter,
          ...(key.transports ? { transports: key.transports } : {}),
        },
        requireUserVerification: true,
      });
      if (
        verified &&
        (await passkeys.used(key, {
          counter: info.newCounter,
          backedUp: info.credentialBackedUp,
          deviceType: info.credentialDeviceType,
        }))
      )
        return;
      detail = verified ? 'signature counter raced' : 'not verified';
    } catch (err) {
      detail = err instanceof Error ? err.message : String(err);
    }
    throw Object.assign(new ApiError('PASSKEY_REJECTED'), { detail });
  };

  const failed = async (
    req: FastifyRequest,
    user: { id: string; login: string } | undefined,
    detail: string,
  ) =>
    audit.record({
      action: 'auth.passkeyFailed',
      ...(user ? { actorId: user.id, actor: user.login } : {}),
      detail,
      outcome: '401',
      address: req.ip,
    });

  app.get(r['cloud.me.passkeys.list'].path, { schema: doc('cloud.me.passkeys.list') }, async (req) => {
    const me = await auth.user(req);
    return passkeys.list(me.userId);
  });

  app.post(r['cloud.me.passkeys.options'].path, { schema: doc('cloud.me.passkeys.options') }, async (req) => {
    const me = await enroller(req);
    if ((await passkeys.count(me.userId)) >= PASSKEY_LIMITS.perUserMax) throw new ApiError('PASSKEY_LIMIT');
    const rp = deps.relyingParty(req);
    const existing = await passkeys.credentials(me.userId);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rp.id,
      userName: me.login,
      userDisplayName: me.login,
      userID: new Uint8Array(Buffer.from(me.userId, 'utf8')),
      timeout: PASSKEY_LIMITS.challengeTtlMs,
      attestationType: 'none',
      excludeCredentials: existing.map((k) => ({
        id: k.credentialId,
        ...(k.transports ? { transports: k.transports } : {}),
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await challenges.put('register', options.challenge, me.userId);
    return options;
  });

  app.post(
    r['cloud.me.passkeys.register'].path,
    { schema: { body: PasskeyRegisterRequest, ...doc('cloud.me.passkeys.register') } },
    async (req, reply) => {
      const me = await enroller(req);
      const { name, response } = req.body;
      const challenge = signedChallenge(response.response.clientDataJSON);
      const taken = challenge ? await challenges.take('register', challenge) : undefined;
      if (!challenge || taken?.userId !== me.userId) throw new ApiError('PASSKEY_CHALLENGE_INVALID');
      if ((await passkeys.count(me.userId)) >= PASSKEY_LIMITS.perUserMax) throw new ApiError('PASSKEY_LIMIT');
      const rp = deps.relyingParty(req);
      let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
      try {
        const result = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origins,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
        info = result.verified ? result.registrationInfo : undefined;
        if (!info) throw new Error('not verified');
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw new ApiError('PASSKEY_REGISTRATION_FAILED', `The passkey could not be registered: ${why}`);
      }
      const passkey = await passkeys.add({
        userId: me.userId,
        name,
        credentialId: info.credential.id,
        publicKey: info.credential.publicKey,
        counter: info.credential.counter,
        transports: info.credential.transports,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        rpId: rp.id,
      });
      if (!passkey) throw new ApiError('PASSKEY_ALREADY_REGISTERED');
      await audit.recordBy(me, req.ip, {
        action: 'passkey.registered',
        detail: name,
        outcome: '201',
      });
      reply.code(201);
      if (me.sessionId === undefined) {
        // Registered at a sign-in that required a second factor: the sign-in ends here, with a session.
        reply.header('set-cookie', pendingCookie(req, '', 0));
        const { refresh } = await deps.complete(
          req,
          reply,
          { id: me.userId, login: me.login },
          'registered a passkey',
        );
        return { passkey, refresh };
      }
      // A change of the second factor ends the user's other sessions.
      await endOthers(me.userId, me.sessionId);
      return { passkey };
    },
  );

  app.put(
    r['cloud.me.passkeys.rename'].path,
    {
      schema: { params: SignInIdParams, body: PasskeyRenameRequest, ...doc('cloud.me.passkeys.rename') },
    },
    async (req) => {
      const me = await auth.user(req);
      const renamed = await passkeys.rename(me.userId, req.params.id, req.body.name);
      if (!renamed) throw new ApiError('PASSKEY_NOT_FOUND');
      await audit.recordBy(me, req.ip, {
        action: 'passkey.renamed',
        detail: renamed.name,
        outcome: '200',
      });
      return renamed;
    },
  );

  app.delete(
    r['cloud.me.passkeys.delete'].path,
    { schema: { params: SignInIdParams, ...doc('cloud.me.passkeys.delete') } },
    async (req) => {
      const me = await auth.user(req);
      const name = await passkeys.remove(me.userId, req.params.id);
      if (name === undefined) throw new ApiError('PASSKEY_NOT_FOUND');
      await endOthers(me.userId, me.sessionId);
      await audit.recordBy(me, req.ip, {
        action: 'passkey.removed',
        detail: name,
        outcome: '200',
      });
      return OK;
    },
  );

  // A passkey alone: no login typed; the browser offers the discoverable credentials it holds for this site.
  app.post(
    r['cloud.auth.passkey.options'].path,
    { schema: doc('cloud.auth.passkey.options') },
    async (req, reply) => {
      await limitedByAddress(req, reply);
      const options = await generateAuthenticationOptions({
        rpID: deps.relyingParty(req).id,
        userVerification: 'required',
        timeout: PASSKEY_LIMITS.challengeTtlMs,
      });
      await challenges.put('signIn', options.challenge, null);
      return options;
    },
  );

  app.post(
    r['cloud.auth.passkey'].path,
    { schema: { body: PasskeySignInRequest, ...doc('cloud.auth.passkey') } },
    async (req, reply) => {
      await limitedByAddress(req, reply);
      const { response } = req.body;
      const challenge = signedChallenge(response.response.clientDataJSON);
      if (!challenge || !(await challenges.take('signIn', challenge)))
        throw new ApiError('PASSKEY_CHALLENGE_INVALID');
      const key = await passkeys.byCredentialId(response.id);
      const user = key ? await users.findById(key.userId) : undefined;
      // The authenticator names the account it signed for: it must be the passkey's owner.
      const handle = response.response.userHandle;
      if (!key || !user || (handle !== undefined && handle !== userHandleOf(user.id))) {
        await failed(req, user, 'unknown passkey');
        throw new ApiError('PASSKEY_REJECTED');
      }
      try {
        await assert(req, response, challenge, key);
      } catch (err) {
        await failed(req, user, (err as { detail?: string }).detail ?? 'not verified');
        throw err;
      }
      if ((await users.admin(user.id))?.disabled) throw new ApiError('USER_DISABLED');
      return deps.complete(req, reply, user, 'with a passkey');
    },
  );

  // A passkey as the second step after the password (the pending-sign-in cookie names the user).
  app.get(
    r['cloud.auth.secondFactor.methods'].path,
    { schema: doc('cloud.auth.secondFactor.methods') },
    async (req) => {
      const user = await pendingOf(req, 'code');
      return { totp: await deps.totp.enabled(user.id), passkey: (await passkeys.count(user.id)) > 0 };
    },
  );

  app.post(
    r['cloud.auth.secondFactor.passkeyOptions'].path,
    { schema: doc('cloud.auth.secondFactor.passkeyOptions') },
    async (req, reply) => {
      const user = await pendingOf(req, 'code');
      await limited(req, reply, user.login);
      const keys = await passkeys.credentials(user.id);
      if (keys.length === 0) throw new ApiError('PASSKEY_NOT_FOUND');
      const options = await generateAuthenticationOptions({
        rpID: deps.relyingParty(req).id,
        userVerification: 'required',
        timeout: PASSKEY_LIMITS.challengeTtlMs,
        allowCredentials: keys.map((k) => ({
          id: k.credentialId,
          ...(k.transports ? { transports: k.transports } : {}),
        })),
      });
      await challenges.put('secondFactor', options.challenge, user.id);
      return options;
    },
  );

  app.post(
    r['cloud.auth.secondFactor.passkey'].path,
    { schema: { body: PasskeySignInRequest, ...doc('cloud.auth.secondFactor.passkey') } },
    async (req, reply) => {
      const user = await pendingOf(req, 'code');
      await limited(req, reply, user.login);
      const { response } = req.body;
      const challenge = signedChallenge(response.response.clientDataJSON);
      const taken = challenge ? await challenges.take('secondFactor', challenge) : undefined;
      if (!challenge || taken?.userId !== user.id) throw new ApiError('PASSKEY_CHALLENGE_INVALID');
      const key = await passkeys.byCredentialId(response.id);
      try {
        // only one of this user's own passkeys counts
        if (!key || key.userId !== user.id) throw new ApiError('PASSKEY_REJECTED');
        await assert(req, response, challenge, key);
      } catch (err) {
        await limits.perLogin.hit(user.login);
        await audit.record({
          action: 'auth.secondFactorFailed',
          actorId: user.id,
          actor: user.login,
          detail: `passkey not accepted: ${key ? ((err as { detail?: string }).detail ?? 'not verified') : 'not one of this user\u2019s passkeys'}`,
          outcome: '401',
          address: req.ip,
        });
        throw err;
      }
      reply.header('set-cookie', pendingCookie(req, '', 0));
      return deps.complete(req, reply, user, 'password and a passkey');
    },
  );
}
