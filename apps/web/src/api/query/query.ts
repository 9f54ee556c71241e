// One cached query: its state, its in-flight fetch (shared by every caller), its retries and its removal
// once no component has watched it for gcTime.
import { type QueryKey, replaceEqualDeep } from './key';
import type { QueryFetchOptions, QueryInfo, QueryState, QueryWatcher } from './types';

const GC_MS = 5 * 60_000;
const defaultDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);

export class Query<T = unknown> implements QueryInfo<T> {
  readonly queryKey: QueryKey;
  readonly queryHash: string;
  options: QueryFetchOptions<T>;
  state: QueryState<T> = {
    data: undefined,
    dataUpdatedAt: 0,
    error: null,
    errorUpdatedAt: 0,
    status: 'pending',
    fetchStatus: 'idle',
    isInvalidated: false,
  };
  readonly observers = new Set<QueryWatcher>();
  readonly #remove: (query: Query<T>) => void;
  #promise: Promise<void> | undefined;
  #abort: AbortController | undefined;
  #gc: ReturnType<typeof setTimeout> | undefined;

  constructor(key: QueryKey, hash: string, options: QueryFetchOptions<T>, remove: (query: Query<T>) => void) {
    this.queryKey = key;
    this.queryHash = hash;
    this.options = options;
    this.#remove = remove;
    this.#scheduleGc();
  }

  /** Watched by a component whose query is enabled (invalidateQueries refetches those). */
  isActive(): boolean {
    for (const o of this.observers) if (o.isEnabled()) return true;
    return false;
  }

  /** No data, invalidated, or data older than `staleTime` ms (0: always stale once answered). */
  isStale(staleTime = 0): boolean {
    const s = this.state;
    return s.isInvalidated || s.data === undefined || Date.now() >= s.dataUpdatedAt + staleTime;
  }

  /** Changes the state and tells every watcher. */
  setState(patch: Partial<QueryState<T>>): void {
    this.state = { ...this.state, ...patch };
    for (const o of this.observers) o.onQueryUpdate();
  }

  /** Sets the data as an answer would (setQueryData); a fetch in flight still lands after it. */
  setData(data: T): void {
    this.setState({
      data: replaceEqualDeep(this.state.data, data),
      dataUpdatedAt: Date.now(),
      error: null,
      status: 'success',
      isInvalidated: false,
    });
  }

  /**
   * Runs queryFn, or joins the fetch in flight. `cancelRefetch` (refetch(), invalidateQueries) instead
   * aborts a fetch in flight when there is data, and starts anew: its answer may predate a change. The
   * promise settles with the fetch (also a replacing one), never rejects: a failure goes to `state.error`.
   */
  fetch(cancelRefetch = false): Promise<void> {
    if (this.#promise !== undefined) {
      if (!cancelRefetch || this.state.data === undefined) return this.#promise;
      this.#abort?.abort();
    }
    const { queryFn, retry = 3, retryDelay = defaultDelay } = this.options;
    if (queryFn === undefined) return Promise.resolve();
    const controller = new AbortController();
    const { signal } = controller;
    const run = async (): Promise<T> => {
      for (let failures = 0; ; failures++) {
        try {
          return await queryFn({ queryKey: this.queryKey, signal });
        } catch (error) {
          const limit = retry === true ? Number.POSITIVE_INFINITY : retry === false ? 0 : retry;
          if (signal.aborted || failures >= limit) throw error;
          const delay = typeof retryDelay === 'number' ? retryDelay : retryDelay(failures, error as Error);
          await new Promise((resolve) => setTimeout(resolve, delay));
          if (signal.aborted) throw error;
        }
      }
    };
    this.#abort = controller;
    this.setState({
      fetchStatus: 'fetching',
      ...(this.state.data === undefined ? { status: 'pending' as const, error: null } : {}),
    });
    const promise = run().then(
      (data) =>
        this.#settle(controller, {
          data: replaceEqualDeep(this.state.data, data),
          dataUpdatedAt: Date.now(),
          error: null,
          status: 'success',
          isInvalidated: false,
        }),
      (error: unknown) =>
        this.#settle(controller, { error: error as Error, errorUpdatedAt: Date.now(), status: 'error' }),
    );
    this.#promise = promise;
    return promise;
  }

  #settle(controller: AbortController, patch: Partial<QueryState<T>>): Promise<void> | undefined {
    // a replaced or removed fetch: its callers wait for the fetch in flight instead (if any)
    if (this.#abort !== controller) return this.#promise;
    this.#abort = undefined;
    this.#promise = undefined;
    this.setState({ ...patch, fetchStatus: 'idle' });
    if (this.observers.size === 0) this.#scheduleGc();
    return undefined;
  }

  addObserver(observer: QueryWatcher): void {
    this.observers.add(observer);
    clearTimeout(this.#gc);
  }

  removeObserver(observer: QueryWatcher): void {
    this.observers.delete(observer);
    if (this.observers.size === 0) this.#scheduleGc();
  }

  /** Out of the cache: its fetch in flight is aborted and its answer dropped. */
  destroy(): void {
    clearTimeout(this.#gc);
    this.#abort?.abort();
    this.#abort = undefined;
    this.#promise = undefined;
    this.state = { ...this.state, fetchStatus: 'idle' };
  }

  #scheduleGc(): void {
    clearTimeout(this.#gc);
    const ms = this.options.gcTime ?? GC_MS;
    if (ms === Number.POSITIVE_INFINITY) return;
    this.#gc = setTimeout(() => {
      // a fetch in flight reschedules when it settles
      if (this.observers.size === 0 && this.state.fetchStatus === 'idle') this.#remove(this);
    }, ms);
  }
}
