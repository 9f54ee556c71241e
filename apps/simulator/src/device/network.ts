import { CONFIG_LOG_ADDRESS, type DeviceLogLevel, ST_VERSION } from '@st/protocol';
import { BeaconSender } from '../net/beacon';
import type { NetworkLogger } from '../net/log-client';
import { OTA_PORTS, OtaReceiver } from '../net/ota';
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
  onFlashed: (version: string | undefined) => void;
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
      log: (level, message) => d.log(level, 'ota', message),
      // ESP8266 ArduinoOTA closes every other socket once it accepts an invitation: the log connection drops.
      onAccepted: () => {
        if (d.kind.board === 'esp8266') d.logger.disconnect();
      },
      onFlashed: d.onFlashed,
    });
    try {
      await ota.start();
      this.ota = ota;
    } catch (e) {
      d.report(`${d.address()}: OTA receiver not started: ${String(e)}`);
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
