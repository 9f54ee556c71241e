type QueryValue = string | number | boolean | null | undefined;

/**
 * A concrete path: `:name` segments replaced (URL-encoded) and a query string of the values that are set
 * (undefined, null and '' are left out, as the console sends only filters that have a value).
 */
export function buildPath(
  pattern: string,
  params: Readonly<Record<string, string | number>> = {},
  query: Readonly<Record<string, unknown>> = {},
): string {
  const path = pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new Error(`Path parameter "${name}" of ${pattern} is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (isSet(value)) search.append(key, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

function isSet(value: unknown): value is Exclude<QueryValue, null | undefined> {
  return (
    (typeof value === 'string' && value !== '') || typeof value === 'number' || typeof value === 'boolean'
  );
}
