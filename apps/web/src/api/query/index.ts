// The console's server-state cache (issue 21): TanStack Query's API, the part the console uses (README.md).
export { QueryClient } from './client';
export { QueryClientProvider, useMutation, useQuery, useQueryClient } from './hooks';
export type { QueryKey } from './key';
export type { MutateOptions, UseMutationOptions, UseMutationResult } from './mutation';
export type { Query } from './query';
export type {
  FetchQueryOptions,
  InvalidateQueryFilters,
  QueryFilters,
  QueryFunctionContext,
  QueryState,
  UseQueryOptions,
  UseQueryResult,
} from './types';

/** placeholderData that shows the previous key's data while the new key's first answer loads. */
export const keepPreviousData = <T>(previousData: T | undefined): T | undefined => previousData;
