import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloudServer, cloudConfig } from '@st/cloud';
import { build, GatewayConfigSchema } from '@st/gateway';
import { createLogger } from '@st/server-kit';
import { startSimulator } from '@st/simulator';
import { freeTcpPort, freeUdpPort, loopbackBlock, type RedisServer, startRedis, waitFor } from '@st/testkit';

const ADMIN = { login: 'admin', password: 'bench-password' };
const silent = () => createLogger({ name: 'bench', level: 'silent' });

export interface CloudTarget {
  /** where the relay requests go */
  url: string;
  cookie: string;
  gatewayId: string;
  /** users the gateway is shared with (issue 20): a viewer and an operator */
  viewerCookie: string;
  operatorCookie: string;
}

export interface RelaySystem {
  deviceUrl: string;
  device: string;
  gatewayUrl: string;
  /** links the gateway to a single cloud without Redis; returns how to reach it */
  linkSingle(): Promise<CloudTarget>;
  /** links the gateway to node B of two nodes sharing Redis; requests go to node A */
  linkTwoNodes(): Promise<CloudTarget>;
  stop(): Promise<void>;
}

async function json(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown; res: Response }> {
  const res = await fetch(url, {
    ...init,
    headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, res };
}

function str(body: unknown, key: string): string {
  const v: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, key) : undefined;
  if (typeof v !== 'string') throw new Error(`no ${key} in ${JSON.stringify(body)}`);
  return v;
}

/** A simulated device, a gateway, and two cloud nodes sharing Redis; the gateway links to node B. */
export async function startRelaySystem(): Promise<RelaySystem> {
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-relay-'));
  const redisServers: RedisServer[] = [];
  const discoveryPort = await freeUdpPort();
  const gateway = await build(
    {
      ...GatewayConfigSchema.parse({}),
      port: 0,
      host: '127.0.0.1',
      dataDir: join(dir, 'gateway'),
      multicastIf: '127.0.0.1',
      discoveryPort,
      logPort: await freeTcpPort(),
      webDist: join(dir, 'none'),
      logLevel: 'silent',
    },
    { logger: silent() },
  );
  const { port: gwPort } = await gateway.start();
  const gatewayUrl = `http://127.0.0.1:${gwPort}`;
  const sim = await startSimulator({
    ips: loopbackBlock(1),
    kinds: ['lamp'],
    discoveryPort,
    gateway: `127.0.0.1:${gwPort}`,
    logRate: 0,
    beaconIntervalMs: 200,
  });
  const device = sim.devices[0]?.address ?? '';
  const clouds: CloudServer[] = [];
  const startNode = async (name: string, redisUrl?: string) => {
    const c = new CloudServer(
      cloudConfig({
        port: 0,
        host: '127.0.0.1',
        dataDir: join(dir, name),
        ...(redisUrl ? { redisUrl } : {}),
        adminLogin: ADMIN.login,
        adminPassword: ADMIN.password,
        webDist: join(dir, 'none'),
        loginMaxPerIp: 1000,
      }),
      { logger: silent() },
    );
    clouds.push(c);
    return `http://127.0.0.1:${await c.start()}`;
  };
  await waitFor(async () => {
    const found = await json(`${gatewayUrl}/api/devices/found`);
    return Array.isArray(found.body) && found.body.length > 0;
  });

  /** A gateway record and token on `userNode`, the gateway linked to `linkNode`. */
  const link = async (userNode: string, linkNode: string): Promise<CloudTarget> => {
    const login = await json(`${userNode}/api/auth/user`, { method: 'POST', body: JSON.stringify(ADMIN) });
    const cookie = (login.res.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const headers = { cookie };
    const created = await json(`${userNode}/api/gateway/management/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `Bench ${clouds.length}` }),
    });
    const gatewayId = str(created.body, 'id');
    const tokenAnswer = await json(`${userNode}/api/auth/gateway/${gatewayId}`, { method: 'POST', headers });
    const token = str(tokenAnswer.body, 'token');
    await json(`${gatewayUrl}/api/cloud/login`, {
      method: 'POST',
      body: JSON.stringify({ cloudUrl: linkNode, token }),
    });
    await json(`${gatewayUrl}/api/cloud/connection/connect`, { method: 'PUT' });
    await waitFor(async () => {
      const g = await json(`${userNode}/api/gateway/management/${gatewayId}`, { headers });
      return Reflect.get(Object(g.body), 'online') === true;
    });
    const shared = async (role: 'viewer' | 'operator') => {
      const login = `${role}-${clouds.length}`;
      const made = await json(`${userNode}/api/users`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ login }),
      });
      const password = str(made.body, 'password');
      await json(`${userNode}/api/gateway/management/share`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ gatewayId, login, role }),
      });
      const signedIn = await json(`${userNode}/api/auth/user`, {
        method: 'POST',
        body: JSON.stringify({ login, password }),
      });
      return (signedIn.res.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    };
    return {
      url: userNode,
      cookie,
      gatewayId,
      viewerCookie: await shared('viewer'),
      operatorCookie: await shared('operator'),
    };
  };

  return {
    deviceUrl: `http://${device.includes(':') ? device : `${device}:80`}`,
    device,
    gatewayUrl,
    async linkSingle() {
      const single = await startNode('single');
      return link(single, single);
    },
    async linkTwoNodes() {
      const redis = await startRedis();
      redisServers.push(redis);
      const nodeA = await startNode('shared', redis.url);
      const nodeB = await startNode('shared', redis.url);
      return link(nodeA, nodeB);
    },
    async stop() {
      await sim.stop();
      await gateway.stop();
      for (const c of clouds) await c.stop();
      for (const r of redisServers) await r.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
