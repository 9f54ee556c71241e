/** Outcome of a parser: the value, or a reason a person can act on. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

export function parsed<T>(value: T): ParseResult<T> {
  return { ok: true, value };
}

export function rejected<T = never>(error: string): ParseResult<T> {
  return { ok: false, error };
}
