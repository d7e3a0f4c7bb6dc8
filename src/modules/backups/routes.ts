// The admin's backups: their state and list, "Back up now", and a backup's download: the admin's
// password (and with two-factor sign-in a code) gives a one-time link, which the browser downloads.
import { Elysia } from "elysia";
import type { SessionInfo } from "../../auth/sessions.ts";
import { STEP_UP_REQUIRED } from "../../auth/step-up.ts";
import type { User } from "../../db/schema.ts";
import { adminContext, type ContextDeps, type Visitor } from "../../http/context.ts";
import { appError } from "../../lib/errors.ts";
import {
  backupDownload,
  backupErrors,
  backupFileView,
  backupStatusView,
  downloadBody,
  downloadLinkView,
  downloadQuery,
} from "./model.ts";
import type { BackupService } from "./service.ts";

// How a download's admin is confirmed: the password (counted like a login's), and a two-factor code
// (counted, and a step-up of the session: the place is already the session's own).
export interface HandOver {
  password: (user: User, password: string | null | undefined, ip: string) => Promise<void>;
  code: (
    user: User,
    session: SessionInfo | null,
    code: string,
    ip: string,
    userAgent: string | null,
  ) => Promise<unknown>;
}

// The session a download is asked from: never one used elsewhere (auth/sessions.ts: a network or a
// device neither begun on nor confirmed with a code in it), whatever it is given.
const homeSession = (visitor: Visitor): SessionInfo => {
  const session = visitor.session;
  if (!session || session.elsewhere) throw backupErrors.sessionElsewhere();
  return session;
};

export function backupRoutes({
  context,
  backups,
  handOver,
}: {
  context: ContextDeps;
  backups: BackupService;
  handOver: HandOver;
}) {
  return (
    new Elysia()
      .use(adminContext(context))
      .get("/api/admin/backups", () => backupStatusView(backups.status()))
      .post("/api/admin/backups", async ({ actor, set, request, server }) => {
        // (the answer comes when the copy is made and checked: a big database may take longer than
        // the server's idle timeout, so this request has none)
        server?.timeout(request, 0);
        const file = await backups.backUpNow(actor);
        set.status = 201;
        return backupFileView(file);
      })
      // The download's confirmation: 201 with the link. With two-factor sign-in, a code in the body or
      // one entered in this session in the last 5 minutes (else 403 STEP_UP_REQUIRED: the web asks it).
      .post(
        "/api/admin/backups/:name/download",
        async ({ params, body, actor, visitor, set }) => {
          backups.requireBackup(params.name);
          const session = homeSession(visitor);
          if (actor.twoFactor) {
            if (body?.code)
              await handOver.code(visitor.requireUser(), session, body.code, visitor.ip, visitor.userAgent);
            else if (!actor.confirmed) throw appError(403, "STEP_UP_REQUIRED", STEP_UP_REQUIRED);
          }
          await handOver.password(visitor.requireUser(), body?.password, visitor.ip);
          const link = backups.downloadLink(params.name, session.id);
          set.status = 201;
          return downloadLinkView(params.name, link.token, link.expiresAt);
        },
        { body: downloadBody },
      )
      .get(
        "/api/admin/backups/:name",
        ({ params, query, actor, visitor }) => {
          backups.requireBackup(params.name);
          // (a link is for the session that asked for it, which must still be at home)
          return backupDownload(backups.download(params.name, query.token, homeSession(visitor).id, actor));
        },
        { query: downloadQuery },
      )
  );
}
