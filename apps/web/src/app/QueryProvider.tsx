import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../api/queryClient';

/**
 * Server state of the routed console: one cache per mount, so signing out (which unmounts the cloud
 * console) drops every answer of the previous user. Gateway mode, which never signs out, passes the cache
 * its module made, so start-up can fill the first screen's queries before the console renders.
 */
export function QueryProvider({ client: given, children }: { client?: QueryClient; children: ReactNode }) {
  const [client] = useState(() => given ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
