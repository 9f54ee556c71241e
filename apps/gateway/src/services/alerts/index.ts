import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { type AlertPayload, type AlertTestResult, ApiError } from '@st/protocol';
import { sendAlert, sendError } from '@st/server-kit';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { GatewayBus } from '../../events/gatewayEvents';
import { TimelineRecorder } from '../timeline/recorder';
import { TimelineStore } from '../timeline/timelineStore';
import { Incidents } from './incidents';
import { AlertOutbox, type OutboxTimings } from './outbox';
import { AlertRules } from './rules';
import { gatewayDestinations } from './selfGuard';
import { AlertSettingsRepo } from './settingsRepo';
import { DeviceThresholds } from './thresholds';

export interface DeviceHealthDeps {
  readonly db: Db;
  readonly bus: GatewayBus;
  readonly logger: Logger;
  /** the gateway as alerts name it: its cloud identity when logged in */
  readonly gateway: () => { id: string; name: string } | undefined;
  readonly timings?: Partial<OutboxTimings>;
  /** the gateway's HTTP listener once it listens: alerts never go there */
  readonly self?: () => AddressInfo | undefined;
}

/** Device timelines, alert rules, the alert outbox and its channels: one part of the gateway. */
export function createDeviceHealth(deps: DeviceHealthDeps) {
  const logger = deps.logger;
  const gateway = () => deps.gateway() ?? { id: 'local', name: hostname() };
  const store = new TimelineStore(deps.db);
  const recorder = new TimelineRecorder(deps.bus, store, deps.db, logger);
  const destinations = gatewayDestinations(deps.self ?? (() => undefined));
  const settings = new AlertSettingsRepo(deps.db, destinations);
  const outbox = new AlertOutbox({
    db: deps.db,
    destinations,
    channel: (id) => settings.get().channels.find((c) => c.id === id),
    timeline: (entry) => recorder.add(entry),
    logger,
    ...(deps.timings ? { timings: deps.timings } : {}),
  });
  const incidents = new Incidents(deps.db);
  const thresholds = new DeviceThresholds(deps.db);
  const rules = new AlertRules({
    bus: deps.bus,
    settings,
    thresholds,
    outbox,
    incidents,
    recorder,
    store,
    gateway,
    logger,
  });

  /** Channels with a Test running: one at a time each (a second one answers 409). */
  const testing = new Set<string>();

  /** Sends a test alert on a saved channel now (not through the outbox: the answer says how it went). */
  async function test(channelId: string): Promise<AlertTestResult> {
    const channel = settings.get().channels.find((c) => c.id === channelId);
    if (!channel) throw new ApiError('ALERT_CHANNEL_NOT_FOUND');
    if (testing.has(channel.id)) throw new ApiError('ALERT_TEST_RUNNING');
    const payload: AlertPayload = {
      id: `test/${randomUUID()}`,
      kind: 'test',
      gateway: gateway(),
      at: Date.now(),
      text: `Test alert from ${gateway().name}`,
    };
    testing.add(channel.id);
    try {
      await sendAlert(channel, payload, { destinations });
      return { ok: true };
    } catch (err) {
      return { ok: false, error: sendError(err) };
    } finally {
      testing.delete(channel.id);
    }
  }

  return {
    store,
    recorder,
    settings,
    thresholds,
    outbox,
    rules,
    test,
    part: {
      name: 'device health',
      start: () => {
        recorder.start();
        rules.start();
        outbox.start();
      },
      stop: async () => {
        rules.stop();
        recorder.stop();
        await outbox.stop();
      },
    },
  };
}

export type DeviceHealth = ReturnType<typeof createDeviceHealth>;
