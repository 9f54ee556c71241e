import { randomUUID } from 'node:crypto';
import type { AlertKind, AlertPayload, CrashLoopState, DeviceInfo } from '@st/protocol';
import type { Logger } from 'pino';
import type { GatewayBus } from '../../events/gatewayEvents';
import type { TimelineRecorder } from '../timeline/recorder';
import type { TimelineStore } from '../timeline/timelineStore';
import type { Incidents } from './incidents';
import type { AlertOutbox } from './outbox';
import { RebootDetector, type UptimeSample } from './rebootDetector';
import type { AlertSettingsRepo } from './settingsRepo';
import type { DeviceThresholds } from './thresholds';

export interface AlertRulesDeps {
  readonly bus: GatewayBus;
  readonly settings: AlertSettingsRepo;
  /** devices with their own offline threshold (else the settings' deviceOfflineAfter) */
  readonly thresholds: DeviceThresholds;
  readonly outbox: AlertOutbox;
  readonly incidents: Incidents;
  readonly recorder: TimelineRecorder;
  readonly store: TimelineStore;
  readonly gateway: () => { id: string; name: string };
  readonly logger: Logger;
  readonly now?: () => number;
}

const offlineKey = (ip: string) => `offline:${ip}`;
/**
 * A reboot booted within this long after a restart the gateway asked for is that restart (its one timeline
 * entry is the restart's), not a reboot of its own: it is neither recorded nor counted towards a crash loop.
 */
