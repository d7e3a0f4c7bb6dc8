// The notifications the header's bell shows.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { useCurrentUser } from "../../api/session";

export const notificationsKey = ["/api/user/notifications"] as const;
// The spec's polling rhythm.
export const NOTIFICATIONS_POLL_MS = 30_000;

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
