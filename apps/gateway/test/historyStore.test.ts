import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceSample } from '@st/protocol';
import { createLogger } from '@st/server-kit';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../src/db/database';
import { SampleHistory } from '../src/services/samples/history';
import { DEFAULT_RETENTION } from '../src/services/samples/maintenance';

const logger = createLogger({ name: 'test', level: 'silent' });
const HOUR = 3600_000;
const FIVE = 300_000;
const INTERVAL = 30_000;
const dirs: string[] = [];
const dbs: Db[] = [];

function open(retention = DEFAULT_RETENTION): { db: Db; history: SampleHistory } {
  const dir = mkdtempSync(join(tmpdir(), 'st-history-'));
  dirs.push(dir);
  const db = openDatabase(dir, logger);
  dbs.push(db);
  return { db, history: new SampleHistory(db, { intervalMs: INTERVAL, retention }, logger) };
}

afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const start = Date.UTC(2026, 0, 1);

/** a series of rounds for one device: each round either a reading or a gap */
const rounds = fc.array(fc.option(fc.integer({ min: -40, max: 100 }), { nil: null, freq: 5 }), {
  minLength: 1,
  maxLength: 400,
});

function samples(ip: string, values: readonly (number | null)[], jitter: readonly number[]): DeviceSample[] {
  return values.map((v, i) => {
    const t = start + i * INTERVAL + (jitter[i % jitter.length] ?? 0);
    return v === null
      ? { ip, t, ok: false }
      : { ip, t, ok: true, sensors: { temp: v }, uptime: i * INTERVAL };
  });
}

function expected(list: DeviceSample[], step: number) {
  const buckets = new Map<number, number[]>();
  for (const s of list) {
    const v = s.sensors?.temp;
    if (typeof v !== 'number') continue;
    const b = s.t - (s.t % step);
    buckets.set(b, [...(buckets.get(b) ?? []), v]);
  }
  return [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, vs]) => ({
      t,
      min: Math.min(...vs),
      max: Math.max(...vs),
      avg: vs.reduce((a, b) => a + b, 0) / vs.length,
    }));
}

