import * as client from 'openid-client';
import { z } from 'zod';
import { SignedTokens } from '../signedToken';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string;
  /** where the provider sends the browser back: the cloud's public origin + /api/auth/sso/callback */
  redirectUri: string;
}

/** The pending authorization, kept in the browser's httpOnly flow cookie (HMAC-signed, 10 minutes). */
interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  /** set when a signed-in user links the provider: that user and session (else it is a sign-in) */
  link?: FlowLink | undefined;
}

export interface FlowLink {
  userId: string;
  sessionId: string;
}

const FlowClaims = z.object({
  s: z.string(),
  n: z.string(),
  v: z.string(),
  e: z.number().int(),
  l: z.object({ u: z.string(), f: z.string() }).optional(),
});

/** Why the provider's answer was not taken: it could not be reached, or the answer did not check out. */
export class OidcFailure extends Error {
  constructor(
    readonly reason: 'unreachable' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * The OpenID Connect relying party (openid-client): authorization code flow with PKCE (S256), state and nonce.
 * The provider's metadata is discovered on first use (and again after a failure). The ID token is checked for
 * issuer, audience, nonce, expiry and issued-at by the library, and its signature against the issuer's JWKS
 * (enableNonRepudiationChecks: without it a token-endpoint ID token is trusted on TLS alone). Plain http is
 * accepted only for a provider on loopback (tests, development).
 */
export class OidcClient {
  private config: Promise<client.Configuration> | undefined;
  private readonly flows: SignedTokens<typeof FlowClaims>;

  constructor(
    private readonly settings: OidcSettings,
    secret: Buffer,
    private readonly flowTtlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.flows = new SignedTokens(secret, 'st sso flow v1', FlowClaims, now);
  }

  private configuration(): Promise<client.Configuration> {
    if (!this.config) {
      const issuer = new URL(this.settings.issuer);
      const auth = this.settings.clientSecret
        ? client.ClientSecretBasic(this.settings.clientSecret)
        : client.None();
      this.config = client
        .discovery(issuer, this.settings.clientId, undefined, auth, {
          ...(issuer.protocol === 'http:' && isLoopback(issuer)
            ? { execute: [client.allowInsecureRequests] }
            : {}),
          timeout: 10,
        })
        .then((config) => {
          client.enableNonRepudiationChecks(config);
          return config;
        })
        .catch((err: unknown) => {
          this.config = undefined;
          throw new OidcFailure(
            'unreachable',
            `discovery failed: ${err instanceof Error ? err.message : err}`,
          );
        });
    }
    return this.config;
  }

  /** The provider's authorization URL and the flow cookie's value for this browser (a sign-in, or a link). */
  async start(link?: FlowLink): Promise<{ url: string; flowCookie: string }> {
    const config = await this.configuration();
    const flow: Flow = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      link,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, flowCookie: this.sealFlow(flow) };
  }

  /**
   * Exchanges the code the provider sent back (the callback's query) and answers the verified ID token's claims,
   * completed from the userinfo endpoint when the ID token has no e-mail; and the link the flow was started for.
   */
  async finish(
    flowCookie: string | undefined,
    query: string,
  ): Promise<{ claims: Record<string, unknown>; link: FlowLink | undefined }> {
    const flow = this.openFlow(flowCookie);
    if (!flow) throw new OidcFailure('invalid', 'no sign-on in progress in this browser (flow cookie)');
    const config = await this.configuration();
    const currentUrl = new URL(this.settings.redirectUri);
    currentUrl.search = query;
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      throw classify(err);
    }
    const claims: Record<string, unknown> = { ...tokens.claims() };
    if (typeof claims.email !== 'string' && typeof claims.sub === 'string' && tokens.access_token) {
      try {
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
        for (const [k, v] of Object.entries(info)) if (!(k in claims)) claims[k] = v;
      } catch (err) {
        throw classify(err);
      }
    }
    return { claims, link: flow.link };
  }

  /** The link a flow cookie was started for (undefined for a sign-in or no valid flow), without using it. */
  linkOf(flowCookie: string | undefined): FlowLink | undefined {
    return this.openFlow(flowCookie)?.link;
  }

  private sealFlow(flow: Flow): string {
    return this.flows.seal({
      s: flow.state,
      n: flow.nonce,
      v: flow.verifier,
      e: this.now() + this.flowTtlMs,
      ...(flow.link ? { l: { u: flow.link.userId, f: flow.link.sessionId } } : {}),
    });
  }

  private openFlow(token: string | undefined): Flow | undefined {
    const c = this.flows.open(token);
    return c && { state: c.s, nonce: c.n, verifier: c.v, link: c.l && { userId: c.l.u, sessionId: c.l.f } };
  }
}

function classify(err: unknown): OidcFailure {
  if (err instanceof OidcFailure) return err;
  const message = err instanceof Error ? err.message : String(err);
  // fetch() itself failed: the provider did not answer
  if (err instanceof TypeError && message === 'fetch failed') return new OidcFailure('unreachable', message);
  const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return new OidcFailure('invalid', `${message}${cause}`);
}
