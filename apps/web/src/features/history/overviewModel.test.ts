import type { OverviewRow } from '@st/protocol';
import { describe, expect, it } from 'vitest';
import { filterRows, tagsOf } from './overviewModel';

const row = (ip: string, name: string, tags?: string[]) =>
  ({ ip, name, type: 'lamp', board: 'esp32', version: '1.0.0', ...(tags ? { tags } : {}) }) as OverviewRow;

describe('overview tags', () => {
  const rows = [
    row('10.0.0.1', 'hall', ['kitchen', 'beta']),
    row('10.0.0.2', 'porch', ['site-2']),
    row('10.0.0.3', 'attic'),
  ];

  it('lists every tag once, and keeps only the rows with the chosen tag', () => {
    expect(tagsOf(rows)).toEqual(['beta', 'kitchen', 'site-2']);
    expect(filterRows(rows, '', 'beta').map((r) => r.name)).toEqual(['hall']);
    expect(filterRows(rows, '', null)).toHaveLength(3);
  });

  it('finds a row by a tag in the text filter too, within the chosen tag', () => {
    expect(filterRows(rows, 'SITE').map((r) => r.name)).toEqual(['porch']);
    expect(filterRows(rows, 'porch', 'beta')).toEqual([]);
  });
});
