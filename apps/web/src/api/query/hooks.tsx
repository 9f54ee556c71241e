// The React side: the client in context, and the hooks over QueryObserver and MutationObserver.
import { createContext, type ReactNode, use, useEffect, useState, useSyncExternalStore } from 'react';
import type { QueryClient } from './client';
import { MutationObserver, type UseMutationOptions, type UseMutationResult } from './mutation';
import { QueryObserver } from './observer';
import type { UseQueryOptions, UseQueryResult } from './types';

const ClientContext = createContext<QueryClient | undefined>(undefined);

/** Gives the tree its client (and refetches its stale watched queries when the browser is back online). */
export function QueryClientProvider({ client, children }: { client: QueryClient; children?: ReactNode }) {
  useEffect(() => client.mount(), [client]);
  return <ClientContext value={client}>{children}</ClientContext>;
}

export function useQueryClient(): QueryClient {
  const client = use(ClientContext);
  if (client === undefined) throw new Error('No QueryClient set, use QueryClientProvider to set one');
  return client;
}

/**
 * A query of the cache, watched while the component is mounted: fetched on mount, on a key change and when
 * enabled if its data is stale (staleTime, default 0), polled on refetchInterval, re-rendered on each change.
 */
export function useQuery<T>(options: UseQueryOptions<T>): UseQueryResult<T> {
  const client = useQueryClient();
  const [observer] = useState(() => new QueryObserver(client, options));
  observer.setOptions(options);
  const result = useSyncExternalStore(observer.subscribe, observer.getResult, observer.getResult);
  useEffect(() => {
    observer.sync();
  });
  return result;
}

export function useMutation<TData = unknown, TError = Error, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const [observer] = useState(() => new MutationObserver(options));
  observer.options = options;
  return useSyncExternalStore(observer.subscribe, observer.getResult, observer.getResult);
}
