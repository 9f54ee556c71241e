import type { DeviceSample, Metrics } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { freshness, metricsAfter, sensorsAfter } from './liveSample';

const metrics: Metrics = {
  uptime: 1000,
  heap: { free: 200_000, size: 327_680 },
  resetReason: 'ESP_RST_POWERON',
  counts: { sensors: 2 },
};
const sample = (over: Partial<DeviceSample>): DeviceSample => ({
  ip: '10.0.0.5',
  t: 5000,
  ok: true,
  ...over,
});

describe('live samples in the device panel', () => {
  it('a sample replaces the sensor values; one without sensors, or a missed round, keeps them', () => {
    expect(sensorsAfter({ led: 0, light: 300 }, sample({ sensors: { led: 1, light: 310 } }))).toEqual({
      led: 1,
      light: 310,
    });
    expect(sensorsAfter({ led: 0 }, sample({}))).toEqual({ led: 0 });
    expect(sensorsAfter({ led: 0 }, sample({ ok: false }))).toEqual({ led: 0 });
    expect(sensorsAfter(undefined, sample({ sensors: { led: 1 } }))).toEqual({ led: 1 });
  });

  it('a sample updates uptime, free heap and reset reason and keeps what it does not carry', () => {
    expect(metricsAfter(metrics, sample({ uptime: 4000, heap: 190_000, resetReason: 'ESP_RST_SW' }))).toEqual(
      {
        uptime: 4000,
        heap: { free: 190_000, size: 327_680 },
        resetReason: 'ESP_RST_SW',
        counts: { sensors: 2 },
      },
    );
    // the device answered sensors but not metrics; a missed round; nothing read yet
    expect(metricsAfter(metrics, sample({ sensors: { led: 1 } }))).toBe(metrics);
    expect(metricsAfter(metrics, sample({ ok: false }))).toBe(metrics);
    expect(metricsAfter(undefined, sample({ uptime: 4000, heap: 1 }))).toBeUndefined();
  });

  it('a missed round shows only while it is newer than the values', () => {
    expect(freshness(2000, undefined)).toEqual({ updatedAt: 2000, missedAt: undefined });
    expect(freshness(2000, 3000)).toEqual({ updatedAt: 2000, missedAt: 3000 });
    expect(freshness(4000, 3000)).toEqual({ updatedAt: 4000, missedAt: undefined });
    // nothing read yet (react-query reports 0)
    expect(freshness(0, 3000)).toEqual({ updatedAt: undefined, missedAt: 3000 });
    expect(freshness(0, undefined)).toEqual({ updatedAt: undefined, missedAt: undefined });
  });
});
