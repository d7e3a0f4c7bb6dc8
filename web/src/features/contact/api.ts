// The contact form (a protected form: it carries a proof of work) and the admin's inbox of its
// messages. Reading or deleting one refreshes the unread count beside Inbox and in the health strip.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { cachedUntilRefetched, countsKey, healthKey, useAdminAction } from "../../api/admin";
import { api, unwrap } from "../../api/client";
import type { Body, Data } from "../../api/types";

export type ContactMessage = Data<typeof api.admin.contact.messages.get>["messages"][number];
export const inboxKey = ["/api/admin/contact/messages"] as const;

export const useContact = () => useMutation({ mutationFn: (message: Body<typeof api.contact.post>) => unwrap(api.contact.post(message)) });

export const useInbox = () => useQuery({ queryKey: inboxKey, queryFn: () => unwrap(api.admin.contact.messages.get()), ...cachedUntilRefetched });

export const useMarkRead = () =>
  useAdminAction({
    send: ({ id, read }: { id: number; read: boolean }) => api.admin.contact.messages({ id }).patch({ read }),
    refresh: [inboxKey, healthKey],
    success: (m) => ({ title: m.readAt ? "Marked Read" : "Marked Unread", description: `The message from ${m.name}.` }),
    failure: "Update Failed",
  });

export const useDeleteMessage = () =>
  useAdminAction({
    send: (id: number) => api.admin.contact.messages({ id }).delete(),
    refresh: [inboxKey, healthKey],
    success: () => ({ title: "Message Deleted" }),
    failure: "Update Failed",
  });

// An unread message opened: marked read, quietly (no toast: opening is not an action of its own).
export function useOpenMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.admin.contact.messages({ id }).patch({ read: true })),
    onSettled: () => {
      for (const key of [inboxKey, countsKey, healthKey]) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
