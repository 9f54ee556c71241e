import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeTcpPort } from './net';
import { waitFor } from './wait';

export interface MosquittoServer {
  readonly url: string;
  readonly port: number;
  /** stops the broker (SIGTERM) and waits for it */
  stop(): Promise<void>;
  /** starts it again on the same port (retained messages are gone: no persistence) */
  restart(): Promise<void>;
}

const BIN = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection(port, '127.0.0.1');
    s.once('error', () => resolve(false));
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
  });
}

/** Starts a private, non-persistent Debian mosquitto on a free loopback port (anonymous clients allowed). */
export async function startMosquitto(): Promise<MosquittoServer> {
  const port = await freeTcpPort();
  const dir = mkdtempSync(join(tmpdir(), 'st-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  let proc: ChildProcess | undefined;
  const launch = async () => {
    const p = spawn(BIN, ['-c', conf], { stdio: 'ignore' });
    p.once('error', () => undefined);
    proc = p;
    await waitFor(() => listening(port), {
      timeoutMs: 15_000,
      intervalMs: 50,
      what: 'mosquitto (apt-get install -y mosquitto)',
    });
  };
  const halt = async () => {
    const p = proc;
    proc = undefined;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGTERM');
    await exited;
  };
  await launch();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await halt();
      await launch();
    },
  };
}
