import { isOtaStatusFinal, otaVerdictText, type TimelineEntry } from '@st/protocol';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { DeviceCommandEvent, GatewayBus } from '../../events/gatewayEvents';
import { COMMAND_KINDS, commandText } from './commandKinds';
import type { NewTimelineEntry, TimelineStore } from './timelineStore';

/** A rename seen in a beacon this soon after a saveName command is the same rename (recorded once). */
const RENAME_ECHO_MS = 60_000;

function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 3600)} h`;
}

/**
 * Writes what happens to devices onto their timelines, from the gateway's events: found (with how long the
 * device was away), lost, renames, commands that change things, OTA outcomes and notifications. Every
 * entry is announced on the bus as `timeline.entry` (the live topic and the cloud link follow it).
 */
export class TimelineRecorder {
  private readonly names = new Map<string, string>();
  private readonly lostAt = new Map<string, number>();
  private readonly renamedAt = new Map<string, number>();
  private offs: Array<() => void> = [];

  constructor(
    private readonly bus: GatewayBus,
    private readonly store: TimelineStore,
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.offs = [
      this.bus.on('device.found', (d) => {
        const t = this.now();
        const lost = this.lostAt.get(d.ip);
        const before = this.names.get(d.ip);
        this.names.set(d.ip, d.name);
        if (lost !== undefined) {
          this.lostAt.delete(d.ip);
          this.add({
            ip: d.ip,
            t,
            kind: 'found',
            text: `Back after ${seconds(t - lost)}`,
            details: { away: t - lost, name: d.name },
          });
        } else if (before === undefined) {
          this.add({ ip: d.ip, t, kind: 'found', text: 'Found', details: { name: d.name } });
        }
        if (
          before !== undefined &&
          before !== d.name &&
          t - (this.renamedAt.get(d.ip) ?? 0) > RENAME_ECHO_MS
        ) {
          this.add({
            ip: d.ip,
            t,
            kind: 'rename',
            text: `Renamed from "${before}" to "${d.name}"`,
            details: { from: before, to: d.name },
          });
        }
      }),
      this.bus.on('device.lost', (d) => {
        const t = this.now();
        this.lostAt.set(d.ip, t);
        this.add({ ip: d.ip, t, kind: 'lost', text: 'Lost (no beacon)', details: { name: d.name } });
      }),
      this.bus.on('device.command', (c) => this.onCommand(c)),
      // A restart on purpose is one `restart` entry, never lost + found (discovery holds the device). For
      // restart and wipe the command's own entry is that one; an import and an update get one here.
      this.bus.on('device.restarting', (e) => {
        if (e.cause !== 'importSettings' && e.cause !== 'ota') return;
        this.add({
          ip: e.ip,
          t: this.now(),
          kind: 'restart',
          text:
            e.cause === 'ota'
              ? 'Restarting with the new firmware'
              : 'Restarting to apply the imported settings',
          details: { cause: e.cause },
        });
      }),
      this.bus.on('notification', (n) =>
        this.add({
          ip: n.device.ip,
          t: this.now(),
          kind: 'notification',
          text: n.notification.message,
          details: { type: n.notification.type },
        }),
      ),
      this.bus.on('ota.progress', ({ taskId, message }) => {
        if (!isOtaStatusFinal(message.status)) return;
        const row = this.db
          .prepare<[string], { device_ip: string; firmware: string }>(
            'SELECT device_ip, firmware FROM ota_tasks WHERE id = ?',
          )
          .get(taskId);
        if (!row) return;
        const ok = message.status === 'FINISHED';
        const verdict = message.verdict;
        const text = !ok
          ? `Firmware update ${message.status.toLowerCase().replace(/_/g, ' ')}`
          : verdict === undefined || verdict.outcome === 'MATCHES'
            ? 'Firmware updated'
            : `Firmware ${otaVerdictText(verdict)}`;
        this.add({
          ip: row.device_ip,
          t: this.now(),
          kind: 'ota',
          text: message.error ? `${text}: ${message.error}` : text,
          details: { status: message.status, taskId, ...(verdict ? { verdict } : {}) },
        });
      }),
    ];
  }

  stop(): void {
    for (const off of this.offs.splice(0)) off();
  }

  /** Adds an entry and announces it; a failure is logged, never thrown into the emitter. */
  add(entry: NewTimelineEntry): TimelineEntry | undefined {
    try {
      const saved = this.store.add(entry);
      this.bus.emit('timeline.entry', saved, (err) => this.logger.error({ err }, 'timeline listener failed'));
      return saved;
    } catch (err) {
      this.logger.error({ err, kind: entry.kind }, 'timeline write failed');
      return undefined;
    }
  }

  private onCommand(c: DeviceCommandEvent): void {
    const kind = COMMAND_KINDS[c.command];
    if (!kind) return;
    const ok = c.status < 400;
    const t = this.now();
    if (c.command === 'saveName' && ok) {
      this.renamedAt.set(c.ip, t);
      const from = this.names.get(c.ip);
      if (typeof c.params.name === 'string') this.names.set(c.ip, c.params.name);
      this.add({
        ip: c.ip,
        t,
        kind,
        text: commandText(c.command, c.params, ok),
        details: { via: c.via, ...(c.by ? { by: c.by } : {}), from, to: c.params.name, status: c.status },
      });
      return;
    }
    const details: Record<string, unknown> = { via: c.via, command: c.command, status: c.status };
    if (c.by) details.by = c.by;
    if (kind === 'action' && typeof c.params.name === 'string') details.action = c.params.name;
    this.add({ ip: c.ip, t, kind, text: commandText(c.command, c.params, ok), details });
  }
}
