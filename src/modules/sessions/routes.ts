// The user's sessions (GET, end one, end the others) and the admins' latest sign-ins.
import { Elysia } from "elysia";
import { sessionCookieAttributes } from "../../auth/current-user.ts";
import { adminContext, type ContextDeps, visitorContext } from "../../http/context.ts";
import { SESSION_COOKIE } from "../../http/cookies.ts";
import { messageLanguage, sayTo } from "../../http/language.ts";
import { translate } from "../i18n/messages.ts";
import { SESSION_ENDED, SESSION_ENDED_HERE, sessionView, signInView } from "./model.ts";
import type { SessionListService } from "./service.ts";

export function sessionRoutes({ context, sessionList }: { context: ContextDeps; sessionList: SessionListService }) {
  const visitorRoutes = new Elysia()
    .use(visitorContext(context))
    .get("/api/user/sessions", ({ visitor }) =>
      sessionList.list(visitor.requireUser()).map((s) => sessionView(s, visitor.session?.id ?? null)),
    )
    .delete("/api/user/sessions/:id", ({ params, request, visitor }) => {
      const { wasCurrent } = sessionList.end(visitor.requireUser(), params.id, visitor.session);
      // ending the session one is using is a logout
      if (wasCurrent)
        visitor.cookies.set(SESSION_COOKIE, "", sessionCookieAttributes({ secure: context.secureCookies }, 0));
      return { message: sayTo(request, wasCurrent ? SESSION_ENDED_HERE : SESSION_ENDED) };
    })
    .delete("/api/user/sessions", ({ request, visitor }) => {
      const ended = sessionList.endOthers(visitor.requireUser(), visitor.session);
      return { message: translate(messageLanguage(request), "server.sessions.endedOthers", { count: ended }), ended };
    });

  const adminRoutes = new Elysia()
    .use(adminContext(context))
    .get("/api/admin/sign-ins", () => sessionList.latestSignIns().map(signInView));

  return new Elysia().use(visitorRoutes).use(adminRoutes);
}
