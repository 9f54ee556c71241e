import { ApiError, type DeviceInfo } from '@st/protocol';
import type { Logger } from 'pino';
import type { GatewayBus } from '../../events/gatewayEvents';
import type { SeenDevice, SeenDevices } from './seenDevices';

interface HeardDevices {
  heard(): Array<{ ip: string; at: number }>;
  get(address: string): DeviceInfo | undefined;
}

/**
 * Keeps the seen-devices table up to date from discovery: a device is remembered when found, its last-heard
 * time written when lost, every 30 s and at stop (a crash loses at most that), and listed with the live time
 * of the ones heard now.
 */
export class SeenKeeper {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly seen: SeenDevices,
    private readonly discovery: HeardDevices,
    bus: GatewayBus,
    lostAfterMs: number,
    private readonly logger: Logger,
  ) {
    bus.on('device.found', (d) => seen.remember(d, Date.now()));
    bus.on('device.lost', (d) => seen.touch([{ ip: d.ip, at: Date.now() - lostAfterMs }]));
  }

  /** the remembered devices, with the live time of the ones heard now */
  now(): SeenDevice[] {
    const live = new Map(this.discovery.heard().map((h) => [h.ip, h.at]));
    return this.seen
      .list()
      .map((s) => ({ ...s, lastSeen: Math.max(s.lastSeen, live.get(s.device.ip) ?? 0) }));
  }

  /** forgets an offline device; refuses one heard now or never seen */
  forget(ip: string): void {
    if (this.discovery.get(ip)) throw new ApiError('DEVICE_HEARD_NOW', `The device ${ip} is online now`);
    if (!this.seen.forget(ip)) throw new ApiError('UNKNOWN_DEVICE', `The gateway has not seen ${ip}`);
    this.logger.info({ device: ip }, 'seen device forgotten');
  }

  start(): void {
    this.timer = setInterval(() => this.seen.touch(this.discovery.heard()), 30_000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.seen.touch(this.discovery.heard());
  }
}
