/** What saving an action's call delay does (spec section 5): nothing, refuse, ask first, or save. */
export type DelayDecision =
  | { kind: 'unchanged' }
  | { kind: 'invalid' }
  | { kind: 'negative' }
  | { kind: 'disable' }
  | { kind: 'save'; callDelay: number };

/** Number inputs are parsed as integers. */
export function parseDelay(raw: string | number): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? Math.trunc(raw) : null;
  const value = Number.parseInt(raw.trim(), 10);
  return Number.isNaN(value) ? null : value;
}

export function decideDelay(current: number, raw: string | number): DelayDecision {
  const value = parseDelay(raw);
  if (value === null) return { kind: 'invalid' };
  if (value === current) return { kind: 'unchanged' };
  if (value < 0) return { kind: 'negative' };
  if (value === 0) return { kind: 'disable' };
  return { kind: 'save', callDelay: value };
}