describe('history storage', () => {
  it('rollups (5 min, 1 h) equal min/avg/max computed from the raw samples', () => {
    fc.assert(
      fc.property(
        rounds,
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1 }),
        (values, jitter) => {
          const { db, history } = open();
          const list = samples('10.0.0.1', values, jitter);
          for (const s of list) history.record(s);
          history.store.flush();
          const end = start + values.length * INTERVAL + 2 * HOUR;
          history.maintenance.rollup(end);
          for (const [table, step] of [
            ['samples_5m', FIVE],
            ['samples_1h', HOUR],
          ] as const) {
            const rows = db
              .prepare(
                `SELECT t, min, avg, max FROM ${table} WHERE series = (SELECT id FROM sample_series WHERE name = 'temp') ORDER BY t`,
              )
              .all() as {
              t: number;
              min: number;
              avg: number;
              max: number;
            }[];
            const want = expected(list, step);
            expect(rows.map((r) => [r.t, r.min, r.max])).toEqual(want.map((w) => [w.t, w.min, w.max]));
            for (const [i, r] of rows.entries()) expect(r.avg).toBeCloseTo(want[i]?.avg ?? Number.NaN, 9);
          }
          // the history API reads the same buckets, gaps as null points
          const h = history.history('10.0.0.1', 'temp', start, end - HOUR, end);
          expect(h.resolution).toBe(values.length * INTERVAL > 1.2 * 1000 * INTERVAL ? '5m' : 'raw');
          db.close();
          dbs.pop();
        },
      ),
      { numRuns: 25 },
    );
  });

  it('answers a 30-day range from hourly rollups and a 24 h range from 5-minute ones', () => {
    const { history } = open();
    const now = start + 31 * 24 * HOUR;
    for (let t = now - 30 * 24 * HOUR; t < now; t += 2 * 60_000) {
      history.record({ ip: '10.0.0.2', t, ok: true, sensors: { temp: (t / 60_000) % 50 } });
    }
    history.store.flush();
    history.maintenance.rollup(now);
    const month = history.history('10.0.0.2', 'temp', now - 30 * 24 * HOUR, now, now);
    expect(month.resolution).toBe('1h');
    expect(month.points.length).toBeLessThanOrEqual(1000);
    expect(month.points.length).toBeGreaterThan(700);
    const day = history.history('10.0.0.2', 'temp', now - 24 * HOUR, now, now);
    expect(day.resolution).toBe('5m');
    expect(day.points.every((p) => p.v !== null && p.min !== null && p.max !== null)).toBe(true);
    const hour = history.history('10.0.0.2', 'temp', now - HOUR, now, now);
    expect(hour.resolution).toBe('raw');
    expect(hour.points.filter((p) => p.v !== null).length).toBe(30); // plus gap marks: 2 min apart > 2.5 × 30 s
  });

  it('deletes what retention no longer keeps, in small batches, never before the rollup read it', () => {
    const retention = { rawMs: 2 * HOUR, fiveMinMs: 6 * HOUR, hourMs: 24 * HOUR };
    const { db, history } = open(retention);
    const count = (table: string) =>
      (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const ips = Array.from({ length: 20 }, (_, i) => `10.0.1.${i + 1}`);
    const end = start + 48 * HOUR;
    for (let t = start; t < end; t += INTERVAL) {
      for (const ip of ips) history.record({ ip, t, ok: true, sensors: { temp: 1 }, uptime: t - start });
    }
    history.store.flush();
    // before any rollup, nothing may go: the rollups still need it
    expect(history.maintenance.prune(end).deleted).toBe(0);
    history.maintenance.rollup(end);
    let passes = 0;
    for (;;) {
      passes++;
      if (!history.maintenance.prune(end).more) break;
    }
    expect(passes).toBeGreaterThan(1); // a backlog is deleted over several passes of small batches
    const oldest = (table: string) =>
      (db.prepare(`SELECT min(t) AS t FROM ${table}`).get() as { t: number }).t;
    const cut = history.maintenance.cutoffs(end);
    expect(oldest('samples_raw')).toBeGreaterThanOrEqual(cut.samples_raw);
    expect(cut.samples_raw).toBeLessThanOrEqual(end - retention.rawMs);
    expect(oldest('samples_5m')).toBeGreaterThanOrEqual(end - retention.fiveMinMs);
    expect(oldest('samples_1h')).toBeGreaterThanOrEqual(end - retention.hourMs - HOUR);
    expect(count('samples_raw')).toBeGreaterThan(0);
    expect(count('samples_raw')).toBeLessThanOrEqual(ips.length * 2 * (retention.rawMs / INTERVAL + 20));
  });

  it('counts a reboot when uptime goes backwards, and keeps text sensors as changes only', () => {
    const { db, history } = open();
    const ip = '10.0.0.3';
    const up = [1000, 31_000, 61_000, 500, 30_500];
    const text = ['sunny', 'sunny', 'rain', 'rain', 'sunny'];
    up.forEach((u, i) => {
      history.record({
        ip,
        t: start + i * INTERVAL,
        ok: true,
        uptime: u,
        sensors: { forecast: text[i] ?? '' },
      });
    });
    history.store.flush();
    const reboots = db.prepare('SELECT t FROM device_reboots WHERE ip = ?').all(ip) as { t: number }[];
    expect(reboots.map((r) => r.t)).toEqual([start + 3 * INTERVAL]);
    const h = history.history(ip, 'forecast', start, start + 10 * INTERVAL, start + 10 * INTERVAL);
    expect(h.changes?.map((c) => c.v)).toEqual(['sunny', 'rain', 'sunny']);
  });
});
