export interface UptimeParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Uptime in ms as days, hours, minutes and seconds (spec section 2). */
export function splitUptime(ms: number): UptimeParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
  };
}

/** The non-zero parts in order (zero parts are omitted; all zero keeps the seconds). */
export function uptimeParts(ms: number): [keyof UptimeParts, number][] {
  const parts = splitUptime(ms);
  const shown = (Object.entries(parts) as [keyof UptimeParts, number][]).filter(([, v]) => v > 0);
  return shown.length > 0 ? shown : [['seconds', 0]];
}