const INTENDED_REBOOT_MS = 5 * 60_000;
/** Sampling and clocks are not exact: a boot this much before the command still counts as the command's. */
const BOOT_SLACK_MS = 2000;
const crashKey = (ip: string) => `crash:${ip}`;

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`;
}

/**
 * The gateway's alert rules: a device offline longer than its threshold (its own, else the global one; and back), a crash loop (N reboots
 * within M, over until the device stays up M), device notifications. One alert per incident: an incident
 * row is opened before its alert is queued, so a flapping device or a restart does not repeat it.
 */
export class AlertRules {
  private readonly now: () => number;
  private readonly reboots = new RebootDetector();
  private readonly names = new Map<string, string>();
  private readonly offlineTimers = new Map<string, NodeJS.Timeout>();
  /** when each device was last told to restart (or confirmed an update) */
  private readonly intended = new Map<string, number>();
  private offs: Array<() => void> = [];

  constructor(private readonly deps: AlertRulesDeps) {
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    const { bus } = this.deps;
    this.offs = [
      bus.on('device.found', (d) => this.onFound(d)),
      bus.on('device.lost', (d) => this.onLost(d)),
      bus.on('device.sampled', (sample) => this.observe(sample)),
      bus.on('device.restarting', (e) => this.intended.set(e.ip, e.since)),
      bus.on('notification', (n) => {
        if (!this.deps.settings.get().notifications) return;
        this.raise('notification', n.device.ip, n.device.name, n.notification.message);
      }),
    ];
  }

  stop(): void {
    for (const off of this.offs.splice(0)) off();
    for (const t of this.offlineTimers.values()) clearTimeout(t);
    this.offlineTimers.clear();
  }

  /** One sample of the sampler: reboots (uptime went backwards) and the end of a crash loop. */
  observe(sample: UptimeSample): void {
    const reboot = this.reboots.observe(sample);
    if (reboot && !this.wasIntended(sample.ip, reboot.bootedAt))
      this.onReboot(sample.ip, reboot.uptime, reboot.resetReason);
    if (!sample.ok || sample.uptime === undefined) return;
    const within = this.deps.settings.get().crashLoop.within * 1000;
    if (sample.uptime >= within && this.deps.incidents.isOpen(crashKey(sample.ip))) {
      const opened = this.deps.incidents.close(crashKey(sample.ip));
      if (opened === undefined) return;
      const text = `Up for ${duration(sample.uptime)}: the crash loop is over`;
      this.deps.recorder.add({ ip: sample.ip, t: this.now(), kind: 'crash-loop-ended', text });
      this.raise('crash-loop-ended', sample.ip, this.name(sample.ip), text);
    }
  }

  private wasIntended(ip: string, bootedAt: number): boolean {
    const since = this.intended.get(ip);
    if (since === undefined) return false;
    if (this.now() - since > INTENDED_REBOOT_MS) this.intended.delete(ip);
    if (bootedAt < since - BOOT_SLACK_MS || bootedAt > since + INTENDED_REBOOT_MS) return false;
    this.intended.delete(ip);
    return true;
  }

  crashLoops(): CrashLoopState[] {
    const within = this.deps.settings.get().crashLoop.within * 1000;
    return this.deps.incidents.openOf('crash-loop').map((r) => ({
      ip: r.ip,
      since: r.opened_at,
      reboots: this.deps.store.count(r.ip, 'reboot', this.now() - within),
    }));
  }

  private onReboot(ip: string, uptime: number, resetReason: string | undefined): void {
    const t = this.now();
    const reason = resetReason ? ` (reset reason: ${resetReason})` : '';
    this.deps.recorder.add({
      ip,
      t,
      kind: 'reboot',
      text: `Rebooted${reason}`,
      details: { uptime, ...(resetReason ? { resetReason } : {}) },
    });
    const { reboots, within } = this.deps.settings.get().crashLoop;
    const count = this.deps.store.count(ip, 'reboot', t - within * 1000);
    if (count < reboots) return;
    if (!this.deps.incidents.open(crashKey(ip), ip, 'crash-loop', t)) return;
    const text = `${count} reboots within ${duration(within * 1000)}${reason}`;
    this.deps.recorder.add({ ip, t, kind: 'crash-loop', text, details: { reboots: count, within } });
    this.raise('crash-loop', ip, this.name(ip), `Crash loop: ${text}`);
  }

  private onLost(d: DeviceInfo): void {
    this.names.set(d.ip, d.name);
    if (this.offlineTimers.has(d.ip)) return;
    const after =
      (this.deps.thresholds.offlineAfter(d.ip) ?? this.deps.settings.get().deviceOfflineAfter) * 1000;
    const lostAt = this.now();
    const timer = setTimeout(() => {
      this.offlineTimers.delete(d.ip);
      if (!this.deps.incidents.open(offlineKey(d.ip), d.ip, 'device-offline', lostAt)) return;
      this.raise(
        'device-offline',
        d.ip,
        d.name,
        `${d.name || d.ip} has been offline for ${duration(this.now() - lostAt)}`,
      );
    }, after);
    timer.unref();
    this.offlineTimers.set(d.ip, timer);
  }

  private onFound(d: DeviceInfo): void {
    this.names.set(d.ip, d.name);
    const timer = this.offlineTimers.get(d.ip);
    if (timer) {
      clearTimeout(timer);
      this.offlineTimers.delete(d.ip);
    }
    const opened = this.deps.incidents.close(offlineKey(d.ip));
    if (opened === undefined) return;
    this.raise(
      'device-online',
      d.ip,
      d.name,
      `${d.name || d.ip} is back online after ${duration(this.now() - opened)}`,
    );
  }

  private name(ip: string): string {
    return this.names.get(ip) ?? '';
  }

  private raise(kind: AlertKind, ip: string, name: string, text: string): void {
    const settings = this.deps.settings.get();
    if (settings.muted.includes(ip)) {
      this.deps.logger.info({ kind, ip }, 'alert muted');
      return;
    }
    // Stored with the payload in the outbox: every retry of this alert carries the same idempotency key.
    const payload: AlertPayload = {
      id: randomUUID(),
      kind,
      gateway: this.deps.gateway(),
      device: { ip, name },
      at: this.now(),
      text,
    };
    this.deps.outbox.enqueue(payload, settings.channels);
  }
}
