import { connect, createServer, type Server, type Socket } from 'node:net';
import { AlertTestResult } from '@st/protocol';
import { type HttpReceiver, type SmtpReceiver, startHttpReceiver, startSmtpReceiver } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, http } from './helpers';
import { gatewayForFile } from './support/harness';

// Alert channels as an attack surface, over real sockets: an operator re-pointing a channel to pull the
// owner's secrets, a password sent without TLS, and a webhook pointed back at the gateway's own Test route.

const gw = gatewayForFile();
let owner: HttpReceiver;
let evil: HttpReceiver;
let ownerSmtp: SmtpReceiver;
let evilSmtp: SmtpReceiver;

beforeAll(async () => {
  [owner, evil] = await Promise.all([startHttpReceiver(), startHttpReceiver()]);
  [ownerSmtp, evilSmtp] = await Promise.all([startSmtpReceiver(), startSmtpReceiver()]);
});
afterAll(async () => {
  await Promise.all([owner.close(), evil.close(), ownerSmtp.close(), evilSmtp.close()]);
});

const put = (channels: unknown[]) => http(gw.base, 'PUT', '/api/alerts', { channels });
const test = async (id: string) => http(gw.base, 'POST', `/api/alerts/test?channel=${id}`);
const mail = (port: number, extra: Record<string, unknown> = {}) => ({
  id: 'mail',
  type: 'email',
  host: '127.0.0.1',
  port,
  user: 'owner',
  from: 'gw@example.com',
  to: ['owner@example.com'],
  ...extra,
});

describe("an operator cannot pull the owner's alert secrets", () => {
  it('keeps a stored secret only for its destination; re-pointing without it is 400 and nothing leaves', async () => {
    expect(
      (
        await put([
          { id: 'phone', type: 'ntfy', url: owner.url, topic: 'st', token: 'owner-ntfy-token' },
          mail(ownerSmtp.port, { password: 'owner-smtp-pass', allowInsecureLogin: true }),
        ])
      ).status,
    ).toBe(200);

    // the attack: same ids, the operator's servers, secrets left out so the stored ones would be kept
    const ntfyMoved = await put([
      { id: 'phone', type: 'ntfy', url: evil.url, topic: 'st' },
      mail(ownerSmtp.port, { allowInsecureLogin: true }),
    ]);
    expect(ntfyMoved.status).toBe(400);
    expect(ErrorBody.parse(ntfyMoved.body)).toMatchObject({ code: 'ALERT_SECRET_REQUIRED' });
    expect(ErrorBody.parse(ntfyMoved.body).message).toContain('"phone"');
    for (const moved of [
      mail(evilSmtp.port, { allowInsecureLogin: true }),
      mail(ownerSmtp.port, { allowInsecureLogin: true, user: 'someone-else' }),
      mail(ownerSmtp.port, { allowInsecureLogin: true, host: 'localhost' }),
    ]) {
      const answer = await put([{ id: 'phone', type: 'ntfy', url: owner.url, topic: 'st' }, moved]);
      expect(answer.status, JSON.stringify(moved)).toBe(400);
      expect(ErrorBody.parse(answer.body).code).toBe('ALERT_SECRET_REQUIRED');
    }
    for (const id of ['phone', 'mail']) expect(AlertTestResult.parse((await test(id)).body).ok).toBe(true);
    expect(evil.received).toEqual([]);
    expect(evilSmtp.logins).toEqual([]);
    // the stored secrets went to the owner's servers only
    expect(owner.received.at(-1)?.headers.authorization).toBe('Bearer owner-ntfy-token');
    expect(ownerSmtp.logins.at(-1)).toEqual({ user: 'owner', password: 'owner-smtp-pass' });

    // the same destination keeps the secret (other fields may change); giving a secret anew moves freely
    expect((await put([{ id: 'phone', type: 'ntfy', url: `${owner.url}/`, topic: 'other' }])).status).toBe(
      200,
    );
    expect(
      (await put([{ id: 'phone', type: 'ntfy', url: evil.url, topic: 'st', token: 'own-token' }])).status,
    ).toBe(200);
    expect(AlertTestResult.parse((await test('phone')).body).ok).toBe(true);
    expect(evil.received.map((r) => r.headers.authorization)).toEqual(['Bearer own-token']);
  });

  it('sends an SMTP password only over TLS unless the channel allows a plain login, which needs the password', async () => {
    expect((await put([mail(ownerSmtp.port, { password: 'owner-smtp-pass' })])).status).toBe(200);
    const before = ownerSmtp.logins.length;
    // the receiver offers no STARTTLS: the password is not sent
    const result = AlertTestResult.parse((await test('mail')).body);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/STARTTLS/);
    expect(ownerSmtp.logins.length).toBe(before);
    // turning plain logins on is a change of destination: without the password it is refused
    const loosened = await put([mail(ownerSmtp.port, { allowInsecureLogin: true })]);
    expect(ErrorBody.parse(loosened.body).code).toBe('ALERT_SECRET_REQUIRED');
    expect(
      (await put([mail(ownerSmtp.port, { allowInsecureLogin: true, password: 'owner-smtp-pass' })])).status,
    ).toBe(200);
    expect(AlertTestResult.parse((await test('mail')).body)).toEqual({ ok: true });
    expect(ownerSmtp.logins.length).toBe(before + 1);
  });
});

