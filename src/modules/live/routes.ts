// GET /api/admin/events: the back office's event stream (server-sent events), admins only, as every
// admin call. Each message names the admin reads that changed: `data: {"reads": [...]}`.
import { Elysia } from "elysia";
import { adminRefusal } from "../../auth/current-user.ts";
import type { SessionService } from "../../auth/sessions.ts";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import type { Live } from "./service.ts";

export function liveRoutes({
  context,
  live,
  sessions,
}: {
  context: ContextDeps;
  live: Live;
  sessions: SessionService;
}) {
  return new Elysia().use(adminContext(context)).get("/api/admin/events", ({ visitor, request, server }) => {
    const sessionId = visitor.session!.id;
    const body = live.open(
      sessionId,
      () => adminRefusal(sessions.holder(sessionId), context.adminTwoFactorRequired) === null,
    );
    // (a quiet stream is not an idle connection: the heartbeat keeps it, not the server's timeout)
    server?.timeout(request, 0);
    return new Response(body, {
      headers: { "content-type": "text/event-stream", "cache-control": "no-store", "x-accel-buffering": "no" },
    });
  });
}
