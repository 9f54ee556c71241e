// What useQuery does, as a plain class (unit tested without a DOM): a component's watch on the query of
// its key, fetching on mount, on a key change and on enabling when the data is stale, polling on
// refetchInterval, and the result the component renders.
import type { QueryClient } from './client';
import type { Query } from './query';
import type { QueryWatcher, UseQueryOptions, UseQueryResult } from './types';

export class QueryObserver<T> implements QueryWatcher {
  readonly #client: QueryClient;
  #options!: UseQueryOptions<T>;
  /** The query of the rendered key. */
  #query!: Query<T>;
  /** The query this observer watches since the last commit (undefined while nobody listens). */
  #watched: Query<T> | undefined;
  #watchedEnabled = false;
  readonly #listeners = new Set<() => void>();
  #result: UseQueryResult<T> | undefined;
  /** The last data of a query this observer watched (keepPreviousData's previous data). */
  #lastData: T | undefined;
  #placeholder: { option: unknown; from: T | undefined; value: T | undefined } | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #interval: number | false = false;

  constructor(client: QueryClient, options: UseQueryOptions<T>) {
    this.#client = client;
    this.setOptions(options);
  }

  /** A render's options: the query of their key (created if new) and its queryFn; nothing is fetched. */
  setOptions(options: UseQueryOptions<T>): void {
    this.#options = this.#client.defaultOptions(options);
    this.#query = this.#client.build(this.#options);
  }

  isEnabled(): boolean {
    return this.#options.enabled !== false;
  }

  /** useSyncExternalStore's subscribe: the first listener starts the watch (and the fetch on mount). */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.sync();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#unwatch();
    };
  };

  /** After each commit: follows the rendered key and `enabled`, fetching when that makes a stale query due. */
  sync(): void {
    if (this.#listeners.size === 0) return;
    const query = this.#query;
    const due = this.#due();
    if (query !== this.#watched) {
      this.#unwatch();
      query.addObserver(this);
      this.#watched = query;
    }
    this.#watchedEnabled = this.isEnabled();
    if (due) void query.fetch();
    this.onQueryUpdate();
  }

  onQueryUpdate(): void {
    const data = this.#watched?.state.data;
    if (data !== undefined) this.#lastData = data;
    this.#updateTimer();
    for (const listener of this.#listeners) listener();
  }

  onOnline(): void {
    if (this.isEnabled() && this.#options.refetchOnReconnect !== false && this.#stale())
      void this.#query.fetch();
  }

  readonly refetch = (): Promise<UseQueryResult<T>> => this.#query.fetch(true).then(() => this.getResult());

  /** The result to render (the same object while nothing in it changed). */
  readonly getResult = (): UseQueryResult<T> => {
    const { state } = this.#query;
    const fetching = state.fetchStatus === 'fetching' || this.#due();
    let { data, status, error } = state;
    if (fetching && data === undefined) {
      status = 'pending';
      error = null;
    }
    let isPlaceholderData = false;
    const option = this.#options.placeholderData;
    if (status === 'pending' && option !== undefined) {
      let cached = this.#placeholder;
      if (cached?.option !== option || cached.from !== this.#lastData) {
        const value =
          typeof option === 'function' ? (option as (p?: T) => T | undefined)(this.#lastData) : option;
        cached = this.#placeholder = { option, from: this.#lastData, value };
      }
      if (cached.value !== undefined) {
        data = cached.value;
        status = 'success';
        isPlaceholderData = true;
      }
    }
    const next = {
      status,
      data,
      error,
      isPending: status === 'pending',
      isError: status === 'error',
      isSuccess: status === 'success',
      isFetching: fetching,
      fetchStatus: fetching ? 'fetching' : 'idle',
      isLoading: fetching && status === 'pending',
      isPlaceholderData,
      dataUpdatedAt: state.dataUpdatedAt,
      errorUpdatedAt: state.errorUpdatedAt,
      refetch: this.refetch,
    } as UseQueryResult<T>;
    const previous = this.#result;
    if (previous && Object.entries(next).every(([k, v]) => Object.is(previous[k as keyof typeof next], v)))
      return previous;
    this.#result = next;
    return next;
  };

  #stale(): boolean {
    return this.#query.isStale(this.#options.staleTime);
  }

  /** Whether a fetch is due: enabled, stale, and newly watched (mount, other key) or newly enabled. */
  #due(): boolean {
    return this.isEnabled() && (this.#query !== this.#watched || !this.#watchedEnabled) && this.#stale();
  }

  #unwatch(): void {
    this.#watched?.removeObserver(this);
    this.#watched = undefined;
    this.#watchedEnabled = false;
    this.#updateTimer();
  }

  #updateTimer(): void {
    const option = this.#options.refetchInterval;
    const value =
      this.#watched !== undefined && this.isEnabled()
        ? typeof option === 'function'
          ? option(this.#query)
          : option
        : false;
    const interval = typeof value === 'number' && value > 0 && value < 2 ** 31 ? value : false;
    if (interval === this.#interval) return;
    clearInterval(this.#timer);
    this.#interval = interval;
    this.#timer =
      interval === false
        ? undefined
        : setInterval(() => {
            const hidden = typeof document !== 'undefined' && document.visibilityState === 'hidden';
            if (this.#options.refetchIntervalInBackground || !hidden) void this.#query.fetch();
          }, interval);
  }
}
