/** What the detector needs of a sampler's sample (DeviceSample of the sensor sampler). */
export interface UptimeSample {
  readonly ip: string;
  readonly t: number;
  readonly ok: boolean;
  readonly uptime?: number | undefined;
  readonly resetReason?: string | undefined;
}

export interface Reboot {
  readonly ip: string;
  /** when the device booted (sample time minus its uptime) */
  readonly bootedAt: number;
  readonly uptime: number;
  readonly resetReason?: string | undefined;
}

/**
 * Infers reboots from the uptime a device reports: an uptime smaller than the last one seen means the
 * device restarted in between. The first sample of a device only sets the baseline.
 */
export class RebootDetector {
  private readonly last = new Map<string, number>();

  observe(s: UptimeSample): Reboot | undefined {
    if (!s.ok || s.uptime === undefined) return undefined;
    const before = this.last.get(s.ip);
    this.last.set(s.ip, s.uptime);
    if (before === undefined || s.uptime >= before) return undefined;
    return { ip: s.ip, bootedAt: s.t - s.uptime, uptime: s.uptime, resetReason: s.resetReason };
  }

  forget(ip: string): void {
    this.last.delete(ip);
  }
}
