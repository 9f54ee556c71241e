// Sensor history storage on the gateway, with simulated time: 500 devices (3 numeric sensors, a text
// sensor, uptime and heap each) sampled every 30 s for 24 h, written, rolled up and pruned exactly as the
// gateway does (same SampleHistory, same SQLite file settings), but without waiting 24 h. Then one sensor
// with 30 days of history, queried over 30 days. Figures: CPU % of one core over the simulated day, database
// size, RSS, storage per device-sensor per day, and query p50/p99.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, SampleHistory } from '@st/gateway';
import type { DeviceSample } from '@st/protocol';
import { createLogger } from '@st/server-kit';
import { runIfMain } from '../lib/cli';
import { percentile, round } from '../lib/figures';

const DEVICES = 500;
const INTERVAL = 30_000;
const DAY = 24 * 3600_000;
/** simulated hours of the 500-device run (24 unless ST_BENCH_HISTORY_HOURS says; figures are scaled to a day) */
const HOURS = Number(process.env.ST_BENCH_HISTORY_HOURS ?? 24);
const SPAN = HOURS * 3600_000;
const MAINTENANCE_EVERY = 60_000;
const FLUSH_EVERY = 1000;
const START = Date.UTC(2026, 0, 1);
const RETENTION = { rawMs: 48 * 3600_000, fiveMinMs: 30 * DAY, hourMs: 730 * DAY };
const logger = createLogger({ name: 'bench', level: 'silent' });

function sampleOf(d: number, t: number): DeviceSample {
  const phase = (t / 3600_000 + d) / 3;
  return {
    ip: `10.${(d >> 8) & 255}.${d & 255}.1`,
    t,
    ok: (t / INTERVAL + d) % 997 !== 0, // now and then a device misses a round
    sensors: {
      temperature: Math.round(20 + 5 * Math.sin(phase)),
      humidity: Math.round(50 + 10 * Math.cos(phase)),
      pressure: 1000 + (d % 30),
      forecast: Math.sin(phase) > 0 ? 'sunny' : 'rain',
    },
    uptime: t - START + d * 1000,
    heap: 180_000 + ((t / INTERVAL) % 50) * 100,
  };
}

function dbBytes(dir: string): number {
  let total = 0;
  for (const f of ['gateway.sqlite', 'gateway.sqlite-wal']) {
    try {
      total += statSync(join(dir, f)).size;
    } catch {
      // absent
    }
  }
  return total;
}

/** 500 devices for one simulated day; the cost of storing it (all SQLite work on this thread) */
function simulateDay(dir: string) {
  const db = openDatabase(dir, logger);
  const history = new SampleHistory(db, { intervalMs: INTERVAL, retention: RETENTION }, logger);
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  let nextFlush = START + FLUSH_EVERY;
  let nextMaintenance = START + MAINTENANCE_EVERY;
  const spacing = INTERVAL / DEVICES;
  let samples = 0;
  for (let round = START; round < START + SPAN; round += INTERVAL) {
    for (let d = 0; d < DEVICES; d++) {
      const t = Math.round(round + d * spacing);
      history.record(sampleOf(d, t));
      samples++;
      if (t >= nextFlush) {
        history.store.flush();
        nextFlush += FLUSH_EVERY * Math.ceil((t - nextFlush + 1) / FLUSH_EVERY);
      }
      if (t >= nextMaintenance) {
        history.maintenance.rollup(t);
        history.maintenance.prune(t);
        nextMaintenance += MAINTENANCE_EVERY;
      }
    }
  }
  history.store.flush();
  const cpu = process.cpuUsage(cpu0);
  const wallMs = performance.now() - wall0;
  db.pragma('wal_checkpoint(TRUNCATE)');
  const count = (table: string) =>
    (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  const rows = {
    raw: count('samples_raw'),
    fiveMin: count('samples_5m'),
    hour: count('samples_1h'),
    text: count('samples_text'),
  };
  const pageSize = Number(db.pragma('page_size', { simple: true }));
  const tableBytes = (name: string) =>
    (db.prepare('SELECT sum(pgsize) AS b FROM dbstat WHERE name = ?').get(name) as { b: number | null }).b ??
    0;
  let perTable: { raw: number; fiveMin: number; hour: number } | undefined;
  try {
    perTable = {
      raw: tableBytes('samples_raw'),
      fiveMin: tableBytes('samples_5m'),
      hour: tableBytes('samples_1h'),
    };
  } catch {
    perTable = undefined; // SQLite built without dbstat
  }
  db.close();
  const series = DEVICES * 5; // 3 numeric sensors + uptime + heap
  const bytes = dbBytes(dir);
  return {
    samples,
    wallSeconds: round(wallMs / 1000),
    simulatedHours: HOURS,
    cpuPercentOfOneCore: round(((cpu.user + cpu.system) / 1000 / SPAN) * 100, 4),
    cpuSecondsPerDay: round(((cpu.user + cpu.system) / 1e6) * (DAY / SPAN)),
    databaseMiB: round(bytes / 2 ** 20),
    rssMiB: round(process.memoryUsage().rss / 2 ** 20),
    rows,
    pageSize,
    databaseMiBPerDay: round((bytes / 2 ** 20) * (DAY / SPAN)),
    bytesPerDeviceSensorDay: round((bytes / series) * (DAY / SPAN)),
    rawBytesPerDeviceSensorDay: perTable ? round((perTable.raw / series) * (DAY / SPAN)) : null,
    rollupBytesPerDeviceSensorDay: perTable
      ? round(((perTable.fiveMin + perTable.hour) / series) * (DAY / SPAN))
      : null,
  };
}

/** one sensor with 30 days of samples (10 devices to have neighbours), queried over 30 days */
function query30Days(dir: string) {
  const db = openDatabase(dir, logger);
  const history = new SampleHistory(db, { intervalMs: INTERVAL, retention: RETENTION }, logger);
  const end = START + 30 * DAY;
  // one sample every 2 min (the 30-day query reads hourly rollups, whose size does not depend on it)
  for (let t = START; t < end; t += 4 * INTERVAL) {
    for (let d = 0; d < 10; d++) history.record(sampleOf(d, t + d));
    if (t % (3600_000 * 6) === 0) {
      history.store.flush();
      history.maintenance.rollup(t);
      history.maintenance.prune(t);
    }
  }
  history.store.flush();
  history.maintenance.rollup(end);
  history.maintenance.prune(end);
  const times: number[] = [];
  let points = 0;
  let resolution = '';
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    const h = history.history('10.0.3.1', 'temperature', end - 30 * DAY, end, end);
    times.push(performance.now() - t0);
    points = h.points.length;
    resolution = h.resolution;
  }
  const day = history.history('10.0.3.1', 'temperature', end - DAY, end, end);
  db.close();
  times.sort((a, b) => a - b);
  return {
    points,
    resolution,
    p50Ms: round(percentile(times, 50), 3),
    p99Ms: round(percentile(times, 99), 3),
    day: { points: day.points.length, resolution: day.resolution },
  };
}

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'st-bench-history-'));
  try {
    const day = simulateDay(join(dir, 'day'));
    console.log(`500 devices x ${HOURS} h`, day);
    const query = query30Days(join(dir, 'month'));
    console.log('30-day query', query);
    return { day500: day, query30d: query };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, async () => {
  console.log(await run());
});
