// POST /api/contact (proof of work, the block list, the public forms' limit per IP, its own per
// network) and the admin's inbox: GET /api/admin/contact/messages (a page: ?page=N, the total in
// X-Total-Count; ?bursts=hide), PATCH (read or unread) and DELETE /api/admin/contact/messages/:id.
import { Elysia } from "elysia";
import { sayTo } from "../../http/language.ts";
import { adminContext, type ContextDeps, visitorContext } from "../../http/context.ts";
import { formGuards } from "../../http/form-guards.ts";
import { idParam, pageParam } from "../../http/params.ts";
import type { BlockedPartyCheck } from "../blocklist/guard.ts";
import { proofRequired } from "../pow/guard.ts";
import type { ProofOfWork } from "../pow/service.ts";
import { CONTACT_THANKS, contactBody, hidesBursts, inboxQuery, messageEditBody, messageView } from "./model.ts";
import type { ContactService } from "./service.ts";

export function contactRoutes({
  context,
  contact,
  pow,
  blocked,
}: {
  context: ContextDeps;
  contact: ContactService;
  pow: ProofOfWork;
  blocked: BlockedPartyCheck;
}) {
  const visitorRoutes = new Elysia().use(visitorContext(context)).post(
    "/api/contact",
    ({ body, request, visitor, set }) => {
      const { group, network, wide } = visitor.networks;
      const row = contact.submit(body ?? {}, {
        ip: visitor.ip,
        ipGroup: group,
        network,
        wide,
        userAgent: visitor.userAgent,
      });
      set.status = 201;
      return { id: row.id, message: sayTo(request, CONTACT_THANKS) };
    },
    { body: contactBody, ...formGuards(blocked({ address: false }), proofRequired(pow, "contact")) },
  );
  const adminRoutes = new Elysia()
    .use(adminContext(context))
    .get(
      "/api/admin/contact/messages",
      ({ query, set }) => {
        const page = contact.list(pageParam(query.page), hidesBursts(query.bursts));
        set.headers["x-total-count"] = String(page.total);
        set.headers["x-page-size"] = String(page.pageSize);
        set.headers["x-burst-count"] = String(page.bursts);
        return { unread: page.unread, messages: page.rows.map(messageView) };
      },
      { query: inboxQuery },
    )
    .patch(
      "/api/admin/contact/messages/:id",
      ({ params, body }) => messageView(contact.setRead(idParam(params.id), body?.read ?? true)),
      { body: messageEditBody },
    )
    .delete("/api/admin/contact/messages/:id", ({ params, set }) => {
      contact.remove(idParam(params.id));
      set.status = 204;
    });
  return new Elysia().use(visitorRoutes).use(adminRoutes);
}
