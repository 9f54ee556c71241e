import type { StopStep } from '@st/server-kit';
import { MemoryBus, type StompBus } from '@st/stomp';
import type { Logger } from 'pino';
import { LocalPresence, type Presence } from '../link/presence';
import { type Cluster, LocalCluster } from './cluster';
import { RedisHub } from './hub';
import { RedisStompBus } from './redisBus';
import { RedisCluster } from './redisCluster';
import { RedisPresence } from './redisPresence';

export interface ScaleOut {
  cluster: Cluster;
  presence: Presence;
  bus: StompBus;
  /** present when the node shares its work with others through Redis */
  hub?: RedisHub;
  /** what to stop, last first (none for a node alone) */
  steps: StopStep[];
}

/**
 * How a node meets the others: alone, in-process cluster, presence and bus; with `redisUrl`, all three through
 * Redis. Link traffic stays on the node holding the link; browser topics fan out through Redis.
 */
export async function scaleOut(redisUrl: string | undefined, nodeId: string, log: Logger): Promise<ScaleOut> {
  if (!redisUrl) {
    return {
      cluster: new LocalCluster(nodeId),
      presence: new LocalPresence(),
      bus: new MemoryBus(),
      steps: [],
    };
  }
  const hub = new RedisHub(redisUrl, (err) => log.warn({ err }, 'redis unreachable'));
  await hub.start();
  const cluster = new RedisCluster(nodeId, hub);
  const presence = new RedisPresence(hub, nodeId);
  await cluster.start();
  const bus = new RedisStompBus(hub, (err) => log.error({ err }, 'redis subscribe failed'), new MemoryBus(), [
    '/link/',
  ]);
  const steps: StopStep[] = [
    { name: 'cluster', stop: () => cluster.stop() },
    { name: 'presence', stop: () => presence.stop() },
    { name: 'redis', stop: () => hub.stop() },
  ];
  return { cluster, presence, bus, hub, steps };
}
