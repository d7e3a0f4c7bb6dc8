// Logging in and registering (the login and register page's: not in every page's download; the
// session itself is api/session.ts).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { currentUserKey } from "../../api/session";
import type { Body } from "../../api/types";
import { failureToast, toast } from "../../components/ui/use-toast";
import { ApiError, authErrorText } from "../../lib/errors";
import { useProofOfWork } from "../../lib/proof-of-work";
import { t } from "../../i18n";

// The forms' fields as the routes name them, each filled in (the routes' schemas leave every one optional).
type Filled<T> = { [K in keyof T]-?: NonNullable<T[K]> };
// (the login's two-factor code is sent only once the server asks for it)
export type Credentials = Omit<Filled<Body<typeof api.login.post>>, "code"> & { code?: string };
export type Registration = Filled<Body<typeof api.register.post>>;

// The login's answer for an account with two-factor sign-in when no code came with the password: the
// form then asks for the code (no error toast).
export const isCodeRequired = (error: unknown) => error instanceof ApiError && error.code === "TWO_FACTOR_REQUIRED";
// A login refused as it was sent (a wrong password, or with a code: a wrong password or code).
export const isLoginRefused = (error: unknown) =>
  error instanceof ApiError && error.status === 401 && !isCodeRequired(error);

// On success the new user is stored; the logged-out-only route then sends them to homeFor(user).
// Registering carries a proof of work (the client adds it), so its form solves one while on screen.
// A failure shows a toast, but for what the form shows itself (`shownByForm`).
export function useSignIn<Form>(
  call: "login" | "register",
  successText: string,
  toPayload: (form: Form) => Registration & { code?: string },
  shownByForm = isCodeRequired,
) {
  useProofOfWork("register", call === "register");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: Form) => unwrap(api[call].post(toPayload(form))),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(currentUserKey, user);
      toast({ title: t("auth.toast.success"), description: successText });
    },
    onError: (error) => {
      if (!shownByForm(error)) failureToast(t("auth.toast.error"), authErrorText)(error);
    },
  });
}

// POST /api/login; the login form always sends an empty email (the route ignores it).
export function useLogin() {
  return useSignIn("login", t("auth.login.success"), (form: Credentials) => ({ ...form, email: "" }));
}
