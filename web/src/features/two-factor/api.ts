// Two-factor sign-in (set up, turn on and off, new recovery codes) and the step-up code the admin's
// money actions ask for. Loaded with the settings page and the back office, never with the home page.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { currentUserKey, useCurrentUser } from "../../api/session";

// POST /api/user/two-factor/setup: a new secret (its QR code, as an SVG the server drew, and as text),
// given the password, or for an admin of a server paying real XRP the setup code --seed-admin printed.
export type SetupProof = { password: string } | { setupCode: string };
export const useTwoFactorSetup = () =>
  useMutation({ mutationFn: (proof: SetupProof) => unwrap(api.user["two-factor"].setup.post(proof)) });

// POST /api/user/two-factor/enable: the first code from the app turns it on; answers the ten
// recovery codes, shown once. The user is reread when the codes are put away (useTwoFactorChanged).
export const useEnableTwoFactor = () =>
  useMutation({ mutationFn: (code: string) => unwrap(api.user["two-factor"].enable.post({ code })) });

// Rereads the user (what GET /api/user says of their second factor).
export function useTwoFactorChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: currentUserKey });
}

export function useDisableTwoFactor() {
  const changed = useTwoFactorChanged();
  return useMutation({
    mutationFn: (code: string) => unwrap(api.user["two-factor"].disable.post({ code })),
    onSuccess: () => changed(),
  });
}

// Ten new recovery codes (the old ones stop working).
export const useRenewRecoveryCodes = () =>
  useMutation({ mutationFn: (code: string) => unwrap(api.user["two-factor"]["recovery-codes"].post({ code })) });

// POST /api/user/step-up: a code entered now allows the money actions (and a reset link) for 5
// minutes; without two-factor sign-in, the password allows a reset link.
export const useStepUp = () =>
  useMutation({
    mutationFn: (proof: { code: string } | { password: string }) => unwrap(api.user["step-up"].post(proof)),
  });

// Whether this server makes the user keep two-factor sign-in on (an admin of a server that pays real XRP).
export function useMustKeepTwoFactor(): boolean {
  const { data: user } = useCurrentUser();
  return Boolean(user?.twoFactor.required);
}
