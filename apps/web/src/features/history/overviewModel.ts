import type { DeviceInfo, DeviceSample, OverviewRow } from '@st/protocol';

export type SortKey = 'status' | 'name' | 'type' | 'board' | 'version' | 'uptime' | 'lastSeen';
export interface Sort {
  key: SortKey;
  desc: boolean;
}

/** a row updated by a live sample (status, values, uptime, last seen) */
export function applySample(row: OverviewRow, s: DeviceSample): OverviewRow {
  if (!s.ok) return { ...row, online: false };
  return {
    ...row,
    online: true,
    lastSeen: s.t,
    uptime: s.uptime ?? row.uptime,
    heap: s.heap ?? row.heap,
    sensors: s.sensors ?? row.sensors,
  };
}

const text = (v: string | null) => (v ?? '').toLowerCase();

/** Rows whose name, type, board, firmware, address or a tag contains `filter`, and that carry `tag` if given. */
export function filterRows(rows: readonly OverviewRow[], filter: string, tag?: string | null): OverviewRow[] {
  const f = filter.trim().toLowerCase();
  const tagged = tag ? rows.filter((r) => r.tags?.includes(tag) === true) : [...rows];
  if (!f) return tagged;
  return tagged.filter((r) =>
    [r.name, r.type, r.board, r.version, r.ip, ...(r.tags ?? [])].some((v) => text(v).includes(f)),
  );
}

/** Every tag the rows carry, sorted. */
export const tagsOf = (rows: readonly OverviewRow[]): string[] =>
  [...new Set(rows.flatMap((r) => r.tags ?? []))].sort();

export function sortRows(rows: OverviewRow[], sort: Sort, collator: Intl.Collator): OverviewRow[] {
  const dir = sort.desc ? -1 : 1;
  const num = (v: number | null) => v ?? -1;
  const cmp = (a: OverviewRow, b: OverviewRow): number => {
    switch (sort.key) {
      case 'status':
        return Number(b.online) - Number(a.online);
      case 'uptime':
        return num(a.uptime) - num(b.uptime);
      case 'lastSeen':
        return num(a.lastSeen) - num(b.lastSeen);
      default:
        return collator.compare(text(a[sort.key]), text(b[sort.key]));
    }
  };
  return rows.sort((a, b) => cmp(a, b) * dir || collator.compare(a.name, b.name));
}

/** The device an overview row is (for the device panel, bulk actions and update badges). */
export function deviceOf(row: OverviewRow): DeviceInfo {
  return {
    ip: row.ip,
    name: row.name,
    type: row.type,
    board: row.board,
    stVersion: row.stVersion,
    ...(row.version === null ? {} : { version: row.version }),
  };
}
