import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, Browser } from '../helpers';
import { linkGateway, removeDir, startDevice, startTestGateway, type TestGateway } from '../system';
import { cloudNodeProcess, type NodeProcess } from './nodeProcess';

/** A cloud node in a process of its own, a real gateway linked to it and one simulated lamp behind it. */
export interface CloudProcessSystem {
  cloud: NodeProcess;
  gw: TestGateway;
  device: Awaited<ReturnType<typeof startDevice>>;
  /** the admin, signed in to the cloud */
  user: Browser;
  gatewayId: string;
  /** ends the device, the gateway and the cloud (kill -9: nothing to wait for), and removes their data */
  stop(): Promise<void>;
}

export async function startCloudProcessSystem(
  name: string,
  device: Parameters<typeof startDevice>[2] = {},
): Promise<CloudProcessSystem> {
  const dataDir = mkdtempSync(join(tmpdir(), `st-cloud-${name}-`));
  const cloud = await cloudNodeProcess({
    ST_DATA_DIR: dataDir,
    ST_ADMIN_LOGIN: ADMIN.login,
    ST_ADMIN_PASSWORD: ADMIN.password,
  });
  await cloud.start();
  const user = new Browser(cloud.url);
  await user.login();
  const gw = await startTestGateway();
  const lamp = await startDevice(gw.discoveryPort, gw.url, device);
  const { gatewayId } = await linkGateway(user, cloud.url, gw);
  return {
    cloud,
    gw,
    device: lamp,
    user,
    gatewayId,
    async stop() {
      await lamp.sim.stop();
      await gw.stop();
      await cloud.kill();
      removeDir(gw.dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
