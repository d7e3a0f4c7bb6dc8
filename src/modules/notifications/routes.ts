// A logged-in user's notifications: the latest ones with the unread count (the header's bell polls
// it), and marking them read.
import { Elysia } from "elysia";
import { type ContextDeps, visitorContext } from "../../http/context.ts";
import { markReadBody } from "./model.ts";
import type { NotificationService } from "./service.ts";

export interface NotificationRouteDeps {
  context: ContextDeps;
  notifications: NotificationService;
}

export function notificationRoutes({ context, notifications }: NotificationRouteDeps) {
  return new Elysia()
    .use(visitorContext(context))
    .get("/api/user/notifications", ({ visitor }) => notifications.list(visitor.requireUser().id))
    .post(
      "/api/user/notifications/read",
      ({ visitor, body }) => notifications.markRead(visitor.requireUser().id, body?.ids ?? null),
      { body: markReadBody },
    );
}
