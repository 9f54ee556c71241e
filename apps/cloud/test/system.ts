import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Gateway, type GatewayConfig, GatewayConfigSchema } from '@st/gateway';
import { type Simulator, startSimulator } from '@st/simulator';
import { connectStompClient } from '@st/stomp/client';
import { freeTcpPort, freeUdpPort, loopbackBlock, waitFor } from '@st/testkit';
import type { Client, IMessage } from '@stomp/stompjs';
import type { Browser } from './helpers';
import { field } from './helpers';

export interface TestGateway {
  gateway: Gateway;
  url: string;
  dataDir: string;
  discoveryPort: number;
  stop(): Promise<void>;
}

/** A real gateway on loopback with private ports; the cloud link retries quickly. */
export async function startTestGateway(
  reuse?: { dataDir: string; discoveryPort: number },
  link: { reconnectDelayMs?: number; heartbeatMs?: number } = {},
  extra: Partial<GatewayConfig> = {},
): Promise<TestGateway> {
  const dataDir = reuse?.dataDir ?? mkdtempSync(join(tmpdir(), 'st-cloud-gw-'));
  const discoveryPort = reuse?.discoveryPort ?? (await freeUdpPort());
  const config = {
    ...GatewayConfigSchema.parse({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    multicastIf: '127.0.0.1',
    discoveryPort,
    logPort: await freeTcpPort(),
    webDist: join(dataDir, 'no-web-build'),
    logLevel: 'silent' as const,
    ...extra,
  };
  const gateway = await build(config, { cloud: { reconnectDelayMs: 200, ...link } });
  const { port } = await gateway.start();
  return {
    gateway,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    discoveryPort,
    stop: () => gateway.stop(),
  };
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** One simulated device that beacons to the gateway's private discovery port. */
export async function startDevice(
  discoveryPort: number,
  gatewayUrl: string,
  extra: { slowMs?: number } = {},
) {
  const sim: Simulator = await startSimulator({
    ips: loopbackBlock(1),
    kinds: ['lamp'],
    discoveryPort,
    gateway: new URL(gatewayUrl).host,
    logRate: 0,
    beaconIntervalMs: 200,
    ...extra,
  });
  const address = sim.devices[0]?.address;
  if (!address) throw new Error('simulator started no device');
  return { sim, address };
}

/** Creates a gateway record, makes its token and logs the real gateway in and connects it. */
export async function linkGateway(
  user: Browser,
  cloudUrl: string,
  gw: Pick<TestGateway, 'url'>,
  name = 'Home',
) {
  const created = await user.call('POST', '/api/gateway/management/create', { name });
  const gatewayId = field(created.body, 'id');
  const token = field((await user.call('POST', `/api/auth/gateway/${gatewayId}`)).body, 'token');
  const login = await gwCall(gw.url, 'POST', '/api/cloud/login', { cloudUrl, token });
  if (login.status !== 200) throw new Error(`gateway login failed: ${login.status} ${login.text}`);
  const connect = await gwCall(gw.url, 'PUT', '/api/cloud/connection/connect');
  if (connect.status !== 200) throw new Error(`gateway connect failed: ${connect.status} ${connect.text}`);
  await waitFor(() => isOnline(user, gatewayId), { what: 'the gateway to show online' });
  return { gatewayId, token };
}

export async function isOnline(user: Browser, gatewayId: string): Promise<boolean> {
  const g = await user.call('GET', `/api/gateway/management/${gatewayId}`);
  return typeof g.body === 'object' && g.body !== null && Reflect.get(g.body, 'online') === true;
}

export async function gwCall(base: string, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    ...(body !== undefined
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : {}),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // text
  }
  return { status: res.status, body: parsed, text };
}

export interface LiveClient {
  client: Client;
  messages: Map<string, unknown[]>;
  subscribe(destination: string): Promise<void>;
  errors: string[];
  close(): Promise<void>;
}

/** A browser's live channel: stompjs over ws with the session cookie. */
export async function openLive(cloudUrl: string, cookie: string | undefined): Promise<LiveClient> {
  const errors: string[] = [];
  const client = await connectStompClient(`${cloudUrl.replace(/^http/, 'ws')}/api/st-ws`, {
    httpHeaders: cookie ? { cookie } : {},
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  client.onStompError = (f) => errors.push(f.headers.message ?? 'error');
  const messages = new Map<string, unknown[]>();
  return {
    client,
    messages,
    errors,
    subscribe: (destination) =>
      new Promise<void>((resolve) => {
        const receipt = `r-${Math.random()}`;
        const list: unknown[] = [];
        messages.set(destination, list);
        client.watchForReceipt(receipt, () => resolve());
        client.subscribe(destination, (m: IMessage) => list.push(JSON.parse(m.body)), { receipt });
      }),
    close: () => client.deactivate(),
  };
}
