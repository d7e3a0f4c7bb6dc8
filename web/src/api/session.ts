import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { failureToast, toast } from "../components/ui/use-toast";
import { ApiError, authErrorText } from "../lib/errors";
import { useProofOfWork } from "../lib/proof-of-work";
import { api, unwrap } from "./client";
import type { Body, User } from "./types";

export type { User };
// The forms' fields as the routes name them, each filled in (the routes' schemas leave every one optional).
type Filled<T> = { [K in keyof T]-?: NonNullable<T[K]> };
// (the login's two-factor code is sent only once the server asks for it)
export type Credentials = Omit<Filled<Body<typeof api.login.post>>, "code"> & { code?: string };
export type Registration = Filled<Body<typeof api.register.post>>;

export const currentUserKey = ["/api/user"] as const;

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

// The login's answer for an account with two-factor sign-in when no code came with the password: the
// form then asks for the code (no error toast).
export const isCodeRequired = (error: unknown) => error instanceof ApiError && error.code === "TWO_FACTOR_REQUIRED";

// On success the new user is stored; the logged-out-only route then sends them to homeFor(user).
// Registering carries a proof of work (the client adds it), so its form solves one while on screen.
// A failure shows a toast, but for what the form shows itself (`shownByForm`). (Registering's hook is
// its page's, features/account/pages/Auth.tsx: not in every page's download.)
export function useSignIn<Form>(call: "login" | "register", successText: string, toPayload: (form: Form) => Registration & { code?: string }, shownByForm = isCodeRequired) {
  useProofOfWork("register", call === "register");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: Form) => unwrap(api[call].post(toPayload(form))),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(currentUserKey, user);
      toast({ title: "Success", description: successText });
    },
    onError: (error) => {
      if (!shownByForm(error)) failureToast("Error", authErrorText)(error);
    },
  });
}

// POST /api/login; the login form always sends an empty email (the route ignores it).
export function useLogin() {
  return useSignIn("login", "Logged in successfully", (form: Credentials) => ({ ...form, email: "" }));
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
