// The back office's users (the list, a user's whole file) and what waits, beside the sidebar's
// section names. The other admin screens' hooks live in their features.
import { useQuery } from "@tanstack/react-query";
import { cachedUntilRefetched, countsKey, useAdminAction } from "../../api/admin";
import { api, unwrap } from "../../api/client";

export const usersKey = ["/api/admin/users"] as const;
export const userFileKey = ["/api/admin/users", "detail"] as const;

// GET /api/admin/users: one page of users (searched on the server), the totals and the lists around them.
export function useAdminUsers(search = "", page = 1) {
  return useQuery({
    queryKey: [...usersKey, search, page],
    queryFn: () =>
      unwrap(
        api.admin.users.get({ query: { search: search || undefined, page: page > 1 ? String(page) : undefined } }),
      ),
    ...cachedUntilRefetched,
    placeholderData: (previous) => previous,
  });
}

// GET /api/admin/users/:id: a user's whole file.
export const useUserFile = (id: number) =>
  useQuery({ queryKey: [...userFileKey, id], queryFn: () => unwrap(api.admin.users({ id }).get()) });

// GET /api/admin/counts: what waits, beside the sidebar's section names (refetched each minute).
export const useCounts = () =>
  useQuery({ queryKey: countsKey, queryFn: () => unwrap(api.admin.counts.get()), refetchInterval: 60_000 });

// PATCH /api/admin/users/:id: disable or enable the account, the admins' note (the answer says what it did).
export const useUpdateUser = (id: number) =>
  useAdminAction({
    send: (body: { disabled?: boolean; note?: string }) => api.admin.users({ id }).patch(body),
    refresh: [userFileKey, usersKey],
    success: (answer, body) => ({
      title: body.disabled === true ? "Account disabled" : body.disabled === false ? "Account enabled" : "Note saved",
      description: answer.message,
    }),
    failure: "Update Failed",
  });

// POST /api/admin/users/:id/two-factor/reset: the user's two-factor sign-in off (the step-up dialog
// asks for a code, or the password, first).
export const useResetTwoFactor = (id: number) =>
  useAdminAction({
    send: () => api.admin.users({ id })["two-factor"].reset.post(),
    refresh: [userFileKey],
    success: (answer) => ({ title: "Two-factor sign-in reset", description: answer.message }),
    failure: "Reset Failed",
  });
