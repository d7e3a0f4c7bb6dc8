// /admin/inbox: the contact form's messages, newest first: reply by email, mark read or unread, delete.
import { Badge, Empty, Loading, Panel, when } from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";
import { useDeleteMessage, useInbox, useMarkRead } from "../api";

export function InboxScreen() {
  const inbox = useInbox();
  const markRead = useMarkRead();
  const remove = useDeleteMessage();
  if (!inbox.data) return <Loading />;
  const { messages, unread } = inbox.data;
  return (
    <Panel title="Inbox" actions={<Badge tone={unread ? "yellow" : "grey"}>{unread} unread</Badge>}>
      {messages.length === 0 ? (
        <Empty>No messages yet. Messages sent with the contact form (/contact) arrive here.</Empty>
      ) : (
        <ul className="space-y-3">
          {messages.map((m) => (
            <li key={m.id} className="rounded-lg border border-slate-200 p-4">
              <article aria-label={`Message from ${m.name}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">
                    {m.name} <span className="font-normal text-slate-600">&lt;{m.email}&gt;</span>
                  </h3>
                  <p className="text-sm text-slate-600">
                    {when(m.createdAt)} {!m.readAt && <Badge tone="yellow">New</Badge>}
                  </p>
                </div>
                <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{m.message}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <a href={`mailto:${m.email}?subject=${encodeURIComponent("Re: your message")}`} className={buttonClass({ variant: "outline", size: "sm" })}>
                    Reply by email
                  </a>
                  <button type="button" className={buttonClass({ variant: "outline", size: "sm" })} onClick={() => markRead.mutate({ id: m.id, read: !m.readAt })}>
                    {m.readAt ? "Mark unread" : "Mark read"}
                  </button>
                  <button type="button" className={buttonClass({ variant: "outline", size: "sm" })} onClick={() => remove.mutate(m.id)}>
                    Delete
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
