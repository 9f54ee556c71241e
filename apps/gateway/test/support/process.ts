import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { waitFor } from '@st/testkit';
import { type GatewaySetup, http } from '../helpers';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const main = join(root, 'apps', 'gateway', 'src', 'main.ts');

/**
 * The gateway as a process of its own on `setup`'s data dir and ports, for tests that kill or signal it.
 * node itself runs it (tsx as an import hook, not the tsx wrapper), so a signal reaches the gateway directly.
 * The child goes into `children` so the test's afterAll can kill what is left; resolves once /api/build answers.
 */
export async function startGatewayProcess(
  setup: GatewaySetup,
  port: number,
  children: ChildProcess[],
  env: Record<string, string> = {},
): Promise<ChildProcess> {
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
      ...env,
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

/** Resolves with the exit code (null when a signal ended it) once the process has ended. */
export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}
