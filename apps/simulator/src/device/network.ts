import { CONFIG_LOG_ADDRESS, type DeviceLogLevel, ST_VERSION } from '@st/protocol';
import { BeaconSender } from '../net/beacon';
import type { NetworkLogger } from '../net/log-client';
import { type Flashed, OTA_PORTS, OtaReceiver } from '../net/ota';
import type { Chatter } from './chatter';
import type { KindDef } from './kinds';
import type { DeviceSettings } from './settings';

export interface NetworkDeps {
  kind: KindDef;
  settings: DeviceSettings;
  logger: NetworkLogger;
  chatter: Chatter;
  ip: () => string;
  address: () => string;
  version: () => string;
  discovery: { group: string; port: number; multicastIf: string; intervalMs: number };
  ota: boolean;
  onFlashed: (flashed: Flashed) => void;
  /** the refusal every OTA invitation gets now, if any */
  otaRefusal?: () => string | undefined;
  log: (level: DeviceLogLevel, tag: string, message: string) => void;
  report: (message: string) => void;
}

/** What runs while the device has WiFi: beacons, the log connection with its chatter, the OTA receiver. */
export class DeviceNetwork {
  private beacon: BeaconSender | undefined;
  private ota: OtaReceiver | undefined;

  constructor(private readonly deps: NetworkDeps) {}

  beaconLine(): string {
    const d = this.deps;
    return [d.address(), d.kind.type, d.settings.name, ST_VERSION, d.kind.board, d.version()].join(';');
  }

  async up(): Promise<void> {
    const d = this.deps;
    d.logger.setLocalAddress(d.ip());
    this.beacon = new BeaconSender({
      bindAddress: d.ip(),
      ...d.discovery,
      message: () => this.beaconLine(),
      onError: (e) => d.report(`${d.address()}: beacon: ${e.message}`),
    });
    await this.beacon.start();
    d.logger.setAddress(d.settings.config.get(CONFIG_LOG_ADDRESS) ?? '');
    d.chatter.start();
    if (!d.ota) return;
    const ota = new OtaReceiver({
      address: d.ip(),
      port: OTA_PORTS[d.kind.board],
      board: d.kind.board,
      log: (level, message) => d.log(level, 'ota', message),
      // The log connection stays up through the invitation and transfer on both boards: ESP8266 core 3.x
      // no longer closes the other sockets (only cores up to 3.0.2 did) (device-protocol.md §11.9).
      onFlashed: d.onFlashed,
      ...(d.otaRefusal ? { refusal: d.otaRefusal } : {}),
    });
    try {
      await ota.start();
      this.ota = ota;
    } catch (e) {
      d.report(`${d.address()}: OTA receiver not started: ${String(e)}`);
    }
  }

  /** The loop blocked (esp8266 import freeze): no beacons and no log chatter until it runs again. */
  loopBlocked(blocked: boolean): void {
    if (blocked) {
      this.beacon?.pause();
      this.deps.chatter.stop();
    } else {
      this.beacon?.resume();
      this.deps.chatter.start();
    }
  }

  down(): void {
    this.beacon?.stop();
    this.beacon = undefined;
    this.ota?.stop();
    this.ota = undefined;
    this.deps.chatter.stop();
    this.deps.logger.disconnect();
  }
}
