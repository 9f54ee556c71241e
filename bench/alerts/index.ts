// Alert latency with the shipped defaults. (1) Device vanishing -> webhook: a simulated device drops off the
// network (beacons every 2 s, the gateway calls it lost after 5 s of silence), the device-offline threshold
// is 5 s; measured from the moment it went silent to the webhook POST arriving at a real HTTP receiver.
// (2) Gateway dying -> cloud alert: a gateway linked to a cloud stops (as on a crash: the link drops), the
// user's gatewayOfflineAfter is 5 s, the cloud checks every 5 s; measured to the webhook POST.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloudServer, cloudConfig } from '@st/cloud';
import { AlertPayload } from '@st/protocol';
import { createLogger } from '@st/server-kit';
import { startSimulator } from '@st/simulator';
import { loopbackBlock, startHttpReceiver, waitFor } from '@st/testkit';
import { runIfMain } from '../lib/cli';
import { median, round } from '../lib/figures';
import { type BenchGateway, startBenchGateway } from '../lib/gateway';

const ROUNDS = Number(process.env.BENCH_ALERT_ROUNDS ?? 3);
const THRESHOLD_S = 5;

async function put(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PUT ${url}: ${res.status} ${await res.text()}`);
}

async function deviceOffline(): Promise<number[]> {
  const hook = await startHttpReceiver();
  const gw = await startBenchGateway('st-bench-alerts-');
  const sim = await startSimulator({
    ips: loopbackBlock(1),
    kinds: ['lamp'],
    discoveryPort: gw.discoveryPort,
    logRate: 0,
  });
  const device = sim.devices[0];
  if (!device) throw new Error('no device');
  const kinds = () => hook.received.map((r) => AlertPayload.parse(JSON.parse(r.body)).kind);
  const times: number[] = [];
  try {
    await put(`${gw.base}/api/alerts`, {
      channels: [{ id: 'hook', type: 'webhook', url: hook.url }],
      deviceOfflineAfter: THRESHOLD_S,
    });
    await waitFor(
      async () => ((await (await fetch(`${gw.base}/api/devices/found`)).json()) as unknown[]).length === 1,
      { what: 'found' },
    );
    for (let i = 0; i < ROUNDS; i++) {
      const before = hook.received.length;
      const vanished = Date.now();
      await device.goOffline();
      await waitFor(() => kinds().slice(before).includes('device-offline'), {
        timeoutMs: 60_000,
        what: 'offline alert',
      });
      const arrived = hook.received.at(-1)?.at ?? Date.now();
      times.push(arrived - vanished);
      await device.goOnline();
      await waitFor(() => kinds().slice(before).includes('device-online'), {
        timeoutMs: 30_000,
        what: 'online alert',
      });
    }
  } finally {
    await sim.stop();
    await gw.stop();
    await hook.close();
  }
  return times;
}

async function gatewayDown(): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-gwdown-'));
  const hook = await startHttpReceiver();
  const admin = { login: 'admin', password: 'bench-password' };
  const cloud = new CloudServer(
    cloudConfig({
      port: 0,
      host: '127.0.0.1',
      dataDir: join(dir, 'cloud'),
      adminLogin: admin.login,
      adminPassword: admin.password,
      webDist: join(dir, 'none'),
      loginMaxPerIp: 1000,
      // the webhook receiver is on loopback: users' alerts reach it only through the allow-list
      alertAllowedHosts: '127.0.0.1',
    }),
    { logger: createLogger({ name: 'bench', level: 'silent' }) },
  );
  const cloudUrl = `http://127.0.0.1:${await cloud.start()}`;
  const times: number[] = [];
  let gw: BenchGateway | undefined;
  try {
    const login = await fetch(`${cloudUrl}/api/auth/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    await put(
      `${cloudUrl}/api/alerts`,
      { channels: [{ id: 'hook', type: 'webhook', url: hook.url }], gatewayOfflineAfter: THRESHOLD_S },
      { cookie },
    );
    for (let i = 0; i < ROUNDS; i++) {
      const created = await fetch(`${cloudUrl}/api/gateway/management/create`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Bench ${i}` }),
      });
      const { id } = (await created.json()) as { id: string };
      const { token } = (await (
        await fetch(`${cloudUrl}/api/auth/gateway/${id}`, { method: 'POST', headers: { cookie } })
      ).json()) as { token: string };
      gw = await startBenchGateway('st-bench-gwdown-gw-');
      await fetch(`${gw.base}/api/cloud/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cloudUrl, token }),
      });
      await fetch(`${gw.base}/api/cloud/connection/connect`, { method: 'PUT' });
      await waitFor(
        async () => {
          const g = (await (
            await fetch(`${cloudUrl}/api/gateway/management/${id}`, { headers: { cookie } })
          ).json()) as { online?: boolean };
          return g.online === true;
        },
        { what: 'gateway online' },
      );
      // the cloud's watch must have seen it online once (it checks every 5 s)
      await new Promise((r) => setTimeout(r, 5500));
      const before = hook.received.length;
      const died = Date.now();
      await gw.stop();
      gw = undefined;
      await waitFor(
        () =>
          hook.received
            .slice(before)
            .some((r) => AlertPayload.parse(JSON.parse(r.body)).kind === 'gateway-offline'),
        { timeoutMs: 60_000, what: 'gateway-offline alert' },
      );
      times.push((hook.received.at(-1)?.at ?? Date.now()) - died);
    }
  } finally {
    await gw?.stop();
    await cloud.stop();
    await hook.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return times;
}

export async function run() {
  const device = await deviceOffline();
  const gateway = await gatewayDown();
  const figures = {
    thresholdSeconds: THRESHOLD_S,
    rounds: ROUNDS,
    deviceVanishToWebhookMs: { median: round(median(device)), max: Math.max(...device), all: device },
    gatewayDeathToCloudAlertMs: { median: round(median(gateway)), max: Math.max(...gateway), all: gateway },
  };
  console.log(JSON.stringify(figures, null, 2));
  return figures;
}

runIfMain(import.meta.url, async () => {
  await run();
});
