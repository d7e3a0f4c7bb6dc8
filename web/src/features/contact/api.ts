// The contact form (a protected form: it carries a proof of work) and the admin's inbox of its
// messages. Reading or deleting one refreshes the unread count beside Inbox and in the health strip.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { cachedUntilRefetched, countsKey, healthKey, useAdminAction } from "../../api/admin";
import { api, unwrap } from "../../api/client";
import type { Body, Data } from "../../api/types";

export type ContactMessage = Data<typeof api.admin.contact.messages.get>["messages"][number];
export const inboxKey = ["/api/admin/contact/messages"] as const;

export const useContact = () =>
  useMutation({ mutationFn: (message: Body<typeof api.contact.post>) => unwrap(api.contact.post(message)) });

// A page of the inbox (`page`, and `bursts: "hide"` to leave out what came in a burst): its messages,
// the unread count, and from the headers the list's total, the page size and the messages in bursts.
export type InboxQuery = { page?: string; bursts?: string };
export function useInbox(query: InboxQuery = {}) {
  return useQuery({
    queryKey: [...inboxKey, query],
    placeholderData: (previous) => previous,
    queryFn: async () => {
      const answer = await api.admin.contact.messages.get({ query });
      const data = await unwrap(answer);
      const header = (name: string, fallback: number) => Number(answer.response?.headers.get(name) ?? fallback);
      return {
        ...data,
        total: header("x-total-count", data.messages.length),
        pageSize: header("x-page-size", 100),
        bursts: header("x-burst-count", 0),
      };
    },
    ...cachedUntilRefetched,
  });
}

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
