import type { DeviceSample, Metrics, Sensors } from '@st/protocol';

// How a live sample of the gateway's sampler (the `/devices/samples` topic) updates what an open panel tab
// shows. A sample of a device that did not answer (`ok: false`) changes no value: the tab keeps the last
// values and says when the device failed to answer.

/** The sensors tab's values after `sample` (unchanged when the sample carries none). */
export function sensorsAfter(current: Sensors | undefined, sample: DeviceSample): Sensors | undefined {
  if (!sample.ok || sample.sensors === undefined) return current;
  return sample.sensors;
}

/**
 * The metrics tab's values after `sample`: a sample holds uptime, free heap and reset reason only, so the
 * rest (heap size, counts) stays as the device last reported it; nothing to update before a first read.
 */
export function metricsAfter(current: Metrics | undefined, sample: DeviceSample): Metrics | undefined {
  if (!sample.ok || current === undefined || sample.uptime === undefined) return current;
  return {
    ...current,
    uptime: sample.uptime,
    heap: sample.heap === undefined ? current.heap : { ...current.heap, free: sample.heap },
    resetReason: sample.resetReason ?? current.resetReason,
  };
}

/** What the "last updated" line says: values as of `updatedAt`, and a later round the device missed. */
export interface Freshness {
  updatedAt: number | undefined;
  /** time of the latest sample the device did not answer, when it is newer than the values */
  missedAt: number | undefined;
}

export function freshness(updatedAt: number, lastMissed: number | undefined): Freshness {
  const at = updatedAt > 0 ? updatedAt : undefined;
  const missedAt = lastMissed !== undefined && (at === undefined || lastMissed > at) ? lastMissed : undefined;
  return { updatedAt: at, missedAt };
}
