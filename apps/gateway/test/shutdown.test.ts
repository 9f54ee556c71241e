import type { ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { formatDeviceLogLine } from '@st/protocol';
import { freeTcpPort, waitFor } from '@st/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type GatewaySetup, gatewaySetup, http } from './helpers';
import { exited, startGatewayProcess } from './support/process';

let setup: GatewaySetup;
const children: ChildProcess[] = [];

beforeAll(async () => {
  setup = await gatewaySetup();
});
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  setup.cleanup();
});

const runGateway = (port: number) => startGatewayProcess(setup, port, children);

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
