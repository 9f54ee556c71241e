import {
  buildDeviceHttpRequest,
  type DeviceRestartState,
  MetricsSchema,
  type RestartCause,
} from '@st/protocol';
import type { Logger } from 'pino';
import type { DeviceClient } from './deviceClient';

/** What made a device restart on purpose (the protocol's RestartCause). */
export type { RestartCause };

const RESTART_CAUSES: ReadonlySet<string> = new Set<RestartCause>([
  'importSettings',
  'restart',
  'wipe',
  'ota',
]);

export function isRestartCause(value: string): value is RestartCause {
  return RESTART_CAUSES.has(value);
}

export interface RestartEpisode {
  readonly ip: string;
  readonly cause: RestartCause;
  /** epoch ms when the device was told (or confirmed) it restarts */
  readonly since: number;
}

export interface RestartEvents {
  restarting(episode: RestartEpisode): void;
  /** the device answers again, having booted after `since` */
  returned(episode: RestartEpisode, backAfterMs: number): void;
  /** the window passed without the device coming back: from now on it is treated as any silent device */
  overdue(episode: RestartEpisode): void;
}

/** What a probe learnt: the uptime the device reports, or only that it answered, or nothing (silent). */
export type RestartProbe = (ip: string) => Promise<{ uptimeMs?: number } | undefined>;

export interface RestartsOptions {
  /** how long a device may take to come back before it counts as lost */
  readonly windowMs: number;
  /** how often a restarting device is asked whether it is back, beacons or not (saved devices may send none) */
  readonly pollMs?: number;
}

interface Episode extends RestartEpisode {
  timer: NodeJS.Timeout;
  poller?: NodeJS.Timeout;
  probing: boolean;
  /** a probe found it silent since `since` */
  wentAway: boolean;
}

/**
 * Devices restarting on purpose (device-protocol.md §11.2, §11.12): after `importSettings`, `restart`, `wipe`
 * or a confirmed OTA image a device is silent for a while. For at most `windowMs` it stays known as
 * restarting: discovery keeps it (no lost, so no offline alert, Home Assistant unavailability or lost/found
 * timeline pair), and commands to it answer 503 DEVICE_RESTARTING. It is back once it answers having booted
 * after the restart began (its `/metrics` uptime, asked on each beacon and every `pollMs` for a device whose
 * beacons do not reach the gateway); past the window it is dropped here and discovery loses it like any
 * silent device.
 */
export class Restarts {
  private readonly episodes = new Map<string, Episode>();

