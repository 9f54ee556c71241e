import {
  type AlertChannel,
  AlertDeliveryStatus,
  AlertDestinationType,
  type AlertHistoryPage,
  type AlertHistoryQuery,
  AlertPayload,
} from '@st/protocol';
import {
  ALERT_RETRY_WINDOW_MS,
  type AlertDestinations,
  alertRetryDelayMs,
  sendAlert,
  sendError,
} from '@st/server-kit';
import type { Logger } from 'pino';
import type { Db } from '../../db/database';
import type { NewTimelineEntry } from '../timeline/timelineStore';

export interface OutboxTimings {
  /** how often due rows are looked for */
  readonly pollMs: number;
  /** first retry delay; doubles per attempt up to maxDelayMs */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** how long after an alert was raised it is still retried */
  readonly retryWindowMs: number;
}

/** Finished rows (sent, failed, dropped, none) kept as the alert history; older ones are deleted. */
export const ALERT_HISTORY_MAX = 10_000;

export const OUTBOX_DEFAULTS: OutboxTimings = {
  pollMs: 1000,
  retryBaseMs: 2000,
  retryMaxMs: 120_000,
  retryWindowMs: ALERT_RETRY_WINDOW_MS,
};

interface Row {
  id: number;
  channel_id: string;
  ip: string | null;
  payload: string;
  attempts: number;
  created_at: number;
}

export interface OutboxDeps {
  readonly db: Db;
  readonly channel: (id: string) => AlertChannel | undefined;
  /** where alerts may go (sendAlert's policy) */
  readonly destinations?: AlertDestinations;
  readonly timeline: (entry: NewTimelineEntry) => void;
  readonly logger: Logger;
  readonly timings?: Partial<OutboxTimings>;
  readonly now?: () => number;
  /** finished rows kept (ALERT_HISTORY_MAX) */
  readonly historyMax?: number;
}

interface HistoryRow {
  id: number;
  channel_id: string;
  channel_type: string | null;
  payload: string;
  status: string;
  attempts: number;
  created_at: number;
  done_at: number | null;
  last_error: string | null;
}

/**
 * Durable alerts: each alert is a row per channel before anything is sent; a sender delivers due rows,
 * retrying with backoff for the retry window, and writes each outcome on the device's timeline. A restart
 * resumes the pending rows. The rows are also the alert history (an alert raised with no channel is one row
 * `none`): the newest `historyMax` finished rows are kept.
 */
