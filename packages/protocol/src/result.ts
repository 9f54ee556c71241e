// The outcome of a parser that must explain a rejection to a person (a pasted token, an injected config).
// Parsers return this instead of throwing, so callers handle the failure where it happens.
export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: string): Result<T> {
  return { ok: false, error };
}
