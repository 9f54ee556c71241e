import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freeTcpPort } from './net';
import { waitFor } from './wait';

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  /** SIGSTOP: the server keeps its connections open but answers nothing (a hung Redis) until `resume` */
  pause(): void;
  /** SIGCONT after `pause` */
  resume(): void;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection(port, '127.0.0.1');
    s.once('error', () => resolve(false));
    s.once('connect', () => s.write('PING\r\n'));
    s.once('data', (d) => {
      s.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
  });
}

/** Starts a private, non-persistent redis-server on a free loopback port (or on `port`, to restart one). */
export async function startRedis(opts: { port?: number } = {}): Promise<RedisServer & { port: number }> {
  const port = opts.port ?? (await freeTcpPort());
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  proc.once('error', () => undefined);
  await waitFor(() => ping(port), {
    timeoutMs: 15_000,
    intervalMs: 50,
    what: 'redis-server (apt-get install -y redis-server)',
  });
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      proc.kill('SIGCONT'); // a paused server only acts on the SIGTERM once it runs again
      await exited;
    },
    pause: () => void proc.kill('SIGSTOP'),
    resume: () => void proc.kill('SIGCONT'),
  };
}
