import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest } from './api';

/** Spec §7: the default fetch joins the key's segments with '/' into the URL and GETs it. */
const getByKey: QueryFunction = ({ queryKey }) => apiRequest('GET', queryKey.join('/'));

/** Spec §7: data is never stale; no retries, no refetch on focus, no interval refetch. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getByKey,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
