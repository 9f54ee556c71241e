import { z } from 'zod';

// How firmware reads JSON input (ArduinoJson 7 coercions, device-protocol.md §1.1).

const objectSchema = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof objectSchema>;

/** The body as a JSON object, or null when it is not one (the firmware then sees an empty document). */
export function jsonObject(body: string): JsonObject | null {
  try {
    const r = objectSchema.safeParse(JSON.parse(body));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export function isObject(v: unknown): v is JsonObject {
  return objectSchema.safeParse(v).success;
}

/** `as<String>()`: numbers give their text, null/missing gives "null", objects their JSON. */
export function asString(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined || v === null) return 'null';
  return JSON.stringify(v);
}

/** `as<long>()`: numeric strings parse (leading digits), other strings give 0, floats truncate. */
export function asInt(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.trunc(v) : 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string') {
    const m = /^\s*[-+]?\d+/.exec(v);
    return m ? Number.parseInt(m[0], 10) : 0;
  }
  return 0;
}

/** `as<bool>()`: numbers != 0 are true, ANY string is true, null/missing false. */
export function asBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') return true;
  return false;
}

/** Whether a value is an integer or a string that holds one (what `is<int>()`-style checks accept). */
export function isIntLike(v: unknown): boolean {
  return (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^-?\d+$/.test(v));
}
