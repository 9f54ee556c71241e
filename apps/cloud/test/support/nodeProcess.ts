import { join } from 'node:path';
import { freeTcpPort } from '@st/testkit';
import { repoRoot, type ServerProcess, serverProcess } from './serverProcess';

/** A cloud node as its own process (from source, through tsx), so a test can kill it with -9. */
export interface NodeProcess extends ServerProcess {
  readonly port: number;
  readonly url: string;
  readonly address: string;
}

export async function cloudNodeProcess(env: Record<string, string>): Promise<NodeProcess> {
  const port = await freeTcpPort();
  const url = `http://127.0.0.1:${port}`;
  const proc = serverProcess('cloud', url, '/api/ready', {
    ST_PORT: String(port),
    ST_WEB_DIST: join(repoRoot, 'no-console-here'),
    ...env,
  });
  return { ...proc, port, url, address: `127.0.0.1:${port}` };
}
