import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { toast } from "../components/ui/use-toast";
import { api, unwrap } from "./client";
import type { User } from "./types";

export type { User };

export const currentUserKey = ["/api/user"] as const;
// (Logging in and registering are features/account/sign-in.ts: their page's, not in every page's download.)

// GET /api/user; 401 means logged out (null).
async function fetchCurrentUser(): Promise<User | null> {
  const answer = await api.user.get();
  return answer.status === 401 ? null : unwrap(answer);
}

// The session: never stale, never retried.
export function useCurrentUser() {
  return useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: Infinity, retry: false });
}

export function homeFor(user: User): string {
  return user.isAdmin ? "/admin" : "/dashboard";
}

// After the session ended (a logout, or the user ended this device's session in their list): goes home
// before forgetting the user, so a page for logged-in users never redirects to /login on the way out
// (flushSync needs BrowserRouter's useTransitions={false} to commit the new location at once).
export function useLoggedOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (message: string) => {
    flushSync(() => navigate("/"));
    queryClient.setQueryData(currentUserKey, null);
    queryClient.removeQueries({
      predicate: (query) => /^\/api\/(user\/|admin)/.test(String(query.queryKey[0])),
    });
    toast({ title: "Success", description: message });
  };
}

// A failed logout shows nothing.
export function useLogout() {
  const loggedOut = useLoggedOut();
  return useMutation({
    mutationFn: () => unwrap(api.logout.post()),
    onSuccess: () => loggedOut("Logged out successfully"),
  });
}
