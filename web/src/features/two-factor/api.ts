// The logged-in user's sign-in security: two-factor sign-in (set up, turn on and off, new recovery
// codes), the step-up code the admin's money actions ask for, and their sessions (list, end one, end
// the others). Loaded with the settings page and the back office, never with the home page.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { currentUserKey, useCurrentUser, useLoggedOut } from "../../api/session";

export const sessionsKey = ["/api/user/sessions"] as const;

// POST /api/user/two-factor/setup: a new secret (its QR code, as an SVG the server drew, and as text).
export const useTwoFactorSetup = () => useMutation({ mutationFn: () => unwrap(api.user["two-factor"].setup.post()) });

// POST /api/user/two-factor/enable: the first code from the app turns it on; answers the ten
// recovery codes, shown once. The user is reread when the codes are put away (useTwoFactorChanged).
export const useEnableTwoFactor = () => useMutation({ mutationFn: (code: string) => unwrap(api.user["two-factor"].enable.post({ code })) });

// Rereads the user (what GET /api/user says of their second factor).
export function useTwoFactorChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: currentUserKey });
}

export function useDisableTwoFactor() {
  const changed = useTwoFactorChanged();
  return useMutation({ mutationFn: (code: string) => unwrap(api.user["two-factor"].disable.post({ code })), onSuccess: () => changed() });
}

// Ten new recovery codes (the old ones stop working).
export const useRenewRecoveryCodes = () => useMutation({ mutationFn: (code: string) => unwrap(api.user["two-factor"]["recovery-codes"].post({ code })) });

// POST /api/user/step-up: a code entered now allows the money actions for 5 minutes.
export const useStepUp = () => useMutation({ mutationFn: (code: string) => unwrap(api.user["step-up"].post({ code })) });

// Whether this server makes the user keep two-factor sign-in on (an admin of a server that pays real XRP).
export function useMustKeepTwoFactor(): boolean {
  const { data: user } = useCurrentUser();
  return Boolean(user?.twoFactor.required);
}

// GET /api/user/sessions: where the user is signed in, the last seen first.
export function useSessions() {
  const { data: user } = useCurrentUser();
  return useQuery({ queryKey: sessionsKey, queryFn: () => unwrap(api.user.sessions.get()), enabled: Boolean(user), refetchOnMount: "always" });
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
