import { createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { freeTcpPort } from '@st/testkit';
import Provider from 'oidc-provider';

// A real OpenID provider (the oidc-provider package) on a free loopback port, for single sign-on tests. The test
// says which account signs in next (its interactions finish at once, as a user who typed their password and
// consented would); `tamper` rewrites the ID token of the next token response and signs it again, with the
// provider's own key or another, to play a provider (or a network) that sends a bad token.

export type Claims = Record<string, unknown>;

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** accounts by subject: their claims (email, email_verified, groups, …) */
  accounts: Map<string, Claims>;
  /** the subject that signs in at the next authorization */
  signInAs(subject: string): void;
  /** rewrites the ID token of the next token response; `foreignKey` signs it with a key the provider never had */
  tamper(change: (claims: Claims) => Claims, opts?: { foreignKey?: boolean }): void;
  stop(): Promise<void>;
}

const b64url = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');

function resign(idToken: string, change: (c: Claims) => Claims, key: KeyObject, kid: string): string {
  const [, body] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as Claims;
  const input = `${b64url({ alg: 'RS256', typ: 'JWT', kid })}.${b64url(change(claims))}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

export async function startOidcProvider(redirectUris: string[]): Promise<TestProvider> {
  const port = await freeTcpPort();
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const kid = 'test-signing-key';
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, Claims>();
  let next = '';
  let tampering: { change: (c: Claims) => Claims; key: KeyObject } | undefined;
  const clientId = 'smartthing-cloud';
  const clientSecret = 'the-client-secret-of-the-cloud';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['a-cookie-signing-key-for-tests'] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const claims = accounts.get(sub);
      return claims ? { accountId: sub, claims: async () => ({ sub, ...claims }) } : undefined;
    },
  });
  provider.on('server_error', (_ctx, err) => console.error('oidc-provider', err));
  const handle = provider.callback();

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: next } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = details.session?.accountId ?? next;
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  const server: Server = createServer((req, res) => {
    // its pages are redirects: a policy that allows nothing else (the console's e2e guard wants one everywhere)
    res.setHeader('content-security-policy', "default-src 'none'");
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (path.startsWith('/interaction/')) {
      interaction(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    const t = tampering;
    if (t && path === '/token') {
      tampering = undefined;
      const end = res.end.bind(res);
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        const text = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk ?? '');
        try {
          const body = JSON.parse(text) as { id_token?: string };
          if (body.id_token) {
            body.id_token = resign(body.id_token, t.change, t.key, kid);
            const out = JSON.stringify(body);
            if (!res.headersSent) res.setHeader('content-length', Buffer.byteLength(out));
            return end(out);
          }
        } catch {
          // not JSON: pass it on
        }
        return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
      }) as typeof res.end;
    }
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs: (subject) => {
      next = subject;
    },
    tamper: (change, opts = {}) => {
      tampering = { change, key: opts.foreignKey ? foreign : createPrivateKey({ key: jwk, format: 'jwk' }) };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser for the redirect dance: keeps cookies per host and path, follows redirects until `stopAt`. */
export class RedirectBrowser {
  private readonly jar = new Map<string, Map<string, { value: string; path: string }>>();

  cookieFor(url: URL): string {
    const here = this.jar.get(url.host);
    if (!here) return '';
    return [...here.entries()]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  async request(url: string, init: { method?: string; headers?: Record<string, string> } = {}) {
    const u = new URL(url);
    const cookie = this.cookieFor(u);
    const res = await fetch(u, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...init.headers },
    });
    const here = this.jar.get(u.host) ?? new Map<string, { value: string; path: string }>();
    this.jar.set(u.host, here);
    for (const c of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = c.split(';').map((x) => x.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const path = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const gone = attrs.some((a) => /^max-age=0$/i.test(a)) || /expires=thu, 01 jan 1970/i.test(c);
      if (gone || value === '') here.delete(name);
      else here.set(name, { value, path });
    }
    return res;
  }

  /** Follows redirects from `url` and answers the first URL that starts with `stopAt` (not requested). */
  async follow(url: string, stopAt: string): Promise<URL> {
    let at = url;
    for (let hops = 0; hops < 20; hops++) {
      if (at.startsWith(stopAt)) return new URL(at);
      const res = await this.request(at);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location)
        throw new Error(`no redirect from ${at}: ${res.status} ${await res.text()}`);
      at = new URL(location, at).href;
    }
    throw new Error(`too many redirects from ${url}`);
  }
}
