// Where the user is signed in (list, end one, end the others). Loaded with the settings page, never
// with the home page. (The admins' latest sign-ins are admin-api.ts.)
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { useCurrentUser, useLoggedOut } from "../../api/session";

export const sessionsKey = ["/api/user/sessions"] as const;

// GET /api/user/sessions: where the user is signed in, the last seen first.
export function useSessions() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => unwrap(api.user.sessions.get()),
    enabled: Boolean(user),
    refetchOnMount: "always",
  });
}

// Ends one session; ending this device's own is a logout.
export function useEndSession() {
  const queryClient = useQueryClient();
  const loggedOut = useLoggedOut();
  return useMutation({
    mutationFn: (session: { id: string; current: boolean }) => unwrap(api.user.sessions({ id: session.id }).delete()),
    onSuccess: (answer, session) => {
      if (session.current) loggedOut(answer.message);
      else void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}

// Ends every session but this one.
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.user.sessions.delete()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
