import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Gateway, type GatewayConfig, GatewayConfigSchema } from '@st/gateway';
import { freeTcpPort, freeUdpPort } from '@st/testkit';

export interface BenchGateway {
  readonly gateway: Gateway;
  readonly base: string;
  readonly port: number;
  readonly logPort: number;
  readonly discoveryPort: number;
  /** Stops the gateway and removes its data dir. */
  stop(): Promise<void>;
}

/** A gateway in this process on loopback, with a fresh data dir and private discovery and log ports. */
export async function startBenchGateway(
  dirPrefix: string,
  overrides: Partial<GatewayConfig> = {},
): Promise<BenchGateway> {
  const dataDir = mkdtempSync(join(tmpdir(), dirPrefix));
  const discoveryPort = await freeUdpPort();
  const gateway = await build({
    ...GatewayConfigSchema.parse({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    multicastIf: '127.0.0.1',
    discoveryPort,
    logPort: await freeTcpPort(),
    webDist: join(dataDir, 'none'),
    logLevel: 'silent',
    ...overrides,
  });
  const { port, logPort } = await gateway.start();
  return {
    gateway,
    port,
    logPort,
    discoveryPort,
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await gateway.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
