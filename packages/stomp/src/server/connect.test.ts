import { describe, expect, it } from 'vitest';
import { StompConnectError } from '../client/node-client';
import { harnessPerTest, headersOf } from '../testing/harness';
import type { AuthenticateContext } from './options';

interface User {
  readonly login: string;
  readonly via: 'cookie' | 'connect';
}

/** Accepts a `sid=good` cookie on the upgrade, or login/passcode alice/secret in CONNECT. */
function authenticate({ request, connectHeaders }: AuthenticateContext) {
  if (request.headers.cookie?.includes('sid=good'))
    return { ok: true as const, principal: { login: 'bob', via: 'cookie' as const } };
  if (connectHeaders.login === 'alice' && connectHeaders.passcode === 'secret')
    return { ok: true as const, principal: { login: 'alice', via: 'connect' as const } };
  return { ok: false as const, reason: 'Bad credentials' };
}

const start = harnessPerTest();

describe('CONNECT', () => {
  it('authenticates from the upgrade request cookies or from the CONNECT headers', async () => {
    const harness = await start<User>({ authenticate });
    const connected: User[] = [];
    harness.stomp.on('connected', (s) => connected.push(s.principal));
    await harness.client({ httpHeaders: { cookie: 'sid=good' } });
    await harness.client({ connectHeaders: { login: 'alice', passcode: 'secret' } });
    expect(connected).toEqual([
      { login: 'bob', via: 'cookie' },
      { login: 'alice', via: 'connect' },
    ]);
    expect(
      harness.stomp
        .sessions()
        .map((s) => s.principal.login)
        .sort(),
    ).toEqual(['alice', 'bob']);
  });

  it('refuses a client without credentials with an ERROR carrying the reason, then closes', async () => {
    const harness = await start<User>({ authenticate });
    const refused = harness.client({ connectHeaders: { login: 'alice', passcode: 'wrong' } });
    await expect(refused).rejects.toThrow(StompConnectError);
    await expect(refused).rejects.toThrow('Bad credentials');
    const raw = await harness.raw();
    raw.send('CONNECT\naccept-version:1.2\n\n\0');
    expect(headersOf(await raw.frame('ERROR')).message).toBe('Bad credentials');
    expect(await raw.closed()).toBe(1008);
    expect(harness.stomp.sessions()).toEqual([]);
  });

  it('lets anonymous clients in when the hook says so, and negotiates version and heart-beats', async () => {
    const harness = await start({
      authenticate: () => ({ ok: true, principal: null }),
      heartbeat: { outgoing: 7000, incoming: 9000 },
    });
    const raw = await harness.raw();
    const connected = await raw.connect('accept-version:1.0,1.1,1.2\nheart-beat:5000,5000\n');
    expect(headersOf(connected)).toMatchObject({ version: '1.2', 'heart-beat': '7000,9000' });
    const old = await harness.raw();
    old.send('CONNECT\naccept-version:1.0\n\n\0');
    expect(headersOf(await old.frame('ERROR'))).toMatchObject({ version: '1.1,1.2' });
    const none = await harness.raw();
    none.send('STOMP\naccept-version:1.1\n\n\0');
    expect(headersOf(await none.frame('CONNECTED')).version).toBe('1.1');
  });

  it('answers a frame before CONNECT, a second CONNECT and a silent socket with ERROR and close', async () => {
    const harness = await start({
      authenticate: () => ({ ok: true, principal: null }),
      connectTimeoutMs: 200,
    });
    const early = await harness.raw();
    early.send('SUBSCRIBE\nid:1\ndestination:/a\n\n\0');
    expect(headersOf(await early.frame('ERROR')).message).toContain('Expected a CONNECT frame');
    await early.closed();
    const twice = await harness.raw();
    await twice.connect();
    twice.send('CONNECT\naccept-version:1.2\n\n\0');
    expect(headersOf(await twice.frame('ERROR')).message).toBe('Already connected');
    const silent = await harness.raw();
    expect(headersOf(await silent.frame('ERROR')).message).toBe('Session not established in time');
    await silent.closed();
  });

  it('gives up on an authentication hook that never answers', async () => {
    const harness = await start({ authenticate: () => new Promise<never>(() => {}), connectTimeoutMs: 200 });
    const raw = await harness.raw();
    raw.send('CONNECT\naccept-version:1.2\n\n\0');
    expect(headersOf(await raw.frame('ERROR')).message).toBe('Session not established in time');
    expect(await raw.closed()).toBe(1008);
  });

  it('reports disconnects with the principal and the reason', async () => {
    const harness = await start<User>({ authenticate });
    const gone: Array<[string, string]> = [];
    harness.stomp.on('disconnected', (s, reason) => gone.push([s.principal.login, reason]));
    const client = await harness.client({ httpHeaders: { cookie: 'sid=good' } });
    await client.deactivate();
    await expect.poll(() => gone).toEqual([['bob', 'client disconnected']]);
  });
});
