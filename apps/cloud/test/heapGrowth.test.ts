import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverNodeArgs } from '../../../scripts/node-args.mjs';
import { CloudConfig, cloudConfig } from '../src/config';
import { hasOldSpaceFloor, heapGrowthFlag } from '../src/heapGrowth';

const churn = fileURLToPath(new URL('./support/oldGenChurn.mjs', import.meta.url));
/** Full GCs a node started with these options runs for the same old-generation garbage (support/oldGenChurn.mjs). */
function fullGcs(nodeArgs: string[]): number {
  const r = spawnSync(process.execPath, [...nodeArgs, '--max-semi-space-size=1', churn], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`oldGenChurn.mjs failed: ${r.stderr}`);
  return Number(r.stdout.trim());
}

describe('the old generation floor (scripts/node-args.mjs)', () => {
  it('is given to the cloud only, and the cloud sees it', () => {
    const args = serverNodeArgs('cloud');
    expect(args).toEqual(['--initial-old-space-size=128']);
    expect(hasOldSpaceFloor(['--enable-source-maps', ...args])).toBe(true);
    expect(hasOldSpaceFloor(['--enable-source-maps'])).toBe(false);
    expect(hasOldSpaceFloor(['--initial_old_space_size=64'])).toBe(true);
    expect(serverNodeArgs('gateway')).toEqual([]);
  });

  it('makes V8 run far fewer full GCs for the same old-generation garbage', () => {
    const own = fullGcs([]);
    const floored = fullGcs(serverNodeArgs('cloud'));
    // ~900 MB of garbage: V8's own limits over a ~6 MB live set give a full GC every ~40 MB (20-25 of them);
    // above a 128 MiB floor about one per 128 MB (7).
    expect(floored).toBeGreaterThan(0);
    expect(floored * 2).toBeLessThan(own);
  });
});

describe('heap growth (ST_HEAP_GROWING_PERCENT)', () => {
  it('sets V8 --heap-growing-percent from the setting', () => {
    expect(heapGrowthFlag(300, [])).toBe('--heap-growing-percent=300');
    expect(heapGrowthFlag(150, ['--enable-source-maps'])).toBe('--heap-growing-percent=150');
  });

  it('leaves V8 its own choice at 0 (the default), and node own option wins', () => {
    expect(cloudConfig().heapGrowingPercent).toBe(0);
    expect(heapGrowthFlag(cloudConfig().heapGrowingPercent, [])).toBeUndefined();
    expect(heapGrowthFlag(300, ['--heap-growing-percent=50'])).toBeUndefined();
  });

  it('refuses a value outside 0-1000', () => {
    expect(CloudConfig.safeParse({ heapGrowingPercent: '-1' }).success).toBe(false);
    expect(CloudConfig.safeParse({ heapGrowingPercent: '1001' }).success).toBe(false);
    expect(CloudConfig.parse({ heapGrowingPercent: '0' }).heapGrowingPercent).toBe(0);
  });
});
