import { focusManager, onlineManager, type QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DevicesApi } from '../features/devices/api/devicesApi';
import { panelQueries } from '../features/devices/api/panelQueries';
import { HttpError } from './errors';
import { createQueryClient, isTransientFailure, QUERY_RETRIES } from './queryClient';

// The console's cache (TanStack Query with the options of createQueryClient) as the screens use it: a
// QueryObserver is what useQuery runs, so these run without a DOM.

const network = () => new HttpError('GET', '/api/x', { kind: 'network' });
const status = (code: number, body: unknown) =>
  new HttpError('GET', '/api/x', { kind: 'status', status: code, body });

let client: QueryClient;
const stops: (() => void)[] = [];
beforeEach(() => {
  client = createQueryClient();
  client.mount();
  stops.push(() => client.unmount());
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  client.clear();
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

/** What a mounted useQuery does: watch the query (and fetch it when due). */
function watch<T>(options: ConstructorParameters<typeof QueryObserver<T>>[1]) {
  const observer = new QueryObserver<T>(client, options);
  stops.push(observer.subscribe(() => {}));
  return observer;
}

const settled = (observer: QueryObserver<unknown>) =>
  vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));

describe('retries', () => {
  it('tries again only when another try may succeed', () => {
    expect(isTransientFailure(network())).toBe(true);
    expect(isTransientFailure(status(503, { code: 'SHUTTING_DOWN', message: 'closing' }))).toBe(true);
    expect(isTransientFailure(status(503, { code: 'CLOUD_BUSY', message: 'busy' }))).toBe(true);
    expect(isTransientFailure(status(503, { code: 'GATEWAY_OFFLINE', message: 'offline' }))).toBe(false);
    expect(isTransientFailure(status(502, { code: 'DEVICE_UNREACHABLE', message: 'gone' }))).toBe(false);
    expect(isTransientFailure(status(404, { code: 'NOT_FOUND', message: 'none' }))).toBe(false);
    expect(isTransientFailure(new HttpError('GET', '/x', { kind: 'timeout' }))).toBe(false);
    expect(isTransientFailure(new Error('bug'))).toBe(false);
  });

  it('asks again after a network failure with growing waits, and shows a refusal at once', async () => {
    vi.useFakeTimers();
    const flaky = vi.fn(async () => {
      throw network();
    });
    const refused = vi.fn(async () => {
      throw status(404, { code: 'NOT_FOUND', message: 'none' });
    });
    const a = watch({ queryKey: ['flaky'], queryFn: flaky });
    const b = watch({ queryKey: ['refused'], queryFn: refused });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.getCurrentResult().status).toBe('error');
    expect(refused).toHaveBeenCalledTimes(1);
    expect(flaky).toHaveBeenCalledTimes(1);
    // TanStack's waits: 1 s, 2 s, 4 s
    await vi.advanceTimersByTimeAsync(999);
    expect(flaky).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(flaky).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000 + 4000);
    expect(flaky).toHaveBeenCalledTimes(1 + QUERY_RETRIES);
    expect(a.getCurrentResult().status).toBe('error');
  });

  it('ends a wait between tries when the query is cancelled, without asking again', async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn(async () => {
      throw network();
    });
    const observer = watch({ queryKey: ['flaky'], queryFn });
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().fetchStatus).toBe('fetching');
    await client.cancelQueries({ queryKey: ['flaky'] });
    expect(observer.getCurrentResult().fetchStatus).toBe('idle');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});

describe('refetching', () => {
  it('asks again for watched answers when the window gets the focus back', async () => {
    let n = 0;
    const observer = watch({ queryKey: ['n'], queryFn: async () => ++n });
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(2));
  });

  it('asks again for watched answers when the network comes back, and waits while it is down', async () => {
    let n = 0;
    const observer = watch({ queryKey: ['n'], queryFn: async () => ++n });
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    onlineManager.setOnline(false);
    void observer.refetch();
    expect(observer.getCurrentResult().fetchStatus).toBe('paused');
    expect(n).toBe(1);
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(2));
    await settled(observer as QueryObserver<unknown>);
  });
});

describe('a write after a change (the pattern of the panel tabs, rename and integrations)', () => {
  it('is not overwritten by an answer that was in flight before it', async () => {
    let answer: (value: string) => void = () => {};
    const key = ['device', '', '10.0.0.2', 'getInfo'];
    client.setQueryData(key, 'old');
    const observer = watch({
      queryKey: key,
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('fetching'));
    // what the mutations' onMutate / onSuccess do before they write
    await client.cancelQueries({ queryKey: key });
    client.setQueryData(key, 'renamed');
    answer('old');
    await settled(observer as QueryObserver<unknown>);
    expect(client.getQueryData(key)).toBe('renamed');
    expect(observer.getCurrentResult().data).toBe('renamed');
  });
});

describe('the device panel’s lists filled before the panel renders (gateway mode start-up)', () => {
  it('are taken from the prefetch by the lists mounting after it, without asking the gateway again', async () => {
    const calls: string[] = [];
    const answer =
      <T>(name: string, value: T) =>
      async () => {
        calls.push(name);
        return value;
      };
    const api = {
      searchEnabled: answer('enabled', true),
      found: answer('found', [
        { ip: '10.0.0.10', name: 'b' },
        { ip: '10.0.0.9', name: 'a' },
      ]),
      saved: answer('saved', []),
    } as unknown as DevicesApi;
    const queries = panelQueries(api, '');
    await Promise.all(
      [queries.searchEnabled, queries.found, queries.saved].map((q) =>
        client.prefetchQuery(q as Parameters<QueryClient['prefetchQuery']>[0]),
      ),
    );
    expect(calls.sort()).toEqual(['enabled', 'found', 'saved']);
    const found = watch(queries.found as ConstructorParameters<typeof QueryObserver<unknown>>[1]);
    expect(found.getCurrentResult()).toMatchObject({ status: 'success', fetchStatus: 'idle' });
    expect((found.getCurrentResult().data as { ip: string }[]).map((d) => d.ip)).toEqual([
      '10.0.0.9',
      '10.0.0.10',
    ]);
    expect(calls).toHaveLength(3);
  });
});
