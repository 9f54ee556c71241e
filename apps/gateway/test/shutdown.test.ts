import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { formatDeviceLogLine } from '@st/protocol';
import { freeTcpPort, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type GatewaySetup, gatewaySetup, http } from './helpers';

const root = join(import.meta.dirname, '..', '..', '..');
const main = join(root, 'apps', 'gateway', 'src', 'main.ts');

let setup: GatewaySetup;
const children: ChildProcess[] = [];

beforeAll(async () => {
  setup = await gatewaySetup();
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  setup.cleanup();
});

async function runGateway(port: number): Promise<ChildProcess> {
  // node itself (not the tsx wrapper) so the signal reaches the gateway process directly.
  const args = [
    '--import',
    'tsx',
    main,
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
    '--multicast-if',
    '127.0.0.1',
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ST_DATA_DIR: setup.dataDir,
      ST_LOG_PORT: String(setup.logPort),
      ST_DISCOVERY_PORT: String(setup.discoveryPort),
      ST_WEB_DIST: setup.webDist,
      ST_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`gateway exited ${child.exitCode}: ${stderr}`);
      return (await http(`http://127.0.0.1:${port}`, 'GET', '/api/build')).status === 200;
    },
    { what: 'gateway process up', timeoutMs: 40_000 },
  );
  return child;
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

describe('graceful shutdown', () => {
  it('on SIGTERM writes every accepted log line and notification before exiting 0', async () => {
    const port = await freeTcpPort();
    const base = `http://127.0.0.1:${port}`;
    const first = await runGateway(port);
    const note = await http(base, 'POST', '/api/notification', {
      device: { name: 'dev', type: 't', ip: '127.0.0.1' },
      notification: { message: 'right before shutdown', type: 'error' },
    });
    expect(note.status).toBe(200);

    const socket = createConnection({ port: setup.logPort, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const lines = Array.from({ length: 2000 }, (_, i) =>
      formatDeviceLogLine({ name: 'dev', level: 20, tag: 'burst', message: `line ${i}` }),
    );
    socket.write(lines.join(''));
    const Stats = z.object({ logs: z.object({ tcpLines: z.number() }) });
    await waitFor(
      async () => Stats.parse((await http(base, 'GET', '/api/stats')).body).logs.tcpLines === 2000,
      {
        what: 'all lines accepted',
      },
    );
    first.kill('SIGTERM');
    expect(await exited(first)).toBe(0);
    socket.destroy();

    await runGateway(port);
    const logs = z
      .array(z.object({ message: z.string() }))
      .parse((await http(base, 'GET', '/api/devices/logs?tag=burst&limit=5000')).body);
    expect(logs).toHaveLength(2000);
    expect(logs[0]?.message).toBe('line 1999');
    const notes = z
      .array(z.object({ notification: z.object({ message: z.string() }) }))
      .parse((await http(base, 'GET', '/api/notification')).body);
    expect(notes.map((n) => n.notification.message)).toEqual(['right before shutdown']);
  });
});
