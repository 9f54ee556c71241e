// The console's server-state cache: TanStack Query with its defaults (refetch on window focus and when the
// network returns, answers stale at once, unwatched queries dropped after 5 minutes), except that a query
// is tried again only when another try may succeed.
import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './errors';

/** Tries after the first failure, each after TanStack's wait (1 s doubling, up to 30 s; an abort ends it). */
export const QUERY_RETRIES = 3;

/** Error codes with which a server says it cannot serve now but will soon (packages/protocol errors.ts). */
const TRY_AGAIN_CODES: ReadonlySet<string> = new Set(['SHUTTING_DOWN', 'NOT_READY', 'CLOUD_BUSY']);

/**
 * Whether trying again may succeed: no answer came (the server restarts, the network dropped), or the
 * server said it cannot serve for now. A refusal, a device's or a gateway's failure, an answer that does
 * not parse and a timeout are shown at once: asking again would give the same answer, or wait as long.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  const { failure } = error;
  if (failure.kind === 'network') return true;
  if (failure.kind !== 'status' || failure.status !== 503) return false;
  const code = (failure.body as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && TRY_AGAIN_CODES.has(code);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < QUERY_RETRIES && isTransientFailure(error),
      },
    },
  });
}
