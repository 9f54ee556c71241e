// Starts the whole system on this machine from the built bundles: a cloud, a gateway linked to it (a
// gateway record for the admin user, connected with its token through the gateway's own API) and
// simulated devices. Used by `npm start` and by the end-to-end tests (on free ports, a temp data dir).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverNodeArgs } from './node-args.mjs';

const root = new URL('..', import.meta.url).pathname;

function launch(name, args, env, logDir) {
  const main = join(root, 'apps', name, 'dist', 'main.js');
  if (!existsSync(main)) throw new Error(`apps/${name} is not built (${main} is missing)`);
  const log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['--enable-source-maps', ...serverNodeArgs(name), main, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.exited = new Promise((resolve) => child.once('exit', resolve));
  return child;
}

// (a server starts in a few seconds; on a machine shared by many processes it has taken over 30 s)
async function waitHttp(url, child, name, logDir, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const tail = readFileSync(join(logDir, `${name}.log`), 'utf8')
        .split('\n')
        .slice(-20)
        .join('\n');
      throw new Error(`${name} exited with code ${child.exitCode}:\n${tail}`);
    }
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(
    `${name} did not answer ${url} within ${timeoutMs} ms (log: ${join(logDir, `${name}.log`)})`,
  );
}

async function call(url, init = {}) {
  const json = init.body === undefined ? {} : { 'content-type': 'application/json' };
  const r = await fetch(url, { ...init, headers: { ...json, ...init.headers } });
  const text = await r.text();
  if (!r.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${r.status}: ${text}`);
  return { res: r, body: text ? JSON.parse(text) : undefined };
}

/** Links the gateway to the cloud the way a user would: a gateway record, a token, the gateway's login. */
async function linkGateway(cloudUrl, gatewayUrl, login, password, gatewayName) {
  const identity = await fetch(`${gatewayUrl}/api/cloud/identity`).then((r) => r.text());
  if (identity.trim() && JSON.parse(identity) !== null) return;
  const { res } = await call(`${cloudUrl}/api/auth/user`, {
    method: 'POST',
    body: JSON.stringify({ login, password }),
  });
  const cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const headers = { cookie };
  const { body: list } = await call(`${cloudUrl}/api/gateway/management/list`, { headers });
  let gateway = list.find((g) => g.name === gatewayName);
  if (!gateway) {
    await call(`${cloudUrl}/api/gateway/management/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: gatewayName, description: 'Started by npm start on this machine' }),
    });
    const { body: again } = await call(`${cloudUrl}/api/gateway/management/list`, { headers });
    gateway = again.find((g) => g.name === gatewayName);
  }
  const { body: token } = await call(`${cloudUrl}/api/auth/gateway/${gateway.id}`, {
    method: 'POST',
    headers,
  });
  await call(`${gatewayUrl}/api/cloud/login`, {
    method: 'POST',
    body: JSON.stringify({ cloudUrl, token: token.token }),
  });
  await call(`${gatewayUrl}/api/cloud/connection/connect`, { method: 'PUT' });
}

function adminPassword(dataDir) {
  if (process.env.ST_ADMIN_PASSWORD) return process.env.ST_ADMIN_PASSWORD;
  const file = join(dataDir, 'admin-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const pw = randomBytes(9).toString('base64url');
  writeFileSync(file, `${pw}\n`, { mode: 0o600 });
  return pw;
}

/**
 * @param {{dataDir: string, cloudPort?: number, gatewayPort?: number, devices?: number, firstIp?: string,
 *   discoveryPort?: number, logPort?: number, host?: string, loginMaxPerIp?: number,
 *   sampleInterval?: number, alertAllowedHosts?: string}} opts
 */
export async function startSystem(opts) {
  const host = opts.host ?? '127.0.0.1';
  const cloudPort = opts.cloudPort ?? 8081;
  const gatewayPort = opts.gatewayPort ?? 8080;
  const logDir = join(opts.dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const login = process.env.ST_ADMIN_LOGIN ?? 'admin';
  const password = adminPassword(opts.dataDir);
  const net = {
    ST_MULTICAST_IF: '127.0.0.1',
    ST_DISCOVERY_PORT: String(opts.discoveryPort ?? 7778),
    ST_LOG_PORT: String(opts.logPort ?? 7779),
  };
  const children = [];
  const stop = async () => {
    for (const c of children.reverse()) {
      if (c.exitCode === null) c.kill('SIGTERM');
      await Promise.race([c.exited, sleep(5000).then(() => c.kill('SIGKILL'))]);
    }
  };
  try {
    const cloud = launch(
      'cloud',
      [],
      {
        ST_PORT: String(cloudPort),
        ST_HOST: host,
        ST_DATA_DIR: join(opts.dataDir, 'cloud'),
        ST_ADMIN_LOGIN: login,
        ST_ADMIN_PASSWORD: password,
        ...(opts.loginMaxPerIp ? { ST_LOGIN_MAX_PER_IP: String(opts.loginMaxPerIp) } : {}),
        ...(opts.alertAllowedHosts ? { ST_ALERT_ALLOWED_HOSTS: opts.alertAllowedHosts } : {}),
      },
      logDir,
    );
    children.push(cloud);
    const gateway = launch(
      'gateway',
      [],
      {
        ...net,
        ST_PORT: String(gatewayPort),
        ST_HOST: host,
        ST_DATA_DIR: join(opts.dataDir, 'gateway'),
        ST_TRUST_BEACON_ADDRESS: 'true',
        ...(opts.sampleInterval ? { ST_SAMPLE_INTERVAL: String(opts.sampleInterval) } : {}),
      },
      logDir,
    );
    children.push(gateway);
    const cloudUrl = `http://${host}:${cloudPort}`;
    const gatewayUrl = `http://${host}:${gatewayPort}`;
    await waitHttp(`${cloudUrl}/api/build`, cloud, 'cloud', logDir);
    await waitHttp(`${gatewayUrl}/api/build`, gateway, 'gateway', logDir);
    const simulator = launch(
      'simulator',
      [
        '--count',
        String(opts.devices ?? 3),
        '--first-ip',
        opts.firstIp ?? '127.0.0.2',
        '--gateway',
        `${host}:${gatewayPort}`,
        '--multicast-if',
        '127.0.0.1',
        '--discovery-port',
        net.ST_DISCOVERY_PORT,
        '--log-port',
        net.ST_LOG_PORT,
        '--data-dir',
        join(opts.dataDir, 'simulator'),
      ],
      net,
      logDir,
    );
    children.push(simulator);
    await linkGateway(cloudUrl, gatewayUrl, login, password, 'Home');
    return { cloudUrl, gatewayUrl, login, password, logDir, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
