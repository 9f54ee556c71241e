// What the history charts write on their axes and in their legends (issue 36): units, time ticks.

const cache = new Map<string, Intl.DateTimeFormat>();

function dateFormat(lang: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${lang}:${key}`;
  let f = cache.get(id);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(lang, options);
    cache.set(id, f);
  }
  return f;
}

const MINUTE = 60_000;
const DAY = 24 * 3600_000;

/**
 * The x axis' labels for ticks `incr` ms apart: seconds when ticks are under a minute apart (else two ticks
 * in one minute read the same), the day when a day apart or more, the time of day otherwise. A label equal
 * to the one before it is left out.
 */
export function timeTicks(lang: string, splits: readonly number[], incr: number): (string | null)[] {
  const format =
    incr >= DAY
      ? dateFormat(lang, 'day', { day: 'numeric', month: 'short' })
      : incr < MINUTE
        ? dateFormat(lang, 'sec', { hour: '2-digit', minute: '2-digit', second: '2-digit' })
        : dateFormat(lang, 'min', { hour: '2-digit', minute: '2-digit' });
  let before: string | undefined;
  return splits.map((t) => {
    const label = format.format(t);
    if (label === before) return null;
    before = label;
    return label;
  });
}

/**
 * The unit a sensor's name carries at its end, in brackets or after a comma: "power (W)", "temp [°C]",
 * "humidity, %". Devices report bare numbers: the name is the only place a device gives its unit.
 */
export function unitOfSensor(name: string): string | undefined {
  const m = /(?:\(([^()]{1,8})\)|\[([^[\]]{1,8})\]|,\s*([^,\s]{1,8}))\s*$/.exec(name);
  const unit = (m?.[1] ?? m?.[2] ?? m?.[3])?.trim();
  return unit === undefined || unit === '' ? undefined : unit;
}

/** "21.5 °C", "40 %", "12 h": a value and its unit (none: the value alone). */
export function withUnit(value: string, unit: string | undefined): string {
  if (unit === undefined) return value;
  return `${value}${unit === '%' ? '' : '\u00a0'}${unit}`;
}
