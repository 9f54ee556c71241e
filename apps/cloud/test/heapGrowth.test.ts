import { describe, expect, it } from 'vitest';
import { CloudConfig, cloudConfig } from '../src/config';
import { hasOldSpaceFloor, heapGrowthFlag } from '../src/heapGrowth';

describe('the old generation floor', () => {
  it('is seen in the options node was started with', () => {
    expect(hasOldSpaceFloor(['--enable-source-maps', '--initial-old-space-size=128'])).toBe(true);
    expect(hasOldSpaceFloor(['--initial_old_space_size=64'])).toBe(true);
    expect(hasOldSpaceFloor(['--enable-source-maps'])).toBe(false);
    expect(hasOldSpaceFloor(['--initial-old-space-sizes=1'])).toBe(false);
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
