import { useCallback, useMemo } from 'react';
import { navigate, useSearch } from 'wouter/use-browser-location';

/** Changes the address's query: `change` gets a copy of the current parameters and returns the next ones. */
export type SetUrlParams = (change: (previous: URLSearchParams) => URLSearchParams) => void;

/**
 * The address's query parameters, and a setter that replaces the history entry (screens keep their place in
 * the URL: the selected device, its tab, the filters). The query is read from `location.search` as the
 * browser has it: wouter's own useSearchParams decodes it once before URLSearchParams decodes it again,
 * which would turn a typed `%41` into `A`.
 */
export function useUrlParams(): [URLSearchParams, SetUrlParams] {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetUrlParams>((change) => {
    const { pathname, search: current, hash } = window.location;
    const next = change(new URLSearchParams(current)).toString();
    navigate(`${pathname}${next === '' ? '' : `?${next}`}${hash}`, { replace: true });
  }, []);
  return [params, set];
}
