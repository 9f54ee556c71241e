import { AlertTestResult } from '@st/protocol';
import { freeTcpPort, type HttpReceiver, startHttpReceiver } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALERT_TEST_FAILED } from '../src/alerts/routes';
import { CloudConfig } from '../src/config';
import { Browser, startCloud, type TestCloud, testStorage } from './helpers';

// Users' alert channels must not turn the cloud into a client of its own network: real clouds, real
// receivers on loopback addresses, and a resolver the test controls (a name that rebinds between lookups).

const ErrorBody = z.object({ code: z.string(), message: z.string() });
const stores: { stop(): Promise<void> }[] = [];
const receivers: HttpReceiver[] = [];
let strict: TestCloud;
let open: TestCloud;
let inside: HttpReceiver;
let allowed: HttpReceiver;
let failing: HttpReceiver;
let strictHook: HttpReceiver;
let closedPort: number;
const lookups: string[] = [];

/** `internal.example` is loopback; `rebind.example` answers 127.0.0.2 (allowed), then 127.0.0.1, in turn. */
async function lookup(host: string) {
  lookups.push(host);
  if (host === 'internal.example') return [{ address: '127.0.0.1', family: 4 as const }];
  if (host === 'rebind.example') {
    const n = lookups.filter((h) => h === host).length;
    return [{ address: n % 2 === 1 ? '127.0.0.2' : '127.0.0.1', family: 4 as const }];
  }
  throw new Error(`ENOTFOUND ${host}`);
}

async function signedIn(cloud: TestCloud): Promise<Browser> {
  const b = new Browser(cloud.url);
  await b.login();
  return b;
}

beforeAll(async () => {
  inside = await startHttpReceiver();
  // the same port on another loopback address: only the address tells them apart
  allowed = await startHttpReceiver({ host: '127.0.0.2', port: Number(new URL(inside.url).port) });
  failing = await startHttpReceiver();
  strictHook = await startHttpReceiver();
  receivers.push(inside, allowed, failing, strictHook);
  closedPort = await freeTcpPort();
  const [a, b] = [await testStorage('sqlite'), await testStorage('sqlite')];
  stores.push(a, b);
  // no allow-list but one port of one receiver; 3 tests a minute
  strict = await startCloud(
    {
      ...a.overrides,
      alertAllowedHosts: `127.0.0.1:${new URL(strictHook.url).port}`,
      alertTestMaxPerMinute: 3,
    },
    { alertLookup: lookup },
  );
  open = await startCloud(
    {
      ...b.overrides,
      alertAllowedHosts: `127.0.0.2, 127.0.0.1:${new URL(failing.url).port}, 127.0.0.1:${closedPort}`,
      alertTestMaxPerMinute: 100,
    },
    { alertLookup: lookup },
  );
}, 60_000);
afterAll(async () => {
  await strict?.stop();
  await open?.stop();
  for (const r of receivers) await r.close();
  for (const s of stores) await s.stop();
});

const hook = (url: string, id = 'hook') => ({ channels: [{ id, type: 'webhook', url }] });

