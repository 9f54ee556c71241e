import { type ReactNode, useState } from 'react';
import { QueryClient, QueryClientProvider } from '../api/query';

/**
 * Server state of the routed console: one cache per mount, so signing out (which unmounts the cloud
 * console) drops every answer of the previous user. The login screen downloads none of the cache (api/query).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
