// The cache's option and result types (TanStack Query's names, for the part the console uses).
import type { QueryKey } from './key';

export interface QueryState<T> {
  /** The last answer (or setQueryData's value); kept when a later fetch fails. */
  data: T | undefined;
  /** When `data` was set (ms since epoch), 0 before. */
  dataUpdatedAt: number;
  /** The last fetch's failure, null once a fetch succeeds or data is set. */
  error: Error | null;
  errorUpdatedAt: number;
  /** 'pending' until there is data or an error. */
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'idle';
  /** Stale whatever its age (invalidateQueries), until the next answer. */
  isInvalidated: boolean;
}

export interface QueryFunctionContext {
  queryKey: QueryKey;
  /** Aborted when the query is removed from the cache, or when a refetch replaces this fetch. */
  signal: AbortSignal;
}

/** What a query's fetches use: the options the last rendered component (or prefetchQuery) gave. */
export interface QueryFetchOptions<T> {
  queryFn?: (context: QueryFunctionContext) => T | Promise<T>;
  /** Tries again after a failure: true forever, a number that many times, false never. Default 3. */
  retry?: boolean | number;
  /** Milliseconds before retry n (0-based); default 1 s doubling up to 30 s. */
  retryDelay?: number | ((failureCount: number, error: Error) => number);
  /** Milliseconds a query nobody watches stays cached (default 5 minutes; Infinity: for ever). */
  gcTime?: number;
}

/** What refetchInterval and filter predicates see of a query (a Query). */
export interface QueryInfo<T = unknown> {
  readonly queryKey: QueryKey;
  readonly state: QueryState<T>;
}

/** A component's watch on a query (QueryObserver). */
export interface QueryWatcher {
  isEnabled(): boolean;
  onQueryUpdate(): void;
  onOnline(): void;
}

/** Options every query may take from the client's defaultOptions. */
export interface QueryDefaults extends Omit<QueryFetchOptions<unknown>, 'queryFn'> {
  /** Milliseconds an answer counts as fresh (no refetch on mount); default 0. */
  staleTime?: number;
  /** Refetches stale watched queries when the browser goes back online (default true, as TanStack). */
  refetchOnReconnect?: boolean;
  /** Only false: this cache never refetches on window focus (TanStack's default true; the console turns it off). */
  refetchOnWindowFocus?: false;
}

export interface FetchQueryOptions<T> extends QueryDefaults, QueryFetchOptions<T> {
  queryKey: QueryKey;
}

/** Which queries a call acts on: all of them, or those whose key starts with (or, exact, is) `queryKey`. */
export interface QueryFilters {
  queryKey?: QueryKey;
  exact?: boolean;
  predicate?: (query: QueryInfo) => boolean;
}

export interface InvalidateQueryFilters extends QueryFilters {
  /** Which of the invalidated queries are refetched at once: 'active' (watched and enabled; default). */
  refetchType?: 'active' | 'inactive' | 'all' | 'none';
}

export interface UseQueryOptions<T> extends QueryDefaults, QueryFetchOptions<T> {
  queryKey: QueryKey;
  /** false: no automatic fetch (refetch() still fetches); default true. */
  enabled?: boolean;
  /** Milliseconds between refetches while watched and enabled, or a function of the query; false: none. */
  refetchInterval?: number | false | ((query: QueryInfo<NoInfer<T>>) => number | false | undefined);
  /** Polls in a hidden tab too (default false: a hidden tab skips the ticks, as TanStack). */
  refetchIntervalInBackground?: boolean;
  /** Shown while the key has no data yet (`keepPreviousData`: the previous key's data). */
  placeholderData?: NoInfer<T> | ((previousData: NoInfer<T> | undefined) => NoInfer<T> | undefined);
}

interface ResultBase<T> {
  /** A fetch is in flight (or starts with this render's mount, key change or enabling). */
  isFetching: boolean;
  fetchStatus: 'fetching' | 'idle';
  /** Pending and fetching: the first fetch. */
  isLoading: boolean;
  /** `data` is placeholderData's, not the key's. */
  isPlaceholderData: boolean;
  dataUpdatedAt: number;
  errorUpdatedAt: number;
  /** Fetches again (enabled or not; replaces a fetch in flight when there is data). */
  refetch: () => Promise<UseQueryResult<T>>;
}

export type UseQueryResult<T> = ResultBase<T> &
  (
    | { status: 'pending'; data: undefined; error: null; isPending: true; isError: false; isSuccess: false }
    | {
        status: 'error';
        data: T | undefined;
        error: Error;
        isPending: false;
        isError: true;
        isSuccess: false;
      }
    | { status: 'success'; data: T; error: null; isPending: false; isError: false; isSuccess: true }
  );
