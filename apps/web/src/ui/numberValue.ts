/** A number field's value as Mantine's NumberInput gives it: a number, or '' while empty or not a number. */
export type NumberValue = number | '';

/** What the browser's number input holds (`valueAsNumber`), as a NumberValue. */
export function fromInput(valueAsNumber: number): NumberValue {
  return Number.isNaN(valueAsNumber) ? '' : valueAsNumber;
}

export interface NumberRules {
  min?: number | undefined;
  max?: number | undefined;
  /** Whether fractions are allowed (default: yes). */
  allowDecimal?: boolean | undefined;
  /** Digits kept after the point when fractions are allowed. */
  decimalScale?: number | undefined;
}

/**
 * The value a field settles on when it loses focus, as NumberInput's clamping does: kept within min and max,
 * rounded to a whole number or to `decimalScale` digits. An empty field stays empty.
 */
export function settle(
  value: number | string,
  { min, max, allowDecimal = true, decimalScale }: NumberRules,
): number | string {
  if (typeof value !== 'number') return value;
  let next = value;
  if (!allowDecimal) next = Math.round(next);
  else if (decimalScale !== undefined) next = Number(next.toFixed(decimalScale));
  if (min !== undefined && next < min) next = min;
  if (max !== undefined && next > max) next = max;
  return next;
}
