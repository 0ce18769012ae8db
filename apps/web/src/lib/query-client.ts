import { MutationCache, QueryClient } from '@tanstack/react-query';
import { alertFromError, showAlert } from './alert';
import { errorStatus, isSessionExpiredError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { skipAlert?: boolean };
  }
}

/** Server state cache. Failed mutations raise the alert banner unless they opt out. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => {
        const status = errorStatus(error);
        if (status !== undefined && status < 500) return false;
        return failures < 2;
      },
    },
    mutations: { retry: false },
  },
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.skipAlert || isSessionExpiredError(error)) return;
      showAlert(alertFromError(error));
    },
  }),
});
