import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '../api/queryClient';

/**
 * Server state of the routed console: one cache per mount, so signing out (which unmounts the cloud
 * console) drops every answer of the previous user.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
