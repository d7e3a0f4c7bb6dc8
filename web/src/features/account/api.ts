// The user's own account: their faucet requests and rewards, settings, password change and reset,
// and "Forgot password?". Each self-service call's errors keep the server's X-Error-Code (`code`), so
// a form shows the message under the field it belongs to. (Logging in and out and the current user
// are api/session.ts: the whole app reads them.)
import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type Answer, api, unwrap } from "../../api/client";
import { currentUserKey, useCurrentUser, type User } from "../../api/session";
import type { Data } from "../../api/types";
import { useAfterFirstPaint } from "../../lib/useAfterFirstPaint";
import { faucetRequestsKey, rewardsHistoryKey } from "./keys";

export type RewardEntry = Data<(typeof api.user)["rewards-history"]["get"]>[number];

export { faucetRequestsKey, rewardsHistoryKey };
export const authOptionsKey = ["/api/auth/options"] as const;

// The logged-in user's faucet requests, newest first; never fetched without a user. Refetched whenever the
// dashboard opens, because requests made on /faucet and an admin's decisions change them. Like every
// list the dashboard shows, asked once the page has painted (useAfterFirstPaint): its first paint
// waits for nothing but the user.
export function useFaucetRequests() {
  const { data: user } = useCurrentUser();
  const painted = useAfterFirstPaint();
  return useQuery({
    queryKey: faucetRequestsKey,
    queryFn: () => unwrap(api.user["faucet-requests"].get()),
    enabled: painted && Boolean(user),
    refetchOnMount: "always",
  });
}

// The logged-in user's rewards (social, review, streak bonuses), newest first.
export function useRewardsHistory() {
  const { data: user } = useCurrentUser();
  const painted = useAfterFirstPaint();
  return useQuery({
    queryKey: rewardsHistoryKey,
    queryFn: () => unwrap(api.user["rewards-history"].get()),
    enabled: painted && Boolean(user),
    refetchOnMount: "always",
  });
}

// The points, streak and last claim change with every faucet request: the dashboard rereads the user
// when it opens, unless the user was read a moment ago (the page's first load, a login's answer).
export function useRefreshUserOnMount() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const readAt = queryClient.getQueryState(currentUserKey)?.dataUpdatedAt ?? 0;
    if (Date.now() - readAt > JUST_READ_MS) void queryClient.invalidateQueries({ queryKey: currentUserKey });
  }, [queryClient]);
}
const JUST_READ_MS = 2000;

// The error of a failed call, with the server's stable code (null when the request never arrived).
export type CodedError = Error & { code?: string | null };
export async function withCode<A extends Answer>(call: Promise<A>) {
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
export const useAuthOptions = () =>
  useQuery({
    queryKey: authOptionsKey,
    queryFn: () => unwrap(api.auth.options.get()),
    staleTime: Number.POSITIVE_INFINITY,
  });

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

// (A new password's calls, the change and the reset link's, are components/NewPasswordFields.tsx's:
// this file is in every page's download, through index.ts.)

// "Forgot password?" (a protected form: the client adds the proof of work).
export function useRequestReset() {
  return useMutation({ mutationFn: (email: string) => withCode(api["password-reset"].request.post({ email })) });
}
