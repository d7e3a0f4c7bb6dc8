// The inbox as it renders (server-side, from a page already read): its "Hide bursts" filter and its
// paging, both in the URL, and a reply link that carries one address whatever the message holds.
import { expect, test } from "bun:test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { inboxKey } from "../api";
import { InboxScreen } from "./Inbox";

const message = (id: number, email = "ada@example.com") => ({
  id,
  name: `Sender ${id}`,
  email,
  message: "Hello",
  ipAddress: "203.0.113.7",
  createdAt: "2026-01-15T12:00:00.000Z",
  readAt: null,
});

function render(
  url: string,
  query: Record<string, string>,
  page: { messages: ReturnType<typeof message>[]; total: number; bursts: number },
) {
  const client = new QueryClient();
  client.setQueryData([...inboxKey, query], { unread: page.messages.length, pageSize: 100, ...page });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <InboxScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  ).replace(/<!-- -->/g, "");
}

test("every message: the filter off, the count of those in bursts, a pager past 100", () => {
  const html = render("/admin/inbox", {}, { messages: [message(1)], total: 250, bursts: 30 });
  expect(html).toMatch(/<input id="[^"]+" type="checkbox"[^>]*\/><label[^>]*>Hide bursts<\/label>/);
  expect(html).not.toMatch(/type="checkbox"[^>]*checked/);
  expect(html).toContain("250 messages, 30 of them in bursts");
  expect(html).toContain('<nav aria-label="Inbox pages"');
  expect(html).toContain("Page 1 of 3 (250)");
});

test("bursts hidden, page 2 (from the URL): the filter on, what it hides said", () => {
  const html = render(
    "/admin/inbox?bursts=hide&page=2",
    { page: "2", bursts: "hide" },
    { messages: [message(101)], total: 120, bursts: 30 },
  );
  expect(html).toMatch(/type="checkbox"[^>]*checked/);
  expect(html).toContain("120 messages; 30 from bursts hidden");
  expect(html).toContain("Page 2 of 2 (120)");
});

test("one page: no pager; a reply link adds no recipient, subject or body", () => {
  const html = render(
    "/admin/inbox",
    {},
    { messages: [message(1, "victim@example.com?cc=boss@evil.example&body=Click")], total: 1, bursts: 0 },
  );
  expect(html).not.toContain("Inbox pages");
  expect(html).toContain(
    'href="mailto:victim%40example.com%3Fcc%3Dboss@evil.example%26body%3DClick?subject=Re%3A%20your%20message"',
  );
});
