import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { keepFavouritesRecord } from '../features/favourites/api/liked.ts';
import { ToastProvider } from '../components/ui/Toast.tsx';

/** One query client per app: short stale time, and no retries for answers that will not change (4xx). */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
  if (typeof window !== 'undefined') keepFavouritesRecord(client);
  return client;
}

/** Providers that do not need the router (the session provider lives in the root route). */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
