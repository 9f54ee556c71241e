import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort } from './net';
import { waitFor } from './wait';

export interface HaproxyServer {
  /** http://127.0.0.1:PORT, the balancer's front */
  url: string;
  port: number;
  /** the config file it runs (the deployment docs show the same shape) */
  config: string;
  stop(): Promise<void>;
}

export interface HaproxyOptions {
  /** the cloud nodes, `127.0.0.1:PORT` each */
  backends: readonly string[];
  /** health-check interval (ms); a node is out after 2 failed checks and back after 2 good ones */
  checkIntervalMs?: number;
  /** connections at once (each takes two file descriptors; the process limit must allow it) */
  maxConn?: number;
}

/** What the balancer answers when no node can take a request, in the servers' own error shape. */
const UNAVAILABLE = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json; charset=utf-8',
  'Cache-Control: no-store',
  'Connection: close',
  '',
  '{"code":"CLOUD_UNAVAILABLE","message":"Cloud is unavailable"}',
  '',
].join('\r\n');

/** The haproxy config for cloud nodes: websockets, readiness checks, sessions cut when a node goes down. */
export function haproxyConfig(opts: {
  port: number;
  backends: readonly string[];
  checkIntervalMs: number;
  errorFile: string;
  maxConn: number;
}): string {
  return `global
  maxconn ${opts.maxConn}
  log stderr format raw local0 info

defaults
  mode http
  log global
  option httplog
  option dontlog-normal
  option http-server-close
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout http-request 10s
  retries 2
  option redispatch
  errorfile 502 ${opts.errorFile}
  errorfile 503 ${opts.errorFile}
  errorfile 504 ${opts.errorFile}

frontend cloud
  bind 127.0.0.1:${opts.port}
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  default-server inter ${opts.checkIntervalMs} fall 2 rise 2
${opts.backends.map((b, i) => `  server node${i + 1} ${b} check`).join('\n')}
`;
}

/** Starts Debian's haproxy (/usr/sbin/haproxy) in the foreground on a free loopback port. */
export async function startHaproxy(opts: HaproxyOptions): Promise<HaproxyServer> {
  const dir = mkdtempSync(join(tmpdir(), 'st-haproxy-'));
  const port = await freeTcpPort();
  const errorFile = join(dir, '503.http');
  writeFileSync(errorFile, UNAVAILABLE);
  const config = haproxyConfig({
    port,
    backends: opts.backends,
    checkIntervalMs: opts.checkIntervalMs ?? 500,
    errorFile,
    maxConn: opts.maxConn ?? 4000,
  });
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const proc = spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
    if (process.env.ST_HAPROXY_LOG) process.stderr.write(d);
  });
  proc.once('error', () => undefined);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    proc.once('exit', (code) => reject(new Error(`haproxy exited (${code}): ${stderr}`))),
  );
  exited.catch(() => undefined);
  await Promise.race([
    exited,
    waitFor(
      () =>
        fetch(`${url}/api/ready`).then(
          () => true,
          () => false,
        ),
      { timeoutMs: 15_000, intervalMs: 100, what: 'haproxy (apt-get install -y haproxy)' },
    ),
  ]);
  return {
    url,
    port,
    config,
    async stop() {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await new Promise((r) => proc.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
