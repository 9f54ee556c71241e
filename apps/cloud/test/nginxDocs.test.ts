// docs/deploy.md's nginx front, as an operator copies it: Debian's nginx accepts it (`nginx -t`), and with the
// addresses filled in it carries /api/ready and a gateway's websocket link (STOMP over TLS) to a real cloud
// node. Only the addresses, the certificate paths and nginx's own file locations are changed.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Browser, field, startCloud, type TestCloud, testStorage } from './helpers';

const NGINX = '/usr/sbin/nginx';
const doc = readFileSync(new URL('../../../docs/deploy.md', import.meta.url), 'utf8');
const server = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';

/** The doc's block inside a minimal nginx.conf whose own files live in `dir`. */
function nginxConf(dir: string, block: string): string {
  return `pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${block}
}
`;
}

/** An HTTPS GET through the front (its certificate is a throwaway self-signed one). */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers, rejectUnauthorized: false, servername: 'cloud.example.com' },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('docs/deploy.md nginx front', () => {
  const dir = mkdtempSync(join(tmpdir(), 'st-nginx-doc-'));
  const cert = join(dir, 'fullchain.pem');
  const key = join(dir, 'privkey.pem');
  let storage: Awaited<ReturnType<typeof testStorage>>;
  let cloud: TestCloud;
  let nginx: ChildProcess | undefined;
  let port = 0;

  const withFiles = (block: string) =>
    block
      .replaceAll('/etc/letsencrypt/live/cloud.example.com/fullchain.pem', cert)
      .replaceAll('/etc/letsencrypt/live/cloud.example.com/privkey.pem', key);

  beforeAll(async () => {
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=cloud.example.com',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    expect(made.status).toBe(0);
    storage = await testStorage('sqlite');
    cloud = await startCloud({ ...storage.overrides, trustProxy: 1 });
  });
  afterAll(async () => {
    nginx?.kill('SIGTERM');
    await cloud?.stop();
    await storage?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is a configuration that nginx accepts as written', () => {
    expect(server).toContain('proxy_set_header Upgrade $http_upgrade');
    const file = join(dir, 'as-written.conf');
    writeFileSync(file, nginxConf(dir, withFiles(server)));
    const t = spawnSync(NGINX, ['-t', '-q', '-e', join(dir, 'error.log'), '-c', file], { encoding: 'utf8' });
    expect(t.stderr, t.stderr).toBe('');
    expect(t.status).toBe(0);
  });

  it('carries /api/ready and a gateway link (websocket over TLS) to a real cloud node', async () => {
    port = await freeTcpPort();
    const block = withFiles(server)
      .replace(/^\s*server 10\.0\.0\.1[23]:8081.*\n/gm, '')
      .replace('10.0.0.11:8081', `127.0.0.1:${cloud.port}`)
      .replace('listen 443 ssl;', `listen 127.0.0.1:${port} ssl;`);
    expect(block).not.toContain('10.0.0.');
    const file = join(dir, 'running.conf');
    writeFileSync(file, nginxConf(dir, block));
    nginx = spawn(NGINX, ['-e', join(dir, 'error.log'), '-c', file, '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(async () => (await get(port, '/api/ready').catch(() => ({ status: 0 }))).status === 200, {
      what: 'nginx to answer',
    });
    const ready = await get(port, '/api/ready');
    expect(JSON.parse(ready.body)).toMatchObject({ ready: true });

    const owner = new Browser(cloud.url);
    await owner.login();
    const g = field(
      (await owner.call('POST', '/api/gateway/management/create', { name: 'Behind nginx' })).body,
      'id',
    );
    const token = field((await owner.call('POST', `/api/auth/gateway/${g}`)).body, 'token');
    const ws = new WebSocket(`wss://127.0.0.1:${port}/api/st-ws`, ['v12.stomp'], {
      rejectUnauthorized: false,
      headers: { 'smartthing-token-gateway': token },
    });
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(d.toString()));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send('CONNECT\naccept-version:1.2\nhost:cloud.example.com\nheart-beat:0,0\n\n\0');
    await waitFor(() => frames.some((f) => f.startsWith('CONNECTED')), { what: 'STOMP CONNECTED via nginx' });
    ws.send('SUBSCRIBE\nid:0\ndestination:/link/requests\n\n\0');
    await waitFor(
      async () => {
        const r = await owner.call('GET', `/api/gateway/management/${g}`);
        return (r.body as { online?: boolean }).online === true;
      },
      { what: 'the gateway linked through nginx to show online' },
    );
    // A signed-in API call through the front sees the gateway online too.
    const list = await get(port, '/api/gateway/management/list', { cookie: owner.cookie ?? '' });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body)).toEqual([expect.objectContaining({ id: g, online: true })]);
    ws.close();
  });
});