/** A TCP forwarder to the gateway (an address the gateway cannot know as its own), counting connections. */
async function forwarder(to: number): Promise<{ port: number; connections: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const state = { connections: 0 };
  const server: Server = createServer((client) => {
    state.connections++;
    const conn = connect(to, '127.0.0.1');
    sockets.add(client).add(conn);
    client.pipe(conn).pipe(client);
    const end = () => {
      client.destroy();
      conn.destroy();
    };
    client.on('error', end).on('close', end);
    conn.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('a webhook pointed back at the gateway', () => {
  it("refuses a channel at the gateway's own listener, however it is spelled", async () => {
    const port = new URL(gw.base).port;
    for (const host of ['127.0.0.1', 'localhost', '0.0.0.0', '[::ffff:127.0.0.1]']) {
      const answer = await put([
        { id: 'loop', type: 'webhook', url: `http://${host}:${port}/api/alerts/test?channel=loop` },
      ]);
      expect(answer.status, host).toBe(400);
      expect(ErrorBody.parse(answer.body)).toMatchObject({ code: 'ALERT_DESTINATION_REFUSED' });
    }
    // another port of the same machine is the LAN: allowed
    expect((await put([{ id: 'lan', type: 'webhook', url: `${owner.url}/lan` }])).status).toBe(200);
  });

  it('ends a loop through another address after one delivery, with a clear error', async () => {
    const port = Number(new URL(gw.base).port);
    const relay = await forwarder(port);
    try {
      const url = `http://127.0.0.1:${relay.port}/api/alerts/test?channel=loop`;
      expect((await put([{ id: 'loop', type: 'webhook', url }])).status).toBe(200);
      const answer = await test('loop');
      expect(answer.status).toBe(200);
      expect(AlertTestResult.parse(answer.body)).toEqual({ ok: false, error: 'HTTP 508 Loop Detected' });
      expect(relay.connections).toBe(1);
      // and directly: a request from an alert sender is refused by the Test route
      const direct = await http(gw.base, 'POST', '/api/alerts/test?channel=loop', undefined, {
        'x-smartthing-alert-sender': '1',
      });
      expect(direct.status).toBe(508);
      expect(ErrorBody.parse(direct.body).code).toBe('ALERT_TEST_LOOP');
    } finally {
      await put([]);
      await relay.close();
    }
  });

  it('runs one Test per channel at a time (409 while one runs)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived: () => void = () => undefined;
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const slow = await startHttpReceiver({
      hold: () => {
        arrived();
        return held;
      },
    });
    try {
      expect((await put([{ id: 'slow', type: 'webhook', url: slow.url }])).status).toBe(200);
      const first = test('slow');
      await arrival;
      const second = await test('slow');
      expect(second.status).toBe(409);
      expect(ErrorBody.parse(second.body).code).toBe('ALERT_TEST_RUNNING');
      release();
      expect(AlertTestResult.parse((await first).body)).toEqual({ ok: true });
      expect(slow.received).toHaveLength(1);
      expect(AlertTestResult.parse((await test('slow')).body)).toEqual({ ok: true });
    } finally {
      release();
      await put([]);
      await slow.close();
    }
  });
});
