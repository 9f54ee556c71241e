import { BackupOverview, BackupRestoreManyResult, BackupRunResult, SettingsDumpRecord } from '@st/protocol';
import { loopbackBlock, waitFor } from '@st/testkit';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { http } from './helpers';
import { startGatewayWithDevices } from './support/harness';

// Backups beyond one device at a time: "Restore all" imports several devices at once, never more than the
// gateway's limit (counted at the devices: simulated devices blocked in their import), and the first
// scheduled backup runs soon after the gateway first starts, not a whole interval later.

const Dumps = z.array(SettingsDumpRecord);
const LIMIT = 3;
const DEVICES = 7;

describe('backups in parallel', () => {
  it('restore-all imports at most the limit of devices at once, all of them in the end', async () => {
    const env = await startGatewayWithDevices({
      gateway: { backupRestoreConcurrency: LIMIT, lostAfterMs: 60_000 },
      devices: [
        {
          ips: loopbackBlock(DEVICES),
          kinds: ['lamp'],
          logRate: 0,
          beaconIntervalMs: 200,
          // an import blocks its device 600 ms before it reboots (back at once)
          importRebootDelayMs: 600,
          rebootMs: 0,
        },
      ],
    });
    try {
      const base = env.gw.base;
      const sims = env.sims[0]?.devices ?? [];
      const run = BackupRunResult.parse((await http(base, 'POST', '/api/backups/run')).body);
      expect(run).toEqual({ backedUp: DEVICES, unchanged: 0, failed: [] });
      const items = [];
      for (const d of sims) {
        const v = Dumps.parse((await http(base, 'GET', `/api/backups/versions?ip=${d.address}`)).body);
        // a run a user started is labelled so, not 'schedule'
        expect(v.map((x) => x.source)).toEqual(['run']);
        items.push({ id: v[0]?.id ?? '', ip: d.address });
      }

      // the devices blocked in an import at once, sampled while the restore runs
      let most = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          most = Math.max(most, sims.filter((d) => d.state.rebooting).length);
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      const res = await http(base, 'POST', '/api/backups/restore-all', { items });
      sampling = false;
      await sampler;
      expect(res.status).toBe(200);
      const { results } = BackupRestoreManyResult.parse(res.body);
      expect(results.map((r) => [r.ip, r.ok])).toEqual(items.map((i) => [i.ip, true]));
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(LIMIT);
      // every device restarted from its import
      await waitFor(() => sims.every((d) => d.state.bootCount >= 2), { what: 'all devices rebooted' });

      const tooMany = await http(base, 'POST', '/api/backups/restore-all', { items: [] });
      expect(tooMany.status).toBe(400);
    } finally {
      await env.stop();
    }
  }, 60_000);

  it('the first scheduled backup runs soon after the gateway first starts', async () => {
    const env = await startGatewayWithDevices({
      // the daily schedule is on by default; its first run comes this soon after start
      gateway: { backupFirstRunDelayMs: 1500, lostAfterMs: 60_000 },
      devices: [{ ips: loopbackBlock(2), kinds: ['lamp'], logRate: 0, beaconIntervalMs: 200 }],
    });
    try {
      const base = env.gw.base;
      const overview = async () => BackupOverview.parse((await http(base, 'GET', '/api/backups')).body);
      expect((await overview()).schedule.every).toBe(86_400);
      await waitFor(async () => (await overview()).lastRun !== null, {
        what: 'first scheduled run',
        timeoutMs: 15_000,
      });
      const o = await overview();
      expect(o.lastRun).toMatchObject({ backedUp: 2, failed: [] });
      const ip = env.sims[0]?.devices[0]?.address ?? '';
      const v = Dumps.parse((await http(base, 'GET', `/api/backups/versions?ip=${ip}`)).body);
      expect(v.map((x) => x.source)).toEqual(['schedule']);
      // the next one a whole interval after it
      const next = Date.parse(o.nextRunAt ?? '');
      expect(next - Date.parse(o.lastRun?.at ?? '')).toBe(86_400_000);
    } finally {
      await env.stop();
    }
  }, 60_000);
});
