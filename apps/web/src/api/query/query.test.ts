import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from './client';
import { keepPreviousData } from './index';
import { hashKey, partialMatchKey, replaceEqualDeep } from './key';
import { MutationObserver } from './mutation';
import { QueryObserver } from './observer';
import type { UseQueryOptions } from './types';

/** A promise settled from outside (a server answering when the test says). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Runs the pending promise callbacks (and timers due now). */
const flush = () => vi.advanceTimersByTimeAsync(0);

/** An observer subscribed as a mounted component would be; `renders` counts its change notifications. */
function mount<T>(client: QueryClient, options: UseQueryOptions<T>) {
  const observer = new QueryObserver(client, options);
  const seen = { renders: 0 };
  const unsubscribe = observer.subscribe(() => seen.renders++);
  return { observer, seen, unsubscribe };
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('keys', () => {
  it('hashes objects with sorted properties, so property order does not make another key', () => {
    expect(hashKey(['a', { x: 1, y: [2, { b: 1, a: 2 }] }])).toBe(
      hashKey(['a', { y: [2, { a: 2, b: 1 }], x: 1 }]),
    );
    expect(hashKey(['a', 1])).not.toBe(hashKey(['a', '1']));
  });

  it('matches a key by a prefix whose parts are deep-equal, objects partially', () => {
    expect(partialMatchKey(['device', 'gw', '10.0.0.1', 'getInfo'], ['device', 'gw'])).toBe(true);
    expect(partialMatchKey(['device', 'gw', '10.0.0.1'], ['device', 'other'])).toBe(false);
    expect(partialMatchKey(['device'], ['device', 'gw'])).toBe(false);
    expect(partialMatchKey(['audit', { user: 'a', page: 2 }], ['audit', { user: 'a' }])).toBe(true);
    expect(partialMatchKey(['audit', { user: 'a' }], ['audit', { user: 'b' }])).toBe(false);
    expect(partialMatchKey(['x'], [])).toBe(true);
  });

  it('keeps the previous value, or each unchanged part of it, when an answer is deep-equal', () => {
    const previous = { list: [{ ip: '1', name: 'a' }, { ip: '2' }], n: 1 };
    expect(replaceEqualDeep(previous, JSON.parse(JSON.stringify(previous)))).toBe(previous);
    const next = replaceEqualDeep(previous, {
      list: [
        { ip: '1', name: 'a' },
        { ip: '2', name: 'b' },
      ],
      n: 1,
    });
    expect(next).not.toBe(previous);
    expect(next.list[0]).toBe(previous.list[0]);
    expect(next.list[1]).toEqual({ ip: '2', name: 'b' });
    expect(replaceEqualDeep([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    expect(replaceEqualDeep({ a: 1, b: undefined }, { a: 1 })).toEqual({ a: 1 });
    const date = new Date(0);
    expect(replaceEqualDeep(new Date(0), date)).toBe(date);
  });
});

describe('QueryClient', () => {
  it('runs one fetch for callers that ask while it is in flight', async () => {
    const client = newClient();
    const answer = deferred<string>();
    const queryFn = vi.fn(() => answer.promise);
    const a = mount(client, { queryKey: ['k'], queryFn });
    const b = mount(client, { queryKey: ['k'], queryFn });
    const prefetched = client.prefetchQuery({ queryKey: ['k'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(a.observer.getResult()).toMatchObject({ isPending: true, isFetching: true, isLoading: true });
    answer.resolve('v');
    await prefetched;
    expect(client.getQueryData(['k'])).toBe('v');
    expect(a.observer.getResult()).toMatchObject({ status: 'success', data: 'v', isFetching: false });
    expect(b.observer.getResult().data).toBe('v');
  });

  it('passes the key and an abort signal to queryFn, and aborts it when the query is removed', async () => {
    const client = newClient();
    let signal: AbortSignal | undefined;
    const answer = deferred<string>();
    const { observer } = mount(client, {
      queryKey: ['gateway', 'g1'],
      queryFn: (context) => {
        expect(context.queryKey).toEqual(['gateway', 'g1']);
        signal = context.signal;
        return answer.promise;
      },
    });
    expect(signal?.aborted).toBe(false);
    client.removeQueries({ queryKey: ['gateway'] });
    expect(signal?.aborted).toBe(true);
    answer.resolve('late');
    await flush();
    expect(client.getQueryData(['gateway', 'g1'])).toBeUndefined();
    expect(observer.getResult().data).toBeUndefined();
  });

  it('invalidates by prefix: marks every match stale, refetches the watched ones and waits for them', async () => {
    const client = newClient();
    const calls: string[] = [];
    const fn = (name: string) => async () => {
      calls.push(name);
      return `${name}#${calls.length}`;
    };
    const info = mount(client, { queryKey: ['device', 'gw', '1', 'getInfo'], queryFn: fn('info') });
    const off = mount(client, {
      queryKey: ['device', 'gw', '1', 'getWiFi'],
      queryFn: fn('wifi'),
      enabled: false,
    });
    await client.prefetchQuery({ queryKey: ['device', 'gw', '2', 'getInfo'], queryFn: fn('unwatched') });
    mount(client, { queryKey: ['gateway', 'gw'], queryFn: fn('gateway') });
    await flush();
    calls.length = 0;

    const done = client.invalidateQueries({ queryKey: ['device', 'gw'] });
    expect(info.observer.getResult().isFetching).toBe(true);
    await done;
    expect(calls).toEqual(['info']);
    expect(info.observer.getResult().data).toBe('info#1');
    expect(off.observer.getResult().isFetching).toBe(false);
    const unwatched = client.findAll({ queryKey: ['device', 'gw', '2'] })[0];
    expect(unwatched?.state.isInvalidated).toBe(true);
    expect(unwatched?.isStale(Number.POSITIVE_INFINITY)).toBe(true);
    expect(client.findAll({ queryKey: ['gateway'] })[0]?.state.isInvalidated).toBe(false);

    // a predicate narrows the prefix; exact takes one key only; no filter takes every query
    calls.length = 0;
    await client.invalidateQueries({ queryKey: ['device'], predicate: (q) => q.queryKey[3] !== 'getInfo' });
    expect(calls).toEqual([]);
    await client.invalidateQueries({ queryKey: ['gateway'], exact: true });
    expect(calls).toEqual([]);
    await client.invalidateQueries({ queryKey: ['gateway', 'gw'], exact: true });
    expect(calls).toEqual(['gateway']);
    calls.length = 0;
    await client.invalidateQueries();
    expect(calls.sort()).toEqual(['gateway', 'info']);
    await client.invalidateQueries({ refetchType: 'all' });
    expect(calls).toContain('unwatched');
  });

  it('replaces a fetch in flight on invalidation, so an answer from before a change does not win', async () => {
    const client = newClient();
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    let n = 0;
    const { observer } = mount(client, {
      queryKey: ['k'],
      queryFn: () => (answers[n++] as (typeof answers)[0]).promise,
    });
    answers[0]?.resolve('first');
    await flush();
    void observer.refetch(); // in flight: answers[1]
    const invalidated = client.invalidateQueries({ queryKey: ['k'] }); // replaces it: answers[2]
    expect(n).toBe(3);
    answers[2]?.resolve('after the change');
    await invalidated;
    answers[1]?.resolve('before the change');
    await flush();
    expect(observer.getResult().data).toBe('after the change');
  });

  it('sets data by value or updater and tells the watchers; an undefined result changes nothing', async () => {
    const client = newClient();
    const { observer, seen } = mount(client, { queryKey: ['list'], queryFn: async () => [1, 2] });
    await flush();
    const before = seen.renders;
    client.setQueryData<number[]>(['list'], (list) => [...(list ?? []), 3]);
    expect(seen.renders).toBeGreaterThan(before);
    expect(observer.getResult().data).toEqual([1, 2, 3]);
    const data = observer.getResult().data;
    client.setQueryData<number[]>(['list'], [1, 2, 3]);
    expect(observer.getResult().data).toBe(data);
    client.setQueryData<number[]>(['absent'], (list) => list);
    expect(client.findAll({ queryKey: ['absent'] })).toHaveLength(0);
    expect(client.setQueryData(['new'], { a: 1 })).toEqual({ a: 1 });
    expect(client.getQueryData(['new'])).toEqual({ a: 1 });
  });

  it('keeps the data identity when a refetch answers deep-equal JSON', async () => {
    const client = newClient();
    let version = 1;
    const { observer } = mount(client, {
      queryKey: ['devices'],
      queryFn: async () => [
        { ip: '1', name: 'a' },
        { ip: '2', name: version > 2 ? 'renamed' : 'b' },
      ],
    });
    await flush();
    const first = observer.getResult();
    version = 2;
    await observer.refetch();
    expect(observer.getResult().data).toBe(first.data);
    version = 3;
    await observer.refetch();
    const third = observer.getResult().data;
    expect(third).not.toBe(first.data);
    expect(third?.[0]).toBe(first.data?.[0]);
  });

  it('retries as many times as `retry` says, with retryDelay between tries; the client default applies', async () => {
    const down = async (): Promise<never> => {
      throw new Error('down');
    };
    const fails = vi.fn(down);
    const client = new QueryClient({ defaultOptions: { queries: { retry: 2, retryDelay: 100 } } });
    const { observer } = mount(client, { queryKey: ['k'], queryFn: fails });
    await flush();
    expect(fails).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(fails).toHaveBeenCalledTimes(2);
    expect(observer.getResult()).toMatchObject({ isPending: true, isFetching: true, error: null });
    await vi.advanceTimersByTimeAsync(100);
    expect(fails).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fails).toHaveBeenCalledTimes(3);
    expect(observer.getResult()).toMatchObject({ status: 'error', isError: true, isFetching: false });
    expect(observer.getResult().error?.message).toBe('down');

    const once = vi.fn(down);
    mount(newClient(), { queryKey: ['k'], queryFn: once });
    mount(new QueryClient(), { queryKey: ['k'], queryFn: once, retry: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(once).toHaveBeenCalledTimes(2);

    // TanStack's defaults: 3 retries, 1 s doubling
    const thrice = vi.fn(down);
    mount(new QueryClient(), { queryKey: ['k'], queryFn: thrice });
    await vi.advanceTimersByTimeAsync(999);
    expect(thrice).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1 + 2000 + 4000);
    expect(thrice).toHaveBeenCalledTimes(4);
  });

  it('keeps the data with a later failure, and clears the error with the next answer', async () => {
    const client = newClient();
    let fail = false;
    const { observer } = mount(client, {
      queryKey: ['k'],
      queryFn: async () => {
        if (fail) throw new Error('gone');
        return 'data';
      },
    });
    await flush();
    fail = true;
    await observer.refetch();
    expect(observer.getResult()).toMatchObject({
      status: 'error',
      data: 'data',
      isError: true,
      isPending: false,
    });
    fail = false;
    await observer.refetch();
    expect(observer.getResult()).toMatchObject({ status: 'success', data: 'data', error: null });
  });

  it('drops a query gcTime after its last watcher leaves, not while one watches or a fetch runs', async () => {
    const client = newClient();
    const { unsubscribe } = mount(client, { queryKey: ['k'], queryFn: async () => 1, gcTime: 1000 });
    await flush();
    await vi.advanceTimersByTimeAsync(5000);
    expect(client.getQueryData(['k'])).toBe(1);
    unsubscribe();
    await vi.advanceTimersByTimeAsync(999);
    const again = mount(client, { queryKey: ['k'], queryFn: async () => 1, gcTime: 1000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(client.getQueryData(['k'])).toBe(1);
    again.unsubscribe();
    await vi.advanceTimersByTimeAsync(1000);
    expect(client.findAll()).toHaveLength(0);

    // set without a watcher: dropped after the default 5 minutes
    client.setQueryData(['set'], 1);
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect(client.getQueryData(['set'])).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.getQueryData(['set'])).toBeUndefined();

    const slow = deferred<number>();
    void client.prefetchQuery({ queryKey: ['slow'], queryFn: () => slow.promise, gcTime: 10 });
    await vi.advanceTimersByTimeAsync(100);
    slow.resolve(2);
    await flush();
    expect(client.getQueryData(['slow'])).toBe(2);
    await vi.advanceTimersByTimeAsync(10);
    expect(client.getQueryData(['slow'])).toBeUndefined();
  });

  it('prefetches only stale queries', async () => {
    const client = newClient();
    const queryFn = vi.fn(async () => 'x');
    await client.prefetchQuery({ queryKey: ['k'], queryFn, staleTime: 1000 });
    await client.prefetchQuery({ queryKey: ['k'], queryFn, staleTime: 1000 });
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    await client.prefetchQuery({ queryKey: ['k'], queryFn, staleTime: 1000 });
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});

describe('QueryObserver (useQuery)', () => {
  it('fetches on mount when stale (not when fresh), and reports the coming fetch before it starts', async () => {
    const client = newClient();
    const queryFn = vi.fn(async () => 'v');
    const observer = new QueryObserver(client, { queryKey: ['k'], queryFn, staleTime: 1000 });
    expect(observer.getResult()).toMatchObject({ isPending: true, isFetching: true, status: 'pending' });
    expect(queryFn).not.toHaveBeenCalled();
    observer.subscribe(() => undefined);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await flush();
    mount(client, { queryKey: ['k'], queryFn, staleTime: 1000 });
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    mount(client, { queryKey: ['k'], queryFn, staleTime: 1000 });
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('returns the same result object while nothing in it changed', async () => {
    const client = newClient();
    const { observer } = mount(client, { queryKey: ['k'], queryFn: async () => ({ a: 1 }) });
    await flush();
    const result = observer.getResult();
    expect(observer.getResult()).toBe(result);
    observer.sync();
    expect(observer.getResult()).toBe(result);
    expect(result.refetch).toBe(observer.refetch);
  });

  it('does not fetch while disabled, fetches when enabled, and follows a key change', async () => {
    const client = newClient();
    const queryFn = vi.fn(async ({ queryKey }: { queryKey: readonly unknown[] }) => String(queryKey[1]));
    const options = { queryKey: ['k', 'a'], queryFn, enabled: false };
    const { observer } = mount(client, options);
    await flush();
    expect(queryFn).not.toHaveBeenCalled();
    expect(observer.getResult()).toMatchObject({ isPending: true, isFetching: false, fetchStatus: 'idle' });
    observer.setOptions({ ...options, enabled: true });
    expect(observer.getResult().isFetching).toBe(true);
    observer.sync();
    await flush();
    expect(observer.getResult().data).toBe('a');
    observer.setOptions({ ...options, queryKey: ['k', 'b'], enabled: true });
    expect(observer.getResult()).toMatchObject({ isPending: true, data: undefined });
    observer.sync();
    await flush();
    expect(observer.getResult().data).toBe('b');
    expect(client.findAll({ queryKey: ['k', 'a'] })[0]?.observers.size).toBe(0);
    // refetch() fetches a disabled query too
    observer.setOptions({ ...options, queryKey: ['k', 'b'], enabled: false });
    observer.sync();
    await observer.refetch();
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('shows the previous key’s data as placeholder with keepPreviousData', async () => {
    const client = newClient();
    const answer = deferred<string>();
    const options = {
      queryKey: ['page', 1],
      queryFn: async ({ queryKey }: { queryKey: readonly unknown[] }) =>
        queryKey[1] === 1 ? 'page 1' : answer.promise,
      placeholderData: keepPreviousData,
    };
    const { observer } = mount(client, options);
    await flush();
    observer.setOptions({ ...options, queryKey: ['page', 2] });
    observer.sync();
    expect(observer.getResult()).toMatchObject({
      data: 'page 1',
      isPlaceholderData: true,
      isPending: false,
      status: 'success',
      isFetching: true,
    });
    answer.resolve('page 2');
    await flush();
    expect(observer.getResult()).toMatchObject({ data: 'page 2', isPlaceholderData: false });
  });

  it('polls on refetchInterval while watched, and stops when its function says so or on unmount', async () => {
    const client = newClient();
    let fail = false;
    const queryFn = vi.fn(async () => {
      if (fail) throw new Error('x');
      return 1;
    });
    const { unsubscribe } = mount(client, {
      queryKey: ['k'],
      queryFn,
      refetchInterval: (q) => (q.state.error === null ? 1000 : false),
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    fail = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(queryFn).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(5000);
    expect(queryFn).toHaveBeenCalledTimes(5);

    const polled = vi.fn(async () => 2);
    const other = mount(client, { queryKey: ['p'], queryFn: polled, refetchInterval: 500 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(polled).toHaveBeenCalledTimes(3);
    other.unsubscribe();
    unsubscribe();
    await vi.advanceTimersByTimeAsync(5000);
    expect(polled).toHaveBeenCalledTimes(3);
  });

  it('refetches its stale query when the browser is back online', async () => {
    const client = newClient();
    const queryFn = vi.fn(async () => 1);
    const { observer } = mount(client, { queryKey: ['k'], queryFn });
    await flush();
    observer.onOnline();
    expect(queryFn).toHaveBeenCalledTimes(2);
    const fresh = mount(client, { queryKey: ['f'], queryFn, staleTime: 60_000 });
    await flush();
    fresh.observer.onOnline();
    expect(queryFn).toHaveBeenCalledTimes(3);
  });
});

describe('MutationObserver (useMutation)', () => {
  it('is pending with its variables until mutationFn and the awaited callbacks settle', async () => {
    const answer = deferred<string>();
    const saved = deferred<void>();
    const onSuccess = vi.fn(() => saved.promise);
    const onSettled = vi.fn();
    const own = vi.fn();
    const observer = new MutationObserver({
      mutationFn: (_name: string) => answer.promise,
      onSuccess,
      onSettled,
    });
    observer.subscribe(() => undefined);
    expect(observer.getResult()).toMatchObject({ status: 'idle', isIdle: true, isPending: false });
    observer.getResult().mutate('x', { onSuccess: own });
    expect(observer.getResult()).toMatchObject({ isPending: true, variables: 'x' });
    answer.resolve('done');
    await flush();
    expect(onSuccess).toHaveBeenCalledWith('done', 'x', undefined);
    expect(observer.getResult().isPending).toBe(true);
    saved.resolve();
    await flush();
    expect(observer.getResult()).toMatchObject({ status: 'success', data: 'done', variables: 'x' });
    expect(onSettled).toHaveBeenCalledWith('done', null, 'x', undefined);
    expect(own).toHaveBeenCalledWith('done', 'x', undefined);
    observer.getResult().reset();
    expect(observer.getResult()).toMatchObject({ status: 'idle', data: undefined, variables: undefined });
  });

  it('passes a failure to onError (with onMutate’s context), keeps it in `error`; mutate never throws', async () => {
    const failure = new Error('refused');
    const onError = vi.fn();
    const observer = new MutationObserver({
      mutationFn: async (_: number) => {
        throw failure;
      },
      onMutate: () => 'ctx',
      onError,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    observer.mutate(1);
    await flush();
    expect(onError).toHaveBeenCalledWith(failure, 1, 'ctx');
    expect(observer.getResult()).toMatchObject({ status: 'error', isError: true, error: failure });
    await expect(observer.mutateAsync(2)).rejects.toBe(failure);
    // mutate()'s own callbacks are skipped once the component is gone; the hook's still run
    unsubscribe();
    const own = vi.fn();
    observer.mutate(3, { onError: own });
    await flush();
    expect(own).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledTimes(3);
  });

  it('reports only the latest mutate()', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let n = 0;
    const observer = new MutationObserver({
      mutationFn: (_: string) => (answers[n++] as (typeof answers)[0]).promise,
    });
    observer.mutate('a');
    observer.mutate('b');
    answers[1]?.resolve('B');
    await flush();
    answers[0]?.resolve('A');
    await flush();
    expect(observer.getResult()).toMatchObject({ data: 'B', variables: 'b' });
  });
});
