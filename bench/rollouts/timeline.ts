// A finished rollout read back as times: each device's upload (the OTA task, invitation to back on the new
// version), each wave's span, its soak tail and the gap before the next wave, and the ideal they are held to.
import type { OtaTask, Rollout } from '@st/protocol';
import { percentile, round } from '../lib/figures';

export interface WaveFigures {
  readonly devices: number;
  readonly concurrency: number;
  /** first upload started to last upload over */
  readonly uploadSeconds: number;
  /** devices x mean upload time / min(concurrency, devices) */
  readonly idealUploadSeconds: number;
  /** last upload over to last device UPDATED (the soak is the floor) */
  readonly soakTailSeconds: number;
  /** last device UPDATED to the next wave's first upload (0 for the last wave) */
  readonly gateSeconds: number;
}

export interface UploadFigures {
  readonly count: number;
  readonly meanSeconds: number;
  readonly minSeconds: number;
  readonly p50Seconds: number;
  readonly p90Seconds: number;
  readonly p99Seconds: number;
  readonly maxSeconds: number;
}

export interface Timeline {
  readonly uploads: UploadFigures;
  readonly waves: WaveFigures[];
  /** sum over the waves of the ideal upload time, plus one soak per wave */
  readonly idealSeconds: number;
  /** the formula as written: all devices x mean upload time / concurrency + one soak per wave */
  readonly idealFlatSeconds: number;
}

const ms = (iso: string | undefined) => (iso === undefined ? Number.NaN : Date.parse(iso));

export function timeline(rollout: Rollout, tasks: readonly OtaTask[], soakMs: number): Timeline {
  const byTask = new Map(tasks.map((t) => [t.taskId, t]));
  const taskOf = (taskId: string | undefined) => (taskId === undefined ? undefined : byTask.get(taskId));
  const seconds = (t: OtaTask) => (ms(t.finishedAt) - ms(t.startedAt)) / 1000;
  const all = rollout.devices.flatMap((d) => {
    const t = taskOf(d.taskId);
    return t?.finishedAt ? [seconds(t)] : [];
  });
  const sorted = Float64Array.from(all).sort();
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  const soak = soakMs / 1000;
  const spans = rollout.waves.map((wave) => {
    const devices = rollout.devices.filter((d) => d.wave === wave.index && d.state !== 'SKIPPED');
    const own = devices.flatMap((d) => {
      const t = taskOf(d.taskId);
      return t ? [t] : [];
    });
    return {
      wave,
      devices: devices.length,
      firstStart: Math.min(...own.map((t) => ms(t.startedAt))),
      lastEnd: Math.max(...own.map((t) => ms(t.finishedAt))),
      lastUpdated: Math.max(...devices.map((d) => ms(d.updatedAt))),
    };
  });
  const waves = spans.map((s, i): WaveFigures => {
    const next = spans[i + 1];
    return {
      devices: s.devices,
      concurrency: s.wave.concurrency,
      uploadSeconds: round((s.lastEnd - s.firstStart) / 1000),
      idealUploadSeconds: round((s.devices * mean) / Math.min(s.wave.concurrency, s.devices)),
      soakTailSeconds: round((s.lastUpdated - s.lastEnd) / 1000),
      gateSeconds: next ? round((next.firstStart - s.lastUpdated) / 1000) : 0,
    };
  });
  const deviceCount = spans.reduce((a, s) => a + s.devices, 0);
  const concurrency = rollout.settings.concurrency;
  return {
    uploads: {
      count: all.length,
      meanSeconds: round(mean, 3),
      minSeconds: round(sorted[0] ?? Number.NaN, 3),
      p50Seconds: round(percentile(sorted, 50), 3),
      p90Seconds: round(percentile(sorted, 90), 3),
      p99Seconds: round(percentile(sorted, 99), 3),
      maxSeconds: round(sorted[sorted.length - 1] ?? Number.NaN, 3),
    },
    waves,
    idealSeconds: round(waves.reduce((a, w) => a + w.idealUploadSeconds, 0) + soak * waves.length),
    idealFlatSeconds: round((deviceCount * mean) / concurrency + soak * waves.length),
  };
}
