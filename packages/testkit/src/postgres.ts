import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort } from './net';
import { waitFor } from './wait';

export interface PostgresServer {
  url: string;
  stop(): Promise<void>;
}

function pgBinDir(): string {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) throw new Error('PostgreSQL is not installed: run `apt-get install -y postgresql`');
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  const v = versions[0];
  if (!v) throw new Error('PostgreSQL is not installed: run `apt-get install -y postgresql`');
  return join(base, v, 'bin');
}

/**
 * Starts a private PostgreSQL server in a temporary directory on a free port. Debian's server refuses to
 * run as root, so when we are root it runs as the `postgres` user (created by the Debian package).
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = pgBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'st-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freeTcpPort();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]) as [string, string[]];
  const [c1, a1] = run(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'st',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const init = spawnSync(c1, a1, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const [c2, a2] = run(join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-h',
    '127.0.0.1',
    '-F',
    '-c',
    'fsync=off',
  ]);
  const proc = spawn(c2, a2, { stdio: 'ignore' });
  const url = `postgres://st@127.0.0.1:${port}/postgres`;
  await waitFor(
    () => spawnSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).status === 0,
    { timeoutMs: 30_000, intervalMs: 100, what: 'PostgreSQL to accept connections' },
  );
  return {
    url,
    async stop() {
      // runuser does not pass signals on to the server, so stop it the way an administrator would.
      const [c3, a3] = run(join(bin, 'pg_ctl'), ['-D', data, 'stop', '-m', 'immediate', '-w']);
      const stopped = new Promise((r) => proc.once('exit', r));
      spawnSync(c3, a3, { stdio: 'ignore' });
      if (proc.exitCode === null) await stopped;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
