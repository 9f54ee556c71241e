import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION } from '@st/protocol';
import { createLogger } from '@st/server-kit';
import { startPostgres } from '@st/testkit';
import { type CloudOptions, CloudServer } from '../src/app';
import { type CloudConfig, cloudConfig } from '../src/config';

const COOKIE = SESSION.accessCookieName;

export type StorageKind = 'sqlite' | 'postgres';

export const ADMIN = { login: 'admin', password: 'admin-password-1' };

export interface TestCloud {
  server: CloudServer;
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** A shared database for one test file: a temp dir (SQLite) or a private PostgreSQL server. */
export async function testStorage(kind: StorageKind): Promise<{
  overrides: Partial<CloudConfig>;
  stop(): Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'st-cloud-'));
  if (kind === 'sqlite') {
    return { overrides: { dataDir }, stop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const pg = await startPostgres();
  return {
    overrides: { dataDir, databaseUrl: pg.url },
    async stop() {
      stopPostgresServer(pg.url);
      await pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * testkit's stop() signals `runuser`, which (as root) does not pass the signal on, so the server would keep
 * running: stop the postgres process we started ourselves (found by its private port) first.
 */
export function stopPostgresServer(url: string): void {
  const port = new URL(url).port;
  const ps = spawnSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  for (const line of ps.stdout.split('\n')) {
    const m = /^\s*(\d+)\s+(\S*\/postgres) -D (\S+)/.exec(line);
    if (m?.[1] && m[3]?.includes('/st-pg-') && line.includes(` -p ${port} `)) {
      process.kill(Number(m[1]), 'SIGINT');
    }
  }
}

export async function startCloud(
  overrides: Partial<CloudConfig>,
  options: Omit<CloudOptions, 'logger'> = {},
): Promise<TestCloud> {
  const config = cloudConfig({
    port: 0,
    host: '127.0.0.1',
    adminLogin: ADMIN.login,
    adminPassword: ADMIN.password,
    logLevel: 'silent',
    webDist: join(tmpdir(), 'st-no-console'),
    ...overrides,
  });
  const server = new CloudServer(config, {
    logger: createLogger({ name: 'cloud', level: 'silent' }),
    ...options,
  });
  const port = await server.start();
  return { server, port, url: `http://127.0.0.1:${port}`, stop: () => server.stop() };
}

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

/** A browser-like HTTP client: keeps the access cookie it is given. */
export class Browser {
  cookie: string | undefined;
  constructor(readonly base: string) {}

  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const res = await fetch(this.base + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      if (pair?.startsWith(`${COOKIE}=`)) this.cookie = pair === `${COOKIE}=` ? undefined : pair;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  }

  /** Logs in and returns the refresh token. */
  async login(login = ADMIN.login, password = ADMIN.password): Promise<string> {
    const r = await this.call('POST', '/api/auth/user', { login, password });
    if (r.status !== 200) throw new Error(`login failed: ${r.status} ${r.text}`);
    return field(r.body, 'refresh');
  }
}

export function field(body: unknown, key: string): string {
  if (typeof body === 'object' && body !== null && key in body) {
    const v: unknown = Reflect.get(body, key);
    if (typeof v === 'string') return v;
  }
  throw new Error(`no string "${key}" in ${JSON.stringify(body)}`);
}
