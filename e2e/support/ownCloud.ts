// A cloud process of a spec's own (to stop it while a console is open): started from the built bundle on a
// free port with a temporary data directory (SQLite), stopped and started again on the same port.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeTcpPort, waitFor } from '@st/testkit';
import { endProcess } from './endProcess';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** port: a port chosen beforehand (another server must know the cloud's address first); env: more settings. */
export interface OwnCloudOptions {
  port?: number;
  env?: Record<string, string>;
}

export class OwnCloud {
  readonly #dataDir = mkdtempSync(join(tmpdir(), 'st-e2e-own-cloud-'));
  #env: Record<string, string> | undefined;
  #child: ChildProcess | undefined;
  #output = '';
  url = '';
  readonly login = 'admin';
  readonly password = 'own-cloud-password-1';

  constructor(private readonly options: OwnCloudOptions = {}) {}

  async start(): Promise<void> {
    if (this.#env === undefined) {
      const port = this.options.port ?? (await freeTcpPort());
      this.url = `http://127.0.0.1:${port}`;
      this.#env = {
        ST_PORT: String(port),
        ST_HOST: '127.0.0.1',
        ST_DATA_DIR: this.#dataDir,
        ST_ADMIN_LOGIN: this.login,
        ST_ADMIN_PASSWORD: this.password,
        ...this.options.env,
      };
    }
    const child = spawn(process.execPath, [join(ROOT, 'apps/cloud/dist/main.js')], {
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
        if (child.exitCode !== null) throw new Error(`own cloud exited:\n${this.#output}`);
        const answer = await fetch(`${this.url}/api/health`).catch(() => undefined);
        return answer?.ok === true;
      },
      { timeoutMs: 20_000 },
    );
  }

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

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.#dataDir, { recursive: true, force: true });
  }
}
