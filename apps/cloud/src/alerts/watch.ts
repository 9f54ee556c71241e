import type { AlertChannel, AlertKind, AlertPayload } from '@st/protocol';
import {
  ALERT_RETRY_WINDOW_MS,
  type AlertDestinations,
  alertRetryDelayMs,
  type Logger,
  sendAlert,
  sendError,
} from '@st/server-kit';
import type { Presence } from '../link/presence';
import type { AlertStep, GatewayIncidents } from './incidents';
import type { CloudAlertStore } from './store';

export interface GatewayWatchOptions {
  /** how often every node looks at its users' gateways (default 5 s) */
  readonly checkMs?: number;
  /** first retry delay of a failed send (default 2 s, doubling) */
  readonly retryBaseMs?: number;
  /** where alerts may go (the cloud: public addresses and the operator's allow-list) */
  readonly destinations?: AlertDestinations;
}

/**
 * The idempotency key of an incident's alert: the incident row's id (unique per outage) and the step, so the
 * node that sends it and a node that takes it over after the first one died give the receiver the same key.
 */
export function alertKey(incidentId: string, step: AlertStep): string {
  return `incident/${incidentId}/${step}`;
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : `${Math.round(s / 3600)} h`;
}

/**
 * Gateway-offline alerts: every node checks presence on a timer and records when gateways were online; a
 * gateway offline longer than its owner's threshold gets an incident row, and only the node that inserted
 * that row sends the alert (and likewise for the return). A failed send is retried with backoff.
 */
export class GatewayWatch {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly retries = new Set<NodeJS.Timeout>();
  private stopped = true;

  constructor(
    private readonly store: CloudAlertStore,
    private readonly incidents: GatewayIncidents,
    private readonly presence: Presence,
    private readonly logger: Logger,
    private readonly opts: GatewayWatchOptions = {},
    /** whether a node is alive (its unsent alerts are taken over once it is not) */
    private readonly alive: (nodeId: string) => Promise<boolean> = async () => true,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.check()
        .catch((err: unknown) => this.logger.error({ err }, 'gateway watch failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, this.opts.checkMs ?? 5000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const t of this.retries) clearTimeout(t);
    this.retries.clear();
    await this.running;
  }

  /** One round (public for tests that drive it). */
  async check(now = new Date()): Promise<void> {
    const users = await this.store.watched();
    const ids = users.flatMap((u) => u.gateways.map((g) => g.id));
    const online = await this.presence.onlineOf(ids);
    await this.incidents.seen([...online], now);
    const offline = await this.incidents.offline(
      ids.filter((id) => !online.has(id)),
      now,
    );
    const open = await this.incidents.openOf([...online]);
    for (const user of users) {
      for (const g of user.gateways) {
        if (online.has(g.id)) {
          if (!open.has(g.id)) continue;
          const closed = await this.incidents.close(g.id, now);
          if (closed === undefined) continue;
          const text = `Gateway ${g.name} is back online after ${duration(now.getTime() - Date.parse(closed.openedAt))}`;
          this.send(
            user.settings.channels,
            this.payload('gateway-online', g, now, text, alertKey(closed.id, 'close')),
            () => this.incidents.markSent(closed.id, 'close', new Date()),
          );
          continue;
        }
        const down = offline.get(g.id);
        if (down === undefined) continue;
        const offlineMs = now.getTime() - Date.parse(down.since);
        if (offlineMs < user.settings.gatewayOfflineAfter * 1000) continue;
        const incident = await this.incidents.open(g.id, down.lastOnline, now);
        if (incident === undefined) continue;
        const text = `Gateway ${g.name} has been offline for ${duration(offlineMs)}`;
        this.send(
          user.settings.channels,
          this.payload('gateway-offline', g, now, text, alertKey(incident, 'open')),
          () => this.incidents.markSent(incident, 'open', new Date()),
        );
      }
    }
    await this.takeOverOrphans(users, ids, now);
  }

  /**
   * Alerts whose node died (kill -9, machine lost) or stopped before they went out: exactly one surviving node
   * takes each over (a conditional UPDATE of the incident row) and sends it.
   */
  private async takeOverOrphans(
    users: Awaited<ReturnType<CloudAlertStore['watched']>>,
    ids: readonly string[],
    now: Date,
  ): Promise<void> {
    for (const alert of await this.incidents.unsent(ids)) {
      if (await this.alive(alert.sender)) continue;
      if (!(await this.incidents.takeOver(alert))) continue;
      const user = users.find((u) => u.gateways.some((g) => g.id === alert.gatewayId));
      const g = user?.gateways.find((x) => x.id === alert.gatewayId);
      const done = () => this.incidents.markSent(alert.id, alert.step, new Date());
      if (!user || !g) {
        await done();
        continue;
      }
      const since = alert.step === 'open' ? alert.lastOnline : alert.openedAt;
      const text =
        alert.step === 'open'
          ? `Gateway ${g.name} has been offline for ${duration(now.getTime() - Date.parse(since))}`
          : `Gateway ${g.name} is back online after ${duration(Date.parse(alert.closedAt ?? '') - Date.parse(since))}`;
      this.logger.info({ incident: alert.id, step: alert.step, from: alert.sender }, 'alert taken over');
      const kind = alert.step === 'open' ? 'gateway-offline' : 'gateway-online';
      this.send(
        user.settings.channels,
        this.payload(kind, g, now, text, alertKey(alert.id, alert.step)),
        done,
      );
    }
  }

  private payload(
    kind: AlertKind,
    g: { id: string; name: string },
    at: Date,
    text: string,
    id: string,
  ): AlertPayload {
    return { id, kind, gateway: { id: g.id, name: g.name }, at: at.getTime(), text };
  }

  /**
   * Sends on every channel (retrying with backoff); `settled` runs once each channel has either delivered or
   * given up. A node stopping meanwhile never settles: the alert stays unsent and a surviving node sends it.
   * Also the sender of the cloud rollouts' alerts (rollouts/alerts.ts).
   */
  send(
    channels: readonly AlertChannel[],
    payload: AlertPayload,
    settled: () => Promise<void> = async () => undefined,
  ): void {
    const raisedAt = Date.now();
    const record = () =>
      void settled().catch((err: unknown) => this.logger.error({ err }, 'alert not recorded'));
    if (channels.length === 0) {
      record();
      return;
    }
    let pending = channels.length;
    const finished = () => {
      pending -= 1;
      if (pending === 0) record();
    };
    for (const channel of channels) {
      const attempt = (n: number) => {
        if (this.stopped) return;
        sendAlert(channel, payload, this.opts.destinations ? { destinations: this.opts.destinations } : {})
          .then(() => {
            this.logger.info({ kind: payload.kind, channel: channel.id, attempts: n }, 'alert sent');
            finished();
          })
          .catch((err: unknown) => {
            const delay = alertRetryDelayMs(n, this.opts.retryBaseMs);
            const reason = sendError(err);
            if (Date.now() + delay - raisedAt > ALERT_RETRY_WINDOW_MS || this.stopped) {
              this.logger.warn(
                { kind: payload.kind, channel: channel.id, reason, attempts: n },
                'alert gave up',
              );
              if (!this.stopped) finished();
              return;
            }
            this.logger.warn(
              { kind: payload.kind, channel: channel.id, reason, attempts: n },
              'alert failed, retrying',
            );
            const t = setTimeout(() => {
              this.retries.delete(t);
              attempt(n + 1);
            }, delay);
            t.unref();
            this.retries.add(t);
          });
      };
      attempt(1);
    }
  }
}
