import { networkInterfaces } from 'node:os';
import type { HttpApp, Logger } from '@st/server-kit';
import type { GatewayConfig } from '../../config';
import type { Db } from '../../db/database';
import type { GatewayBus } from '../../events/gatewayEvents';
import type { CommandRunner } from '../devices/commandRunner';
import type { Discovery } from '../discovery/discovery';
import { DeviceCalls } from './deviceCalls';
import { type BridgeOptions, MqttBridge } from './mqttBridge';
import { MqttIntegration } from './mqttIntegration';
import { MqttSettingsStore } from './mqttSettingsStore';

export type { BridgeOptions } from './mqttBridge';

// Wires the Home Assistant bridge: settings, the bridge, and the bus events it follows.

export interface MqttPartDeps {
  readonly app: HttpApp;
  readonly config: GatewayConfig;
  readonly db: Db;
  readonly bus: GatewayBus;
  readonly runner: CommandRunner;
  readonly discovery: Discovery;
  readonly version: string;
  readonly logger: Logger;
  /** a device's tags (shown in its HA device info) */
  readonly tagsOf?: (ip: string) => readonly string[];
}

/** The console's address as a LAN client would use it (for HA's "visit device" link). */
function consoleUrl(app: HttpApp, host: string): string | undefined {
  const addr = app.server.address();
  if (typeof addr !== 'object' || !addr) return undefined;
  let ip = host;
  if (host === '0.0.0.0' || host === '::') {
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    ip = lan?.address ?? '127.0.0.1';
  }
  return `http://${ip.includes(':') ? `[${ip}]` : ip}:${addr.port}`;
}

export function createMqttPart(deps: MqttPartDeps, options: BridgeOptions = {}) {
  const { config, bus } = deps;
  const bridge = new MqttBridge(
    new DeviceCalls(deps.runner),
    () => ({ version: deps.version, consoleUrl: consoleUrl(deps.app, config.host) }),
    () => deps.discovery.list(),
    deps.logger,
    {
      ...options,
      ...(deps.tagsOf ? { tagsOf: deps.tagsOf } : {}),
      // commands from Home Assistant land on the device timeline like the console's
      onCommand: (c) =>
        bus.emit('device.command', { ...c, via: 'home-assistant' }, (err) =>
          deps.logger.warn({ err }, 'command listener failed'),
        ),
    },
  );
  const integration = new MqttIntegration(new MqttSettingsStore(deps.db), bridge, {
    url: config.mqttUrl,
    username: config.mqttUsername,
    password: config.mqttPassword,
  });
  const offs: Array<() => void> = [];
  return {
    bridge,
    integration,
    part: {
      name: 'mqtt bridge',
      start: async () => {
        offs.push(
          bus.on('device.found', (d) => bridge.deviceFound(d)),
          bus.on('device.lost', (d) => bridge.deviceLost(d)),
          bus.on('device.sampled', (s) => bridge.sampled(s)),
          bus.on('device.deleted', (d) => bridge.deviceDeleted(d.ip)),
          bus.on('device.tagged', (d) => bridge.deviceTagged(d.ip)),
        );
        await integration.start();
      },
      stop: async () => {
        for (const off of offs.splice(0)) off();
        await integration.stop();
      },
    },
  };
}
