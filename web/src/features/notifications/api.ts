// A user helping themselves: account settings, password change and reset, "Forgot password?", and
// the notifications the header's bell shows. Each call's errors keep the server's X-Error-Code
// (`code`), so a form shows the message under the field it belongs to.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api, unwrap } from "../../api/client";
import { currentUserKey, useCurrentUser, type User } from "../../api/session";

export const authOptionsKey = ["/api/auth/options"] as const;
export const notificationsKey = ["/api/user/notifications"] as const;
// The spec's polling rhythm.
export const NOTIFICATIONS_POLL_MS = 30_000;

// The error of a failed call, with the server's stable code (null when the request never arrived).
export type CodedError = Error & { code?: string | null };
async function withCode<A extends Answer>(call: Promise<A>) {
  const answer = await call;
  const code = answer.response?.headers.get("x-error-code") ?? null;
  try {
    return await unwrap(answer);
  } catch (error) {
    if (error instanceof Error) (error as CodedError).code = code;
    throw error;
  }
}

// Which field a failed call's error belongs to (by its code), or null for the form as a whole.
export function fieldOf(error: unknown, fields: Record<string, string>): string | null {
  const code = (error as CodedError | null)?.code;
  return (code && fields[code]) || null;
}

// Is "Forgot password?" by email on (the operator configured SMTP)?
export const useAuthOptions = () => useQuery({ queryKey: authOptionsKey, queryFn: () => unwrap(api.auth.options.get()), staleTime: Number.POSITIVE_INFINITY });

export interface SettingsForm {
  email?: string;
  currentPassword?: string;
  xrpAddress?: string | null;
  destinationTag?: number | null;
}

// PATCH /api/user: the answer is the user as GET /api/user gives it.
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: SettingsForm) => withCode(api.user.patch(form)),
    onSuccess: (user: User) => queryClient.setQueryData(currentUserKey, user),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (form: { currentPassword: string; newPassword: string }) => withCode(api.user.password.post(form)) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (form: { token: string; newPassword: string }) => withCode(api["password-reset"].post(form)) });
}

// "Forgot password?" (a protected form: the client adds the proof of work).
export function useRequestReset() {
  return useMutation({ mutationFn: (email: string) => withCode(api["password-reset"].request.post({ email })) });
}

// The logged-in user's latest notifications and unread count, polled every 30 s.
export function useNotifications() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: notificationsKey,
    queryFn: () => unwrap(api.user.notifications.get()),
    enabled: Boolean(user),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
}

// Marks the given notifications read (all without ids).
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => unwrap(api.user.notifications.read.post(ids ? { ids } : {})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}
