import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { LiveProvider } from '../lib/live-provider';
import { SessionProvider } from '../lib/session-provider';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <LiveProvider>{children}</LiveProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
