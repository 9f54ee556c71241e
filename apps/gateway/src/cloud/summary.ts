import {
  type Firmware,
  FLEET_LIMITS,
  type GatewaySummary,
  LINK_DESTINATIONS,
  newerFirmware,
  type OverviewRow,
} from '@st/protocol';
import type { Logger } from '@st/server-kit';

/** What the gateway knows that its summary counts. */
export interface FleetFacts {
  /** the overview's rows: devices heard now, saved, and remembered offline */
  rows: () => readonly OverviewRow[];
  /** the firmware library: a device is outdated when it holds a newer image of its type and board */
  library: () => readonly Firmware[];
  /** addresses of the devices in a crash loop now */
  crashLooping: () => readonly string[];
}

/** The fleet's counts and device names, as the cloud's cross-gateway overview shows and searches them. */
export function fleetSummary(facts: FleetFacts): GatewaySummary {
  const rows = facts.rows();
  const library = facts.library();
  let online = 0;
  let outdated = 0;
  for (const row of rows) {
    if (row.online) online++;
    if (newerFirmware({ type: row.type, board: row.board, version: row.version ?? undefined }, library))
      outdated++;
  }
  return {
    devices: rows.length,
    online,
    outdated,
    crashLooping: new Set(facts.crashLooping()).size,
    names: rows.slice(0, FLEET_LIMITS.devicesMax).map((r) => ({
      ip: r.ip,
      name: r.name.slice(0, FLEET_LIMITS.deviceNameMax),
      online: r.online,
    })),
  };
}

export interface SummaryReporterDeps {
  facts: FleetFacts;
  /** whether the link is up: while it is not, no summary is worked out (it is sent when the link comes up) */
  linked: () => boolean;
  /** the link's confirmed send: false when not connected or not confirmed */
  send: (destination: string, payload: unknown, timeoutMs: number) => Promise<boolean>;
  logger: Logger;
  /** a report at least this often while linked */
  intervalMs?: number;
  /** a change (a device found or lost) is reported after this quiet time */
  settleMs?: number;
}

/**
 * Tells the cloud the fleet's summary over the link (`/link/summary`): when the link comes up, every
 * `intervalMs` while it is up, and `settleMs` after a device is found or lost. Nothing is sent while unlinked.
 */
export class SummaryReporter {
  private timer: ReturnType<typeof setInterval> | undefined;
  private soonTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly intervalMs: number;
  private readonly settleMs: number;

  constructor(private readonly deps: SummaryReporterDeps) {
    this.intervalMs = deps.intervalMs ?? 60_000;
    this.settleMs = deps.settleMs ?? 2000;
  }

  start(): void {
    this.timer = setInterval(() => void this.report(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    if (this.soonTimer !== undefined) clearTimeout(this.soonTimer);
    this.timer = undefined;
    this.soonTimer = undefined;
  }

  /** A report after the quiet time (several changes in a row make one report). */
  soon(): void {
    if (this.timer === undefined || this.soonTimer !== undefined) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = undefined;
      void this.report();
    }, this.settleMs);
    this.soonTimer.unref();
  }

  async report(): Promise<void> {
    // building it reads the whole overview (sparklines too): not for a link that is down
    if (!this.deps.linked()) return;
    try {
      await this.deps.send(LINK_DESTINATIONS.summary, fleetSummary(this.deps.facts), 10_000);
    } catch (err) {
      this.deps.logger.warn({ err }, 'fleet summary not sent');
    }
  }
}
