import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { toast } from "../components/ui/use-toast";
import { authErrorText } from "../lib/errors";
import { useProofOfWork } from "../lib/proof-of-work";
import { sendJson } from "./client";

export type User = {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  xrpAddress: string | null;
  drops: number;
  totalClaimed: string;
  dailyStreak: number;
  lastClaim: string | null;
};

export type Credentials = { username: string; password: string };
export type Registration = Credentials & { email: string };

export const currentUserKey = ["/api/user"] as const;

// GET /api/user; 401 means logged out (null). Other failures surface as "status: text".
async function fetchCurrentUser(): Promise<User | null> {
  const response = await fetch("/api/user", { credentials: "same-origin", headers: { accept: "application/json" } });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text().catch(() => "")) || response.statusText}`);
  return (await response.json()) as User;
}

// The session: never stale, never retried.
export function useCurrentUser() {
  return useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: Infinity, retry: false });
}

export function homeFor(user: User): string {
  return user.isAdmin ? "/admin" : "/dashboard";
}

// On success the new user is stored; the logged-out-only route then sends them to homeFor(user).
function useSignIn<Form>(path: "/api/login" | "/api/register", successText: string, toPayload: (form: Form) => Registration) {
  useProofOfWork(path === "/api/register");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: Form) => sendJson<{ user: User }>("POST", path, toPayload(form)),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(currentUserKey, user);
      toast({ title: "Success", description: successText });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Error", description: authErrorText(error) });
    },
  });
}

// POST /api/login; the login form always sends an empty email.
export function useLogin() {
  return useSignIn("/api/login", "Logged in successfully", (form: Credentials) => ({ ...form, email: "" }));
}

export function useRegister() {
  return useSignIn("/api/register", "Registration successful", (form: Registration) => form);
}

// Goes home before forgetting the user, so a page for logged-in users never redirects to /login on the way out
// (flushSync needs BrowserRouter's useTransitions={false} to commit the new location at once). A failed logout shows nothing.
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => sendJson<unknown>("POST", "/api/logout"),
    onSuccess: () => {
      flushSync(() => navigate("/"));
      queryClient.setQueryData(currentUserKey, null);
      queryClient.removeQueries({
        predicate: (query) => /^\/api\/(user\/|admin)/.test(String(query.queryKey[0])),
      });
      toast({ title: "Success", description: "Logged out successfully" });
    },
  });
}
