// /admin/inbox: the contact form's messages, newest first, 100 a page (the page in the URL): open one
// (its whole text; an unread one is then read), reply by email, mark read or unread, delete. A
// message no admin has opened is "New" and counted beside Inbox in the sidebar and in the health
// strip. "Hide bursts" (?bursts=hide) leaves out the messages that came in a burst (3 or more from one
// provider's network within 10 minutes), so one real message is not lost in a flood.
import { useId, useState } from "react";
import { Badge, Empty, Loading, Pager, Panel, useListParams, when } from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { type ContactMessage, useDeleteMessage, useInbox, useMarkRead, useOpenMessage } from "../api";
import { mailtoHref } from "../mailto";

function Message({ m }: { m: ContactMessage }) {
  const [open, setOpen] = useState(false);
  const markRead = useMarkRead();
  const remove = useDeleteMessage();
  const openMessage = useOpenMessage();
  const textId = `message-${m.id}-text`;
  const toggle = () => {
    if (!open && !m.readAt) openMessage.mutate(m.id);
    setOpen(!open);
  };
  return (
    <article aria-label={`Message from ${m.name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {m.name} <span className="font-normal text-slate-600">&lt;{m.email}&gt;</span>
        </h3>
        <p className="text-sm text-slate-600">
          {when(m.createdAt)} {!m.readAt && <Badge tone="yellow">New</Badge>}
        </p>
      </div>
      {/* (closed, a long message shows its first lines) */}
      <p id={textId} className={cn("mt-2 whitespace-pre-wrap break-words text-slate-800", !open && "line-clamp-2")}>
        {m.message}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass({ variant: "outline", size: "sm" })}
          aria-expanded={open}
          aria-controls={textId}
          onClick={toggle}
        >
          {open ? "Close" : "Open"}
        </button>
        <a href={mailtoHref(m.email, "Re: your message")} className={buttonClass({ variant: "outline", size: "sm" })}>
          Reply by email
        </a>
        <button
          type="button"
          className={buttonClass({ variant: "outline", size: "sm" })}
          onClick={() => markRead.mutate({ id: m.id, read: !m.readAt })}
        >
          {m.readAt ? "Mark unread" : "Mark read"}
        </button>
        <button
          type="button"
          className={buttonClass({ variant: "outline", size: "sm" })}
          onClick={() => remove.mutate(m.id)}
        >
          Delete
        </button>
      </div>
    </article>
  );
}

export function InboxScreen() {
  const list = useListParams();
  const hideBursts = list.get("bursts") === "hide";
  const inbox = useInbox(list.query(["page", "bursts"]));
  const toggleId = useId();
  if (!inbox.data) return <Loading />;
  const { messages, unread, total, pageSize, bursts } = inbox.data;
  return (
    <Panel title="Inbox" actions={<Badge tone={unread ? "yellow" : "grey"}>{unread} unread</Badge>}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
        <p>
          <input
            id={toggleId}
            type="checkbox"
            className="mr-2 h-4 w-4 align-middle"
            checked={hideBursts}
            onChange={(e) => list.set({ bursts: e.target.checked ? "hide" : null })}
          />
          <label htmlFor={toggleId} className="font-medium text-slate-800">
            Hide bursts
          </label>{" "}
          <span className="text-slate-600">(3 or more messages from one provider's network within 10 minutes)</span>
        </p>
        <p aria-live="polite">
          {hideBursts
            ? `${total} ${total === 1 ? "message" : "messages"}; ${bursts} from bursts hidden`
            : `${total} ${total === 1 ? "message" : "messages"}${bursts ? `, ${bursts} of them in bursts` : ""}`}
        </p>
      </div>
      {messages.length === 0 ? (
        <Empty>
          {total > 0
            ? "No messages on this page."
            : hideBursts && bursts > 0
              ? "Every message came in a burst: clear Hide bursts to see them."
              : "No messages yet. Messages sent with the contact form (/contact) arrive here."}
        </Empty>
      ) : (
        <ul className="space-y-3">
          {messages.map((m) => (
            <li
              key={m.id}
              className={cn("rounded-lg border p-4", m.readAt ? "border-slate-200" : "border-amber-300 bg-amber-50/40")}
            >
              <Message m={m} />
            </li>
          ))}
        </ul>
      )}
      <Pager list={list} total={total} pageSize={pageSize} label="Inbox pages" />
    </Panel>
  );
}
