import { Agent, request } from 'node:http';
import { ROUTE_NAMES, ROUTES } from '@st/protocol';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from './support/harness';

// The gateway's sign-in guard decides on the route the router matched, not on the URL's text: every
// spelling of a catalog route the router accepts (escapes in any case, a trailing slash) gets the answer
// the plain spelling gets, and a spelling it does not accept (repeated slashes, dot segments, case) is
// refused as an unmatched API path: 401 without a session while a password is set, 404 otherwise.

const PASSWORD = 'correct horse battery';
const locked = gatewayForFile({ gateway: { gatewayPassword: PASSWORD } });
const open = gatewayForFile();
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
afterAll(() => agent.destroy());

interface Call {
  readonly method: string;
  /** the route's path with its parameters filled in */
  readonly path: string;
  readonly isPublic: boolean;
}

const PUBLIC = new Set([
  'gateway.build',
  'gateway.notifications.create',
  'gateway.auth.state',
  'gateway.auth.signIn',
  'gateway.auth.signOut',
  'gateway.auth.setPassword',
]);

const CALLS: Call[] = ROUTE_NAMES.filter((n) => ROUTES[n].server === 'gateway').map((n) => ({
  method: ROUTES[n].method,
  path: ROUTES[n].path.replace(/:[A-Za-z]+/g, '1'),
  isPublic: PUBLIC.has(n),
}));

interface Answer {
  readonly status: number;
  readonly code: string | undefined;
}

