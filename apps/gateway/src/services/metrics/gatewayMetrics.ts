import { isOtaStatusFinal, type OtaUploadStatus } from '@st/protocol';
import type { StompServer } from '@st/stomp';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { GatewayBus } from '../../events/gatewayEvents';
import type { Discovery } from '../discovery/discovery';
import type { DeviceLogs } from '../logs/logs';

// The gateway's own figures on /metrics, next to the request and process figures server-kit registers.
// Gauges and counters that mirror existing state read it when scraped (no bookkeeping on the hot paths).

export interface GatewayMetricSources {
  /** the Home Assistant bridge: messages published, commands received, connected or not */
  readonly mqtt: { stats(): { published: number; commands: number }; connected(): boolean };
  readonly registry: Registry;
  readonly bus: GatewayBus;
  readonly discovery: Discovery;
  readonly logs: DeviceLogs;
  readonly stomp: StompServer<null>;
}

export interface GatewayMetrics {
  /** counts one OTA task outcome when its status is final */
  otaStatus(status: OtaUploadStatus): void;
  /** stops following the bus */
  stop(): void;
}

/** A counter whose value is read from a monotonic figure kept elsewhere. */
function mirroredCounter(
  registry: Registry,
  name: string,
  help: string,
  read: () => Record<string, number>,
  label: string,
): void {
  new Counter({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    collect() {
      this.reset();
      for (const [value, n] of Object.entries(read())) this.inc({ [label]: value }, n);
    },
  });
}

export function createGatewayMetrics(src: GatewayMetricSources): GatewayMetrics {
  const { registry } = src;
  new Gauge({
    name: 'smartthing_devices_found',
    help: 'Devices currently found by discovery (beaconing)',
    registers: [registry],
    collect() {
      this.set(src.discovery.list().length);
    },
  });
  const devicesFound = new Counter({
    name: 'smartthing_device_found_events_total',
    help: 'Found events (a new device, or a known one that changed name, type or versions)',
    registers: [registry],
  });
  const devicesLost = new Counter({
    name: 'smartthing_device_lost_events_total',
    help: 'Lost events (a device stopped beaconing)',
    registers: [registry],
  });
  mirroredCounter(
    registry,
    'smartthing_log_lines_total',
    'Device log lines by outcome: stored in the database, or dropped (queue full, malformed, over-long)',
    () => {
      const s = src.logs.stats;
      return { stored: s.stored, dropped: s.dropped + s.malformed + s.oversized };
    },
    'outcome',
  );
  new Gauge({
    name: 'smartthing_stomp_sessions',
    help: 'Connected STOMP sessions of the live channel',
    registers: [registry],
    collect() {
      this.set(src.stomp.sessions().length);
    },
  });
  new Gauge({
    name: 'smartthing_stomp_subscriptions',
    help: 'Subscriptions held by the connected STOMP sessions',
    registers: [registry],
    collect() {
      let n = 0;
      for (const s of src.stomp.sessions()) n += s.destinations().length;
      this.set(n);
    },
  });
  mirroredCounter(
    registry,
    'smartthing_mqtt_messages_total',
    'MQTT messages of the Home Assistant bridge: published (configs, state, availability, results), commands received',
    () => {
      const stats = src.mqtt.stats();
      return { published: stats.published, command: stats.commands };
    },
    'kind',
  );
  new Gauge({
    name: 'smartthing_mqtt_connected',
    help: '1 while the Home Assistant bridge is connected to its broker',
    registers: [registry],
    collect() {
      this.set(src.mqtt.connected() ? 1 : 0);
    },
  });
  const ota = new Counter({
    name: 'smartthing_ota_outcomes_total',
    help: 'Finished OTA uploads by final status',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const samples = new Counter({
    name: 'smartthing_sensor_samples_total',
    help: 'Sensor sampling outcomes per device reading: ok, or unreachable (the device did not answer)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const offSampled = src.bus.on('device.sampled', (s) =>
    samples.inc({ outcome: s.ok ? 'ok' : 'unreachable' }),
  );
  const offFound = src.bus.on('device.found', () => devicesFound.inc());
  const offLost = src.bus.on('device.lost', () => devicesLost.inc());
  return {
    otaStatus(status) {
      if (isOtaStatusFinal(status)) ota.inc({ status });
    },
    stop() {
      offFound();
      offLost();
      offSampled();
    },
  };
}