export class AlertOutbox {
  private readonly t: OutboxTimings;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly deps: OutboxDeps) {
    this.t = { ...OUTBOX_DEFAULTS, ...deps.timings };
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    this.stopped = false;
    this.prune();
    this.timer = setInterval(() => this.kick(), this.t.pollMs);
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Queues one alert on each channel; delivery starts at once. */
  enqueue(payload: AlertPayload, channels: readonly AlertChannel[]): void {
    const now = this.now();
    const insert = this.deps.db.prepare(
      `INSERT INTO alert_outbox (channel_id, channel_type, ip, kind, payload, status, attempts, created_at, next_at, done_at)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
    );
    const ip = payload.device?.ip ?? null;
    const body = JSON.stringify(payload);
    this.deps.db.transaction(() => {
      // no channel: the history still says it fired, and that it went nowhere
      if (channels.length === 0) insert.run('', null, ip, payload.kind, body, 'none', now, now, now);
      for (const c of channels) insert.run(c.id, c.type, ip, payload.kind, body, 'pending', now, now, null);
    })();
    this.prune();
    if (channels.length > 0) this.kick();
  }

  /** The alert history, newest first: what fired, when, where it went and how that went. */
  history(q: AlertHistoryQuery): AlertHistoryPage {
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (q.ip !== undefined) {
      where.push('ip = ?');
      args.push(q.ip);
    }
    if (q.kind !== undefined) {
      where.push('kind = ?');
      args.push(q.kind);
    }
    if (q.before !== undefined) {
      where.push('id < ?');
      args.push(q.before);
    }
    const rows = this.deps.db
      .prepare<(string | number)[], HistoryRow>(
        `SELECT id, channel_id, channel_type, payload, status, attempts, created_at, done_at, last_error
         FROM alert_outbox ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`,
      )
      .all(...args, q.limit + 1);
    const page = rows.slice(0, q.limit);
    const entries = page.flatMap((r) => {
      const parsed = AlertPayload.safeParse({ id: `outbox/${r.id}`, ...JSON.parse(r.payload) });
      if (!parsed.success) return [];
      const p = parsed.data;
      const status = AlertDeliveryStatus.catch('dropped').parse(r.status);
      const type = AlertDestinationType.safeParse(r.channel_type);
      return [
        {
          id: r.id,
          at: r.created_at,
          kind: p.kind,
          text: p.text,
          ...(p.device ? { device: p.device } : {}),
          ...(status === 'none'
            ? {}
            : {
                channel: {
                  id: r.channel_id,
                  ...(type.success ? { type: type.data } : {}),
                },
              }),
          status,
          attempts: r.attempts,
          ...(r.last_error === null ? {} : { error: r.last_error }),
          ...(r.done_at === null ? {} : { doneAt: r.done_at }),
        },
      ];
    });
    const last = page.at(-1);
    return { entries, ...(rows.length > q.limit && last ? { next: last.id } : {}) };
  }

  /** Keeps the newest `historyMax` finished rows (pending ones always stay). */
  private prune(): void {
    const keep = this.deps.historyMax ?? ALERT_HISTORY_MAX;
    this.deps.db
      .prepare(
        `DELETE FROM alert_outbox WHERE status != 'pending' AND id <= (
           SELECT id FROM alert_outbox WHERE status != 'pending' ORDER BY id DESC LIMIT 1 OFFSET ?)`,
      )
      .run(keep);
  }

  /** Pending rows (for tests and diagnostics). */
  pending(): number {
    const row = this.deps.db
      .prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM alert_outbox WHERE status = 'pending'")
      .get();
    return row?.n ?? 0;
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.deps.logger.error({ err }, 'alert outbox failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    const due = this.deps.db
      .prepare<[number], Row>(
        `SELECT id, channel_id, ip, payload, attempts, created_at FROM alert_outbox
         WHERE status = 'pending' AND next_at <= ? ORDER BY id LIMIT 50`,
      )
      .all(this.now());
    await Promise.all(due.map((row) => this.deliver(row)));
  }

  private async deliver(row: Row): Promise<void> {
    const stored: Omit<AlertPayload, 'id'> & { id?: string } = JSON.parse(row.payload);
    // Rows queued before alerts had an id get one from the row: still the same on each retry.
    const payload: AlertPayload = { ...stored, id: stored.id ?? `outbox/${row.id}` };
    const channel = this.deps.channel(row.channel_id);
    const label = `${payload.kind} alert via ${channel?.type ?? 'channel'} "${row.channel_id}"`;
    if (!channel) {
      this.finish(row.id, 'dropped', 'channel removed');
      return;
    }
    const attempt = row.attempts + 1;
    try {
      await sendAlert(
        channel,
        payload,
        this.deps.destinations ? { destinations: this.deps.destinations } : {},
      );
      this.finish(row.id, 'sent', null, attempt);
      this.note(row, `${label} sent${attempt > 1 ? ` after ${attempt} attempts` : ''}`, {
        alert: payload.kind,
        channel: row.channel_id,
        outcome: 'sent',
        attempts: attempt,
      });
    } catch (err) {
      const reason = sendError(err);
      const now = this.now();
      const delay = alertRetryDelayMs(attempt, this.t.retryBaseMs, this.t.retryMaxMs);
      const giveUp = now + delay - row.created_at > this.t.retryWindowMs;
      this.deps.logger.warn({ channel: row.channel_id, attempt, reason }, 'alert send failed');
      if (giveUp) {
        this.finish(row.id, 'failed', reason, attempt);
        this.note(row, `${label} failed after ${attempt} attempts: ${reason}`, {
          alert: payload.kind,
          channel: row.channel_id,
          outcome: 'failed',
          attempts: attempt,
          error: reason,
        });
        return;
      }
      this.deps.db
        .prepare('UPDATE alert_outbox SET attempts = ?, next_at = ?, last_error = ? WHERE id = ?')
        .run(attempt, now + delay, reason, row.id);
      this.note(row, `${label} failed (${reason}); retry ${attempt + 1} in ${Math.round(delay / 1000)} s`, {
        alert: payload.kind,
        channel: row.channel_id,
        outcome: 'retrying',
        attempts: attempt,
        error: reason,
      });
    }
  }

  private finish(id: number, status: string, error: string | null, attempts?: number): void {
    this.deps.db
      .prepare(
        'UPDATE alert_outbox SET status = ?, last_error = ?, attempts = COALESCE(?, attempts), done_at = ? WHERE id = ?',
      )
      .run(status, error, attempts ?? null, this.now(), id);
  }

  private note(row: Row, text: string, details: Record<string, unknown>): void {
    if (row.ip === null) return;
    this.deps.timeline({ ip: row.ip, t: this.now(), kind: 'alert', text, details });
  }
}
