import { QueryClient } from "@tanstack/react-query";

// A query key's first part is the API path it reads (logout forgets /api/user/... and /api/admin...
// by it); each query brings its own typed query function (client.ts).
export const FIVE_MINUTES = 5 * 60 * 1000;

export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

// Defaults of spec section 9: fresh for 5 minutes, no refetch on focus, 3 retries with backoff; mutations never retried.
// A mutation is sent when asked, online or not ("always"): offline it fails at once in words (the
// form says so, with Retry), never held back and sent later without the person seeing it.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: 3,
        retryDelay,
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
