// A gateway process of a spec's own (the shared "Home" gateway stays linked for the other specs): started from
// the built bundle on free ports and a temporary data directory, stopped and started again at will (the data
// directory survives restarts), removed at the end.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeTcpPort, freeUdpPort, waitFor } from '@st/testkit';
import { endProcess } from './endProcess';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export class OwnGateway {
  /** `extraEnv`: more settings of this gateway, e.g. `{ ST_GATEWAY_PASSWORD: '…' }` */
  constructor(private readonly extraEnv: Readonly<Record<string, string>> = {}) {}

  readonly #dataDir = mkdtempSync(join(tmpdir(), 'st-e2e-own-gateway-'));
  #env: Record<string, string> | undefined;
  #child: ChildProcess | undefined;
  #output = '';
  url = '';

  /** Starts the process (on the same ports as before when restarted) and waits until it answers. */
  async start(): Promise<void> {
    if (this.#env === undefined) {
      const port = await freeTcpPort();
      this.url = `http://127.0.0.1:${port}`;
      this.#env = {
        ST_PORT: String(port),
        ST_HOST: '127.0.0.1',
        ST_DATA_DIR: this.#dataDir,
        ST_DISCOVERY_PORT: String(await freeUdpPort()),
        ST_LOG_PORT: String(await freeTcpPort()),
        ST_MULTICAST_IF: '127.0.0.1',
        ...this.extraEnv,
      };
    }
    const child = spawn(process.execPath, [join(ROOT, 'apps/gateway/dist/main.js')], {
      cwd: ROOT,
      env: { ...process.env, ...this.#env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    const keep = (chunk: Buffer) => {
      this.#output = (this.#output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`own gateway exited:\n${this.#output}`);
        const answer = await fetch(`${this.url}/api/build`).catch(() => undefined);
        return answer?.ok === true;
      },
      // (a loaded machine: the other agents' builds and tests share its two cores)
      { timeoutMs: 60_000 },
    );
  }

  /** Stops the process (SIGTERM, as a user's service manager would). */
  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    await endProcess(child, 'SIGTERM');
  }

  /** Kills the process (SIGKILL: a crash or a power cut, nothing said to its clients). */
  async kill(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    await endProcess(child, 'SIGKILL');
  }

  /** Stops the process and removes its data. */
  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.#dataDir, { recursive: true, force: true });
  }
}
