import { randomUUID } from 'node:crypto';
import type { AlertPayload, DeviceInfo, DeviceNotificationBody, RolloutProgressMessage } from '@st/protocol';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { GatewayBus } from '../../events/gatewayEvents';
import type { DeviceHealth } from '../alerts/index';
import type { FirmwareLibrary } from '../ota/firmwareLibrary';
import type { VersionProbe } from '../ota/otaJob';
import type { OtaService } from '../ota/otaService';
import type { DeviceTags } from '../tags/deviceTags';
import { type Clock, systemClock } from './clock';
import { RolloutService } from './rolloutService';
import { RolloutStore } from './rolloutStore';
import { DEFAULT_ROLLOUT_TIMINGS, type RolloutTimings } from './timings';

export type { Clock } from './clock';
export { ShiftedClock, systemClock } from './clock';
export { RolloutService } from './rolloutService';
export type { RolloutTimings } from './timings';

export interface RolloutSetup {
  readonly db: Db;
  readonly bus: GatewayBus;
  readonly library: FirmwareLibrary;
  readonly ota: OtaService;
  readonly probe: VersionProbe;
  readonly health: DeviceHealth;
  readonly tags: DeviceTags;
  /** devices heard now */
  readonly found: () => readonly DeviceInfo[];
  /** saved devices and remembered ones (heard before, maybe away now) */
  readonly others: () => readonly DeviceInfo[];
  readonly online: (ip: string) => DeviceInfo | undefined;
  /** the gateway as alerts name it */
  readonly gateway: () => { id: string; name: string };
  readonly publish: (message: RolloutProgressMessage) => void;
  /** stores a notification in the gateway's list and publishes it live (the console shows it as a toast) */
  readonly notify?: ((body: DeviceNotificationBody) => void) | undefined;
  readonly logger: Logger;
  readonly clock?: Clock | undefined;
  readonly timings?: Partial<RolloutTimings> | undefined;
}

/** The rollout service wired to the OTA jobs, discovery, tags, crash loops, the alert channels and notifications. */
export function createRollouts(setup: RolloutSetup) {
  const timings = { ...DEFAULT_ROLLOUT_TIMINGS, ...setup.timings };
  // the open crash loops, read at most once a tick however many devices soak
  let loops: { at: number; ips: Set<string> } | undefined;
  const crashLoops = () => {
    const now = Date.now();
    if (!loops || now - loops.at >= timings.tickMs) {
      loops = { at: now, ips: new Set(setup.health.rules.crashLoops().map((c) => c.ip)) };
    }
    return loops.ips;
  };
  const service = new RolloutService({
    store: new RolloutStore(setup.db),
    firmware: (id) => setup.library.get(id).firmware,
    known: () => {
      const all = new Map<string, DeviceInfo>();
      for (const d of setup.others()) all.set(d.ip, d);
      for (const d of setup.found()) all.set(d.ip, d);
      return [...all.values()];
    },
    hasTag: (ip, tag) => setup.tags.has(ip, tag),
    online: setup.online,
    upload: (firmwareId, ip, versionCheckMs) =>
      setup.ota.upload(firmwareId, { ip }, { versionCheckMs }).taskId,
    abortUpload: (taskId) => setup.ota.abort(taskId),
    probe: setup.probe,
    crashLooping: (ip) => crashLoops().has(ip),
    // a pause or an end goes out both ways: an alert on the user's channels and a notification in the console;
    // a quiet rollout (a cloud rollout's part: the cloud alerts for the whole) sends neither
    alert: (kind, rollout, text) => {
      if (rollout.settings.quiet) return;
      const payload: AlertPayload = {
        id: randomUUID(),
        kind,
        gateway: setup.gateway(),
        at: Date.now(),
        text,
      };
      setup.health.outbox.enqueue(payload, setup.health.settings.get().channels);
      try {
        setup.notify?.({
          device: { name: rollout.name, type: 'rollout', ip: `rollout/${rollout.id}` },
          notification: { message: text, type: kind === 'rollout-paused' ? 'warning' : 'info' },
        });
      } catch (err) {
        setup.logger.warn({ err, rollout: rollout.id }, 'rollout notification not stored');
      }
    },
    publish: setup.publish,
    clock: setup.clock ?? systemClock,
    tickMs: timings.tickMs,
    probeMs: timings.probeMs,
    logger: setup.logger,
  });
  const offs: Array<() => void> = [];
  return {
    service,
    part: {
      name: 'rollouts',
      start: () => {
        offs.push(
          setup.bus.on('ota.progress', (e) => service.onOtaProgress(e.taskId, e.message)),
          setup.bus.on('device.found', () => service.kick()),
        );
        service.start();
      },
      stop: () => {
        service.stop();
        for (const off of offs.splice(0)) off();
      },
    },
  };
}