  constructor(
    private readonly opts: RestartsOptions,
    private readonly probe: RestartProbe,
    private readonly events: RestartEvents,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Holds the device as restarting while a command that restarts it runs (an import's freeze, an OTA
   * transfer), before it is known whether it will: `begin` then confirms, `cancel` lets it go.
   */
  hold(ip: string, cause: RestartCause): void {
    this.open(ip, cause);
  }

  /** The device restarts now: held (or newly held) as restarting for `windowMs` from now, and announced. */
  begin(ip: string, cause: RestartCause): void {
    const e = this.episodes.get(ip) ?? this.open(ip, cause);
    clearTimeout(e.timer);
    e.timer = this.timer(ip, e.since);
    if (e.poller === undefined) {
      e.poller = setInterval(() => this.seen(ip), this.opts.pollMs ?? 1000);
      e.poller.unref();
    }
    this.logger.info({ device: ip, cause }, 'device restarting');
    this.events.restarting(this.publicOf(e));
  }

  /** The command did not restart the device after all. */
  cancel(ip: string): void {
    const e = this.episodes.get(ip);
    if (!e) return;
    this.close(e);
  }

  /** The device's restart under way, if any. */
  get(ip: string): RestartEpisode | undefined {
    const e = this.episodes.get(ip);
    return e ? this.publicOf(e) : undefined;
  }

  /** A beacon from `ip` (or a poll tick): while it restarts, ask whether it has booted since. */
  seen(ip: string): void {
    const e = this.episodes.get(ip);
    if (!e || e.probing) return;
    e.probing = true;
    this.probe(ip)
      .then((answer) => {
        e.probing = false;
        if (this.episodes.get(ip) !== e) return;
        if (answer === undefined) {
          e.wentAway = true;
          return;
        }
        const answeredAt = this.now();
        const booted = answer.uptimeMs !== undefined ? answeredAt - answer.uptimeMs >= e.since : e.wentAway;
        if (booted) this.returned(ip);
      })
      .catch((err: unknown) => {
        e.probing = false;
        this.logger.warn({ err, device: ip }, 'restart probe failed');
      });
  }

  /** The device is known to be back (a beacon's probe, or the OTA job that waited for it). */
  returned(ip: string): void {
    const e = this.episodes.get(ip);
    if (!e) return;
    this.close(e);
    const backAfterMs = this.now() - e.since;
    this.logger.info({ device: ip, cause: e.cause, backAfterMs }, 'device back after restarting');
    this.events.returned(this.publicOf(e), backAfterMs);
  }

  stop(): void {
    for (const e of [...this.episodes.values()]) this.close(e);
  }

  private close(e: Episode): void {
    clearTimeout(e.timer);
    if (e.poller !== undefined) clearInterval(e.poller);
    if (this.episodes.get(e.ip) === e) this.episodes.delete(e.ip);
  }

  private open(ip: string, cause: RestartCause): Episode {
    const previous = this.episodes.get(ip);
    if (previous) this.close(previous);
    const since = this.now();
    const episode: Episode = {
      ip,
      cause,
      since,
      timer: this.timer(ip, since),
      probing: false,
      wentAway: false,
    };
    this.episodes.set(ip, episode);
    return episode;
  }

  private timer(ip: string, since: number): NodeJS.Timeout {
    const timer = setTimeout(() => this.expire(ip, since), this.opts.windowMs);
    timer.unref();
    return timer;
  }

  private expire(ip: string, since: number): void {
    const e = this.episodes.get(ip);
    if (!e || e.since !== since) return;
    this.close(e);
    this.logger.warn({ device: ip, cause: e.cause }, 'device did not come back after restarting');
    this.events.overdue(this.publicOf(e));
  }

  private publicOf(e: Episode): RestartEpisode {
    return { ip: e.ip, cause: e.cause, since: e.since };
  }
}

/** Asks a device's `/metrics` for its uptime; silence is undefined, an answer without uptime `{}`. */
export function metricsRestartProbe(client: DeviceClient, timeoutMs: number): RestartProbe {
  return async (ip) => {
    try {
      const answer = await client.call(ip, buildDeviceHttpRequest('getMetrics', {}), timeoutMs);
      if (answer.status !== 200) return {};
      let body: unknown;
      try {
        body = JSON.parse(answer.body.toString('utf8'));
      } catch {
        return {};
      }
      const metrics = MetricsSchema.safeParse(body);
      return metrics.success ? { uptimeMs: metrics.data.uptime } : {};
    } catch {
      return undefined;
    }
  };
}

/** The `/devices/restarting` message of an episode that starts, ends with the device back, or runs out. */
export function restartState(e: RestartEpisode, phase: 'start' | 'back' | 'overdue'): DeviceRestartState {
  return phase === 'start'
    ? { ip: e.ip, restarting: true, cause: e.cause, since: e.since }
    : { ip: e.ip, restarting: false, back: phase === 'back' };
}

/** A device list with `restarting: true` on each device the gateway holds as restarting. */
export function markRestarting<T extends { readonly ip: string }>(
  list: readonly T[],
  holds: (ip: string) => boolean,
): Array<T & { restarting?: true }> {
  return list.map((d) => (holds(d.ip) ? { ...d, restarting: true as const } : d));
}
