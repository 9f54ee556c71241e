import { describe, expect, it } from 'vitest';
import { formatServerTiming, parseServerTiming } from './serverTiming';

describe('Server-Timing', () => {
  it('formats the cloud, link and device times of a relayed answer', () => {
    expect(
      formatServerTiming([
        { name: 'cloud', durMs: 12.345 },
        { name: 'link', durMs: 3 },
        { name: 'device', durMs: 40.06, description: '127.0.0.2' },
      ]),
    ).toBe('cloud;dur=12.3, link;dur=3, device;dur=40.1;desc="127.0.0.2"');
  });

  it('reads back what it wrote', () => {
    const entries = [
      { name: 'cloud', durMs: 1.5 },
      { name: 'device', durMs: 7, description: 'a "quoted" ip' },
    ];
    expect(parseServerTiming(formatServerTiming(entries))).toEqual(entries);
  });

  it('skips metrics that are not valid tokens or have no duration', () => {
    expect(
      formatServerTiming([
        { name: 'bad name', durMs: 1 },
        { name: 'nan', durMs: Number.NaN },
      ]),
    ).toBe('');
    expect(parseServerTiming('miss, db;dur=5.5, ;dur=3, x;dur=abc')).toEqual([{ name: 'db', durMs: 5.5 }]);
  });
});