/** One request with the URL's text exactly as given (fetch would resolve dot segments first). */
function send(base: string, method: string, path: string): Promise<Answer> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        let code: string | undefined;
        try {
          const body: unknown = JSON.parse(text);
          if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string')
            code = body.code;
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, code });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const percentEscape = (ch: string, upper: boolean) => {
  const hex = ch.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex}`;
};

/** `/api/x` with letter `i` of the `api` prefix percent-escaped. */
function escapePrefixLetter(path: string, i: number, upper: boolean): string {
  const ch = path[1 + i] ?? '';
  return `${path.slice(0, 1 + i)}${percentEscape(ch, upper)}${path.slice(2 + i)}`;
}

/** A spelling of a route's path, and whether the router still matches it to that route. */
interface Spelling {
  readonly path: string;
  readonly routed: boolean;
}

type Change =
  | { kind: 'escape'; at: number; upper: boolean }
  | { kind: 'trailingSlash' }
  | { kind: 'doubleSlash'; at: number }
  | { kind: 'dotSegment'; at: number; form: string }
  | { kind: 'upperCase'; at: number };

const DOT_SEGMENTS = ['/.', '/%2e', '/%2E', '/x/..', '/x/%2e%2e', '/api/..'];

/** Applies the changes in turn; a position picks among the places a change can go (modulo their count). */
function spell(path: string, changes: readonly Change[]): Spelling {
  let out = path;
  let routed = true;
  for (const c of changes) {
    if (c.kind === 'escape') {
      // a letter or digit outside an escape already made
      const spots = [...out].flatMap((ch, i) =>
        /[a-z0-9]/i.test(ch) && !/%[0-9a-f]?$/i.test(out.slice(0, i)) ? [i] : [],
      );
      const i = spots[c.at % Math.max(1, spots.length)];
      if (i === undefined) continue;
      out = `${out.slice(0, i)}${percentEscape(out[i] ?? '', c.upper)}${out.slice(i + 1)}`;
    } else if (c.kind === 'trailingSlash') {
      if (!out.endsWith('/')) out = `${out}/`;
    } else {
      const slashes = [...out].flatMap((ch, i) => (ch === '/' ? [i] : []));
      const i = slashes[c.at % slashes.length] ?? 0;
      if (c.kind === 'doubleSlash') out = `${out.slice(0, i)}/${out.slice(i)}`;
      else if (c.kind === 'dotSegment') out = `${out.slice(0, i)}${c.form}${out.slice(i)}`;
      else {
        const letters = [...out].flatMap((ch, j) =>
          /[a-z]/.test(ch) && !/%[0-9a-f]?$/i.test(out.slice(0, j)) ? [j] : [],
        );
        const j = letters[c.at % Math.max(1, letters.length)];
        if (j === undefined) continue;
        out = `${out.slice(0, j)}${(out[j] ?? '').toUpperCase()}${out.slice(j + 1)}`;
      }
      routed = false;
    }
  }
  return { path: out, routed };
}

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('escape' as const), at: fc.nat(60), upper: fc.boolean() }),
  fc.record({ kind: fc.constant('escape' as const), at: fc.nat(2), upper: fc.boolean() }),
  fc.record({ kind: fc.constant('trailingSlash' as const) }),
  fc.record({ kind: fc.constant('doubleSlash' as const), at: fc.nat(8) }),
  fc.record({
    kind: fc.constant('dotSegment' as const),
    at: fc.nat(8),
    form: fc.constantFrom(...DOT_SEGMENTS),
  }),
  fc.record({ kind: fc.constant('upperCase' as const), at: fc.nat(40) }),
);
const spelled = fc.record({
  call: fc.constantFrom(...CALLS),
  changes: fc.array(change, { minLength: 1, maxLength: 4 }),
});

describe('the sign-in guard over every catalog route and URL spelling', () => {
  it('answers 401 to every letter of the /api prefix escaped in turn (either hex case) without a session', async () => {
    let tried = 0;
    for (const call of CALLS.filter((c) => !c.isPublic)) {
      for (const i of [0, 1, 2]) {
        for (const upper of [false, true]) {
          const path = escapePrefixLetter(call.path, i, upper);
          const a = await send(locked.base, call.method, path);
          expect(a, `${call.method} ${path}`).toEqual({ status: 401, code: 'GATEWAY_SIGN_IN_REQUIRED' });
          tried += 1;
        }
      }
    }
    console.info('sign-in guard figures (escaped prefix letters)', { routes: CALLS.length, tried });
  });

  it('password mode: no spelling of a non-public route answers anything but 401 without a session', async () => {
    let routed = 0;
    let unrouted = 0;
    await fc.assert(
      fc.asyncProperty(spelled, async ({ call, changes }) => {
        const s = spell(call.path, changes);
        const a = await send(locked.base, call.method, s.path);
        if (call.isPublic && s.routed) {
          const plain = await send(locked.base, call.method, call.path);
          expect(a.status, `${call.method} ${s.path}`).toBe(plain.status);
          expect(a.status).not.toBe(401);
        } else {
          expect(a, `${call.method} ${s.path}`).toEqual({ status: 401, code: 'GATEWAY_SIGN_IN_REQUIRED' });
        }
        if (s.routed) routed += 1;
        else unrouted += 1;
      }),
      { numRuns: 600 },
    );
    console.info('sign-in guard figures (password mode)', { routed, unrouted });
  });

  it('open mode: a spelling the router matches behaves as the plain path, any other is 404', async () => {
    let routed = 0;
    let unrouted = 0;
    await fc.assert(
      fc.asyncProperty(spelled, async ({ call, changes }) => {
        const s = spell(call.path, changes);
        if (s.routed) {
          // The plain spelling is asked right before and, when the answers differ, right after: a route
          // whose answer moved on between two calls (a scheduled job, a window) is not a routing difference.
          const before = await send(open.base, call.method, call.path);
          const a = await send(open.base, call.method, s.path);
          const plain =
            a.status === before.status ? [before] : [before, await send(open.base, call.method, call.path)];
          expect(
            plain.map((p) => p.status),
            `${call.method} ${s.path} answered ${a.status} ${a.code ?? ''}; the plain path ${JSON.stringify(plain)}`,
          ).toContain(a.status);
          expect(a.status).not.toBe(401);
          routed += 1;
        } else {
          const a = await send(open.base, call.method, s.path);
          expect(a, `${call.method} ${s.path}`).toEqual({ status: 404, code: 'ROUTE_NOT_FOUND' });
          unrouted += 1;
        }
      }),
      { numRuns: 600 },
    );
    console.info('sign-in guard figures (open mode)', { routed, unrouted });
  });

  it('refuses unmatched API-like paths (401 locked, 404 open) but still serves console pages', async () => {
    for (const path of [
      '/API/devices/found',
      '//api/devices/found',
      '/api/./devices/found',
      '/%2561pi/build',
      '/api/nothing',
      // an empty or dot segment where a route has a parameter: not a parameter, no route at all
      '/api/devices/settings//',
      '/api/rollouts//',
      '/api/rollouts/./',
      '/api/devices/settings/%2E%2E',
    ]) {
      expect(await send(locked.base, 'GET', path), path).toEqual({
        status: 401,
        code: 'GATEWAY_SIGN_IN_REQUIRED',
      });
      expect(await send(locked.base, 'DELETE', path), path).toEqual({
        status: 401,
        code: 'GATEWAY_SIGN_IN_REQUIRED',
      });
      expect(await send(open.base, 'GET', path), path).toEqual({ status: 404, code: 'ROUTE_NOT_FOUND' });
    }
    for (const path of ['/', '/devices', '/apix/devices']) {
      expect((await send(locked.base, 'GET', path)).status, path).toBe(200);
    }
    // HEAD follows its GET route: public for the build info, guarded for the rest.
    expect((await send(locked.base, 'HEAD', '/%61pi/build')).status).toBe(200);
    expect((await send(locked.base, 'HEAD', '/%61pi/devices/settings')).status).toBe(401);
  });
});
