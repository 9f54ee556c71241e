// The server-state cache (issue 21: instead of TanStack Query, ~10 KiB gzip on every first screen): a map
// from a key's hash to its query, with the part of QueryClient's API the console uses.
import { hashKey, partialMatchKey, type QueryKey } from './key';
import { Query } from './query';
import type { FetchQueryOptions, InvalidateQueryFilters, QueryDefaults, QueryFilters } from './types';

type Updater<T> = T | undefined | ((previous: T | undefined) => T | undefined);

export class QueryClient {
  readonly #queries = new Map<string, Query>();
  readonly #defaults: QueryDefaults;

  constructor(config: { defaultOptions?: { queries?: QueryDefaults } } = {}) {
    this.#defaults = config.defaultOptions?.queries ?? {};
  }

  /** A query's options over the client's defaults. */
  defaultOptions<O extends object>(options: O): QueryDefaults & O {
    return { ...this.#defaults, ...options };
  }

  /** The query of a key, created if new; its fetches use these (already defaulted) options from now on. */
  build<T>(options: FetchQueryOptions<T>): Query<T> {
    const hash = hashKey(options.queryKey);
    let query = this.#queries.get(hash) as Query<T> | undefined;
    if (query === undefined) {
      const created = new Query<T>(options.queryKey, hash, options, (q) => this.#drop(q as Query));
      this.#queries.set(hash, created as Query);
      query = created;
    }
    query.options = options;
    return query;
  }

  /** The queries a filter selects. */
  findAll({ queryKey, exact, predicate }: QueryFilters = {}): Query[] {
    const hash = exact && queryKey !== undefined ? hashKey(queryKey) : undefined;
    return [...this.#queries.values()].filter(
      (q) =>
        (queryKey === undefined ||
          (hash === undefined ? partialMatchKey(q.queryKey, queryKey) : q.queryHash === hash)) &&
        (predicate === undefined || predicate(q)),
    );
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return this.#queries.get(hashKey(queryKey))?.state.data as T | undefined;
  }

  /**
   * Sets a query's data (a value, or an updater of the cached value) as if it had been answered, and tells
   * its watchers; an undefined result changes nothing. Returns the data now cached.
   */
  setQueryData<T>(queryKey: QueryKey, updater: Updater<T>): T | undefined {
    const previous = this.getQueryData<T>(queryKey);
    const data =
      typeof updater === 'function' ? (updater as (p: T | undefined) => T | undefined)(previous) : updater;
    if (data === undefined) return undefined;
    const query =
      (this.#queries.get(hashKey(queryKey)) as Query<T> | undefined) ??
      this.build<T>(this.defaultOptions({ queryKey }));
    query.setData(data);
    return query.state.data;
  }

  /**
   * Marks the matching queries stale and refetches the active ones (`refetchType`), replacing fetches in
   * flight; resolves when those refetches have settled (failures go to the queries, never rejects).
   */
  invalidateQueries(filters: InvalidateQueryFilters = {}): Promise<void> {
    const queries = this.findAll(filters);
    for (const query of queries) query.setState({ isInvalidated: true });
    const type = filters.refetchType ?? 'active';
    const refetched = queries.filter(
      (q) => type === 'all' || (type !== 'none' && q.isActive() === (type === 'active')),
    );
    return Promise.all(refetched.map((q) => q.fetch(true))).then(() => undefined);
  }

  /** Fetches a query unless its data is fresh (`staleTime`), for a component that mounts soon. Never rejects. */
  prefetchQuery<T>(options: FetchQueryOptions<T>): Promise<void> {
    const defaulted = this.defaultOptions(options);
    const query = this.build(defaulted);
    return query.isStale(defaulted.staleTime) ? query.fetch() : Promise.resolve();
  }

  /** Drops the matching queries (their fetches in flight are aborted). */
  removeQueries(filters: QueryFilters = {}): void {
    for (const query of this.findAll(filters)) this.#drop(query);
  }

  /** Listens for the browser going back online (QueryClientProvider calls it); returns the unsubscribe. */
  mount(): () => void {
    const online = () => {
      for (const query of this.#queries.values()) for (const o of query.observers) o.onOnline();
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }

  #drop(query: Query): void {
    if (this.#queries.get(query.queryHash) === query) this.#queries.delete(query.queryHash);
    query.destroy();
  }
}
