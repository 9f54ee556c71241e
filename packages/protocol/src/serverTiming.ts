// The `Server-Timing` header every relayed answer carries (design.md): cloud, link and device times.

export interface TimingEntry {
  name: string;
  durMs: number;
  description?: string;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function formatServerTiming(entries: readonly TimingEntry[]): string {
  return entries
    .filter((e) => TOKEN.test(e.name) && Number.isFinite(e.durMs))
    .map((e) => {
      const desc = e.description === undefined ? '' : `;desc=${JSON.stringify(e.description)}`;
      return `${e.name};dur=${Math.round(e.durMs * 10) / 10}${desc}`;
    })
    .join(', ');
}

/** Entries of a Server-Timing header; metrics without a duration are skipped. */
export function parseServerTiming(header: string): TimingEntry[] {
  const entries: TimingEntry[] = [];
  for (const metric of header.split(',')) {
    const [rawName = '', ...params] = metric.split(';').map((p) => p.trim());
    if (!TOKEN.test(rawName)) continue;
    let durMs: number | undefined;
    let description: string | undefined;
    for (const param of params) {
      const eq = param.indexOf('=');
      if (eq < 0) continue;
      const key = param.slice(0, eq).trim().toLowerCase();
      const value = param.slice(eq + 1).trim();
      if (key === 'dur') durMs = Number(value);
      if (key === 'desc')
        description = value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
    }
    if (durMs === undefined || !Number.isFinite(durMs)) continue;
    entries.push(
      description === undefined ? { name: rawName, durMs } : { name: rawName, durMs, description },
    );
  }
  return entries;
}
