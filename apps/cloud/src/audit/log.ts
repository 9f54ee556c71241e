import { randomUUID } from 'node:crypto';
import { type AuditAction, AuditEntry, type AuditQuery } from '@st/protocol';
import type { Logger } from '@st/server-kit';
import type { CloudDb } from '../db/connect';

/** What a caller records; the log adds id and time. */
export interface AuditRecord {
  action: AuditAction;
  actorId?: string | null;
  actor?: string | null;
  gatewayId?: string | null;
  device?: string | null;
  command?: string | null;
  detail?: string | null;
  outcome: string;
  durationMs?: number | null;
  address?: string | null;
}

export interface AuditScope {
  /** admins see everything; others only the gateways listed */
  all: boolean;
  gatewayIds: string[];
}

const BATCH = 200;

interface Queued {
  row: AuditRecord & { id: string; at: string };
  written: () => void;
  failed: (err: unknown) => void;
}

/**
 * The audit trail. `record` resolves once the row is in the database, and a route answers only after that:
 * an acknowledged write always has its row, whatever happens to the node next (kill -9 included). Rows are
 * group-committed: while one INSERT runs, the rows recorded meanwhile wait and go together in the next one (up
 * to 200), so a busy node writes few statements. Rows older than the retention are pruned.
 */
export class AuditLog {
  private queue: Queued[] = [];
  private writing = false;
  private idle: Promise<void> = Promise.resolve();
  private markIdle: () => void = () => {};
  private pruneTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: CloudDb,
    private readonly logger: Logger,
    private readonly opts: { retentionDays: number; pruneEveryMs: number },
  ) {}

  start(): void {
    this.pruneTimer = setInterval(() => void this.prune().catch(this.logError), this.opts.pruneEveryMs);
    this.pruneTimer.unref();
    void this.prune().catch(this.logError);
  }

  /** Waits for the rows recorded so far. */
  async stop(): Promise<void> {
    clearInterval(this.pruneTimer);
    await this.flush();
  }

  /** Resolves when the row is written; rejects (and logs) when the database refused it. */
  record(r: AuditRecord): Promise<void> {
    return new Promise<void>((written, failed) => {
      this.queue.push({ row: { ...r, id: randomUUID(), at: new Date().toISOString() }, written, failed });
      if (!this.writing) void this.writeQueued();
    });
  }

  /** `record` for what a signed-in user did to their own account or as an admin, from `address`. */
  recordBy(
    who: { userId: string; login: string },
    address: string,
    r: Omit<AuditRecord, 'actorId' | 'actor' | 'address'>,
  ): Promise<void> {
    return this.record({ ...r, actorId: who.userId, actor: who.login, address });
  }

  /** Resolves when every row recorded before the call is written (or has failed). */
  flush(): Promise<void> {
    return this.writing ? this.idle : Promise.resolve();
  }

  /** One writer at a time, so rows stay in order. */
  private async writeQueued(): Promise<void> {
    this.writing = true;
    this.idle = new Promise((r) => {
      this.markIdle = r;
    });
    // rows recorded in the same tick share the first statement
    await new Promise((r) => setImmediate(r));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH);
      try {
        await this.insert(batch.map((q) => q.row));
        for (const q of batch) q.written();
      } catch (err) {
        this.logError(err);
        for (const q of batch) q.failed(err);
      }
    }
    this.writing = false;
    this.markIdle();
  }

  private async insert(rows: Array<AuditRecord & { id: string; at: string }>): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values(
        rows.map((r) => ({
          id: r.id,
          at: r.at,
          action: r.action,
          actor_id: r.actorId ?? null,
          actor: r.actor ?? null,
          gateway_id: r.gatewayId ?? null,
          device: r.device ?? null,
          command: r.command ?? null,
          detail: r.detail ?? null,
          outcome: r.outcome,
          duration_ms: r.durationMs === undefined || r.durationMs === null ? null : Math.round(r.durationMs),
          address: r.address ?? null,
        })),
      )
      .execute();
  }

  async prune(): Promise<number> {
    const cutoff = new Date(Date.now() - this.opts.retentionDays * 86_400_000).toISOString();
    const res = await this.db.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Newest first. Rows being written are waited for, so a read sees every row recorded before it. */
  async query(q: AuditQuery, scope: AuditScope): Promise<AuditEntry[]> {
    await this.flush();
    if (!scope.all && scope.gatewayIds.length === 0) return [];
    let sel = this.db.selectFrom('audit_log').selectAll();
    if (!scope.all) sel = sel.where('gateway_id', 'in', scope.gatewayIds);
    if (q.gatewayId) sel = sel.where('gateway_id', '=', q.gatewayId);
    if (q.from !== undefined) sel = sel.where('at', '>=', new Date(q.from).toISOString());
    if (q.to !== undefined) sel = sel.where('at', '<=', new Date(q.to).toISOString());
    if (q.action) sel = sel.where('action', '=', q.action);
    if (q.actor) sel = sel.where('actor', '=', q.actor);
    const rows = await sel.orderBy('at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
    return rows.map((r) =>
      AuditEntry.parse({
        id: r.id,
        at: r.at,
        action: r.action,
        actor: r.actor,
        gatewayId: r.gateway_id,
        device: r.device,
        command: r.command,
        detail: r.detail,
        outcome: r.outcome,
        durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
        address: r.address,
      }),
    );
  }

  private readonly logError = (err: unknown) => this.logger.error({ err }, 'audit write failed');
}

const CSV_COLUMNS = [
  'at',
  'action',
  'actor',
  'gatewayId',
  'device',
  'command',
  'detail',
  'outcome',
  'durationMs',
  'address',
] as const;

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with a quote. */
export function auditCsv(entries: AuditEntry[]): string {
  const cell = (v: unknown) => {
    let s = v === null || v === undefined ? '' : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of entries) lines.push(CSV_COLUMNS.map((c) => cell(e[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
