import { DEVICE_LOG_MULTICAST_GROUP } from '@st/protocol';
import { SimDevice } from './device/device';
import { KINDS } from './device/kinds';
import { FileFlash, MemoryFlash } from './device/store';
import { nthIp, type SimulatorOptions, SimulatorOptionsSchema } from './options';

export interface Simulator {
  devices: SimDevice[];
  stop(): Promise<void>;
}

function seeded(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** Starts N simulated devices; throws (after stopping those started) when options are invalid or binding fails. */
export async function startSimulator(
  input: SimulatorOptions = {},
  report: (message: string) => void = () => {},
): Promise<Simulator> {
  const opts = SimulatorOptionsSchema.parse(input);
  const ips = opts.ips ?? Array.from({ length: opts.count }, (_, i) => nthIp(opts.firstIp, i));
  // The firmware's `laddr` must be an IPv4 literal.
  const gatewayHost = opts.gateway?.split(':')[0]?.replace(/^localhost$/, '127.0.0.1');
  const logHost = opts.logTransport === 'multicast' ? DEVICE_LOG_MULTICAST_GROUP : gatewayHost;
  const logAddress = opts.logAddress ?? (gatewayHost ? `${logHost}:${opts.logPort}` : undefined);
  const random = opts.seed === undefined ? Math.random : seeded(opts.seed);
  const devices = ips.map((ip, i) => {
    const fw = { ...opts, ...opts.devices?.[i] };
    const usual = KINDS[opts.kinds[i % opts.kinds.length] ?? 'lamp'];
    const kind = fw.board ? { ...usual, board: fw.board } : usual;
    return new SimDevice({
      index: i,
      kind,
      ip,
      port: opts.port,
      fallbackPort: opts.fallbackPort,
      name: `${kind.kind}-${i + 1}`,
      multicastIf: opts.multicastIf,
      discoveryGroup: opts.discoveryGroup,
      discoveryPort: opts.discoveryPort,
      beaconIntervalMs: opts.beaconIntervalMs,
      flash: opts.dataDir ? new FileFlash(opts.dataDir, ip) : new MemoryFlash(),
      gateway: opts.gateway,
      logAddress,
      logRate: opts.logRate,
      logTransport: opts.logTransport,
      slowMs: opts.slowMs,
      dropRate: opts.dropRate,
      flaky: opts.flaky,
      flakyUpMs: opts.flakyUpMs,
      flakyDownMs: opts.flakyDownMs,
      rebootMs: opts.rebootMs,
      restartDelayMs: opts.restartDelayMs,
      importRebootDelayMs: opts.importRebootDelayMs,
      ota: opts.ota,
      noVersion: fw.noVersion ?? false,
      otaVersion: fw.otaVersion,
      stayDown: fw.stayDown ?? false,
      otaRefuse: fw.otaRefuse,
      otaCrashLoopMs: fw.otaCrashLoopMs,
      semicolonBug: fw.semicolonBug ?? true,
      random,
      report,
    });
  });
  const started: SimDevice[] = [];
  try {
    for (const d of devices) {
      await d.start();
      started.push(d);
    }
  } catch (e) {
    await Promise.all(started.map((d) => d.stop()));
    throw e;
  }
  return {
    devices,
    stop: async () => {
      await Promise.all(devices.map((d) => d.stop()));
    },
  };
}