describe('cloud alert destinations', () => {
  it('stops a start on an allow-list entry it cannot read, naming it', () => {
    const parsed = CloudConfig.safeParse({
      alertAllowedHosts: 'hooks.lan:8080, 10.0.0.0/8, bad_host, [::1]:0',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('not a host, host:port or CIDR: bad_host, [::1]:0');
    expect(CloudConfig.parse({ alertAllowedHosts: 'hooks.lan:8080, 10.0.0.0/8' }).alertAllowedHosts).toBe(
      'hooks.lan:8080, 10.0.0.0/8',
    );
  });

  it('refuses loopback, private, link-local, metadata and unusual ports when a channel is saved', async () => {
    const user = await signedIn(strict);
    const port = new URL(inside.url).port;
    const refused = [
      hook(`http://127.0.0.1:${port}/api/backups/run`),
      hook('http://127.0.0.1/'),
      hook(`http://[::1]:${port}/`),
      hook('http://[::ffff:127.0.0.1]/'),
      hook('http://[::ffff:7f00:1]:8080/'),
      hook('http://169.254.169.254/latest/meta-data/'),
      hook('http://[fd00:ec2::254]/'),
      hook('http://100.100.100.200/'),
      hook('http://10.0.0.1/'),
      hook('http://192.168.1.1:8443/'),
      hook('http://0.0.0.0/'),
      hook('http://[fe80::1]/'),
      hook('http://224.0.0.1/'),
      hook('http://93.184.215.14:6379/'),
      hook('http://hooks.example.com:9200/'),
      { channels: [{ id: 'n', type: 'ntfy', url: 'http://172.17.0.1:80', topic: 't' }] },
      {
        channels: [
          {
            id: 'm',
            type: 'email',
            host: '10.0.0.5',
            port: 587,
            from: 'a@example.com',
            to: ['b@example.com'],
          },
        ],
      },
      {
        channels: [
          {
            id: 'm',
            type: 'email',
            host: 'smtp.example.com',
            port: 6379,
            from: 'a@example.com',
            to: ['b@example.com'],
          },
        ],
      },
    ];
    for (const body of refused) {
      const answer = await user.call('PUT', '/api/alerts', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(ErrorBody.parse(answer.body).code).toBe('ALERT_DESTINATION_REFUSED');
    }
    expect(inside.received).toEqual([]);
    // public names on the usual ports are saved (their addresses are checked when sending)
    expect((await user.call('PUT', '/api/alerts', hook('https://hooks.example.com/st'))).status).toBe(200);
  });

  it('checks the address a name resolves to when sending, and connects to exactly that address', async () => {
    const user = await signedIn(open);
    const port = new URL(inside.url).port;
    // a name that resolves to loopback: refused when sending, with the one generic answer
    expect((await user.call('PUT', '/api/alerts', hook(`http://internal.example:${port}/x`))).status).toBe(
      200,
    );
    const refused = await user.call('POST', '/api/alerts/test?channel=hook');
    expect(AlertTestResult.parse(refused.body)).toEqual({ ok: false, error: ALERT_TEST_FAILED });
    expect(inside.received).toEqual([]);

    // DNS rebinding: allowed at one lookup, loopback at the next; every send resolves once and connects there
    expect((await user.call('PUT', '/api/alerts', hook(`http://rebind.example:${port}/hook`))).status).toBe(
      200,
    );
    const before = lookups.filter((h) => h === 'rebind.example').length;
    const results: boolean[] = [];
    for (let i = 0; i < 6; i++)
      results.push(AlertTestResult.parse((await user.call('POST', '/api/alerts/test?channel=hook')).body).ok);
    expect(lookups.filter((h) => h === 'rebind.example').length - before).toBe(6);
    expect(results.filter(Boolean)).toHaveLength(3);
    expect(allowed.received).toHaveLength(3);
    expect(allowed.received.every((r) => r.headers.host === `rebind.example:${port}`)).toBe(true);
    expect(inside.received).toEqual([]);
  });

  it('answers every failed test the same way: no status codes, no open or closed ports', async () => {
    const user = await signedIn(open);
    failing.failNext(500, 500, 500);
    const answers: unknown[] = [];
    for (const url of [failing.url, `http://127.0.0.1:${closedPort}/`]) {
      expect((await user.call('PUT', '/api/alerts', hook(url))).status).toBe(200);
      answers.push((await user.call('POST', '/api/alerts/test?channel=hook')).body);
    }
    expect(failing.received).toHaveLength(1);
    expect(answers).toEqual([
      { ok: false, error: ALERT_TEST_FAILED },
      { ok: false, error: ALERT_TEST_FAILED },
    ]);
    // a stored token stays with its server: re-pointed without it, the channel is refused
    const ntfy = (url: string, token?: string) => ({
      channels: [{ id: 'phone', type: 'ntfy', url, topic: 'st', ...(token === undefined ? {} : { token }) }],
    });
    expect((await user.call('PUT', '/api/alerts', ntfy(failing.url, 'users-token'))).status).toBe(200);
    const moved = await user.call('PUT', '/api/alerts', ntfy(`http://127.0.0.1:${closedPort}`));
    expect(moved.status).toBe(400);
    expect(ErrorBody.parse(moved.body).code).toBe('ALERT_SECRET_REQUIRED');
    // an alert sender calling the Test route (a channel pointed back at a cloud) is refused
    const loop = await user.call('POST', '/api/alerts/test?channel=hook', undefined, {
      'x-smartthing-alert-sender': '1',
    });
    expect(loop.status).toBe(508);
    expect(ErrorBody.parse(loop.body).code).toBe('ALERT_TEST_LOOP');
  });

  it('delivers where the allow-list says, and rate-limits tests per user', async () => {
    const user = await signedIn(strict);
    expect((await user.call('PUT', '/api/alerts', hook(`${strictHook.url}/ok`))).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await user.call('POST', '/api/alerts/test?channel=hook')).body).toEqual({ ok: true });
    const limited = await user.call('POST', '/api/alerts/test?channel=hook');
    expect(limited.status).toBe(429);
    expect(ErrorBody.parse(limited.body).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(strictHook.received).toHaveLength(3);
  });
});
