import type { CloudOptions } from '../../src/app';
import type { CloudConfig } from '../../src/config';
import { Browser, type StorageKind, startCloud, type TestCloud, testStorage } from '../helpers';
import {
  type LiveClient,
  linkGateway,
  openLive,
  removeDir,
  startDevice,
  startTestGateway,
  type TestGateway,
} from '../system';

export type TestStorage = Awaited<ReturnType<typeof testStorage>>;
export type TestDevice = Awaited<ReturnType<typeof startDevice>>;

/** What stands between the gateway and the cloud it was started with (a proxy, a second cloud node). */
export interface LinkTarget {
  readonly url: string;
  stop(): Promise<void>;
}

export interface LinkedSystemOptions {
  readonly storage?: StorageKind;
  readonly cloud?: Partial<CloudConfig>;
  readonly cloudOptions?: Omit<CloudOptions, 'logger'>;
  /** The gateway's cloud-link timings. */
  readonly gatewayLink?: { reconnectDelayMs?: number; heartbeatMs?: number };
  /** One simulated lamp behind the gateway, started before the gateway is linked. */
  readonly device?: boolean;
  /** Started after the cloud; the gateway links to its url instead of the cloud's. */
  readonly via?: (started: { storage: TestStorage; cloud: TestCloud }) => Promise<LinkTarget>;
}

/**
 * A cloud, a real gateway linked to it and its owner signed in, with a live channel subscribed to
 * `/secured/events`. Tests may replace `cloud`, `gw`, `user` and `device` (a restart): stop() stops
 * whatever the fields hold then.
 */
export interface LinkedSystem {
  readonly storage: TestStorage;
  cloud: TestCloud;
  readonly via: LinkTarget | undefined;
  gw: TestGateway;
  user: Browser;
  readonly live: LiveClient;
  readonly gatewayId: string;
  stop(): Promise<void>;
}

export function startLinkedSystem(
  opts: LinkedSystemOptions & { readonly device: true },
): Promise<LinkedSystem & { device: TestDevice }>;
export function startLinkedSystem(opts?: LinkedSystemOptions): Promise<LinkedSystem>;
export async function startLinkedSystem(
  opts: LinkedSystemOptions = {},
): Promise<LinkedSystem & { device?: TestDevice }> {
  const storage = await testStorage(opts.storage ?? 'sqlite');
  // What has started so far, stopped in reverse if a later step fails.
  const started: Array<() => Promise<void> | void> = [() => storage.stop()];
  try {
    const cloud = await startCloud({ ...storage.overrides, ...opts.cloud }, opts.cloudOptions);
    started.push(() => cloud.stop());
    const via = opts.via ? await opts.via({ storage, cloud }) : undefined;
    if (via) started.push(() => via.stop());
    const gw = await startTestGateway(undefined, opts.gatewayLink);
    started.push(
      () => removeDir(gw.dataDir),
      () => gw.stop(),
    );
    const device = opts.device ? await startDevice(gw.discoveryPort, gw.url) : undefined;
    if (device) started.push(() => device.sim.stop());
    const user = new Browser(cloud.url);
    await user.login();
    const live = await openLive(cloud.url, user.cookie);
    started.push(() => live.close());
    await live.subscribe('/secured/events');
    const { gatewayId } = await linkGateway(user, via?.url ?? cloud.url, gw);
    const system: LinkedSystem & { device?: TestDevice } = {
      storage,
      cloud,
      via,
      gw,
      ...(device ? { device } : {}),
      user,
      live,
      gatewayId,
      async stop() {
        await system.live.close();
        await system.device?.sim.stop();
        await system.gw.stop();
        await system.via?.stop();
        await system.cloud.stop();
        removeDir(system.gw.dataDir);
        await storage.stop();
      },
    };
    return system;
  } catch (err) {
    for (const stop of started.reverse()) await stop();
    throw err;
  }
}
