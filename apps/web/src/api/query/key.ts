// Query keys and answers, as TanStack Query hashes, matches and shares them (the parts the console uses).

/** A query's key: an array of JSON-like parts, general first (`['device', gateway, ip, command]`). */
export type QueryKey = readonly unknown[];

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A key's identity in the cache: its JSON with every object's properties sorted ({a, b} and {b, a} are one). */
export const hashKey = (key: QueryKey): string =>
  JSON.stringify(key, (_, value: unknown) =>
    isPlain(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, value[k]]),
        )
      : value,
  );

/**
 * Whether `key` is matched by the filter `prefix`: every part the prefix has equals the key's at the same
 * place, objects and arrays partially and recursively (['device', gw] matches ['device', gw, ip, 'getInfo'];
 * [{ a: 1 }] matches [{ a: 1, b: 2 }]), as TanStack's partialMatchKey.
 */
export function partialMatchKey(key: unknown, prefix: unknown): boolean {
  if (key === prefix) return true;
  if (typeof key !== typeof prefix || !key || !prefix || typeof key !== 'object') return false;
  return Object.keys(prefix).every((k) => partialMatchKey((key as Plain)[k], (prefix as Plain)[k]));
}

/**
 * `next`, except that every part of it deep-equal to the same part of `previous` is `previous`'s (arrays
 * and plain objects; anything else is compared by identity): an answer equal to the cached one keeps its
 * identity, so memoized rows and effects keyed on it do not run again (TanStack's structural sharing).
 */
export function replaceEqualDeep<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  const array = Array.isArray(previous) && Array.isArray(next);
  if (!array && !(isPlain(previous) && isPlain(next))) return next;
  const before = previous as Plain;
  const after = next as Plain;
  const keys = Object.keys(after);
  const copy: Plain = array ? ([] as unknown as Plain) : {};
  let same = keys.length === Object.keys(before).length;
  for (const k of keys) {
    copy[k] = replaceEqualDeep(before[k], after[k]);
    if (copy[k] !== before[k] || !Object.hasOwn(before, k)) same = false;
  }
  return (same ? previous : copy) as T;
}
