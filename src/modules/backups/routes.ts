// The admin's backups: their state and list, "Back up now", and a backup's download.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { backupDownload, backupFileView, backupStatusView } from "./model.ts";
import type { BackupService } from "./service.ts";

export function backupRoutes({ context, backups }: { context: ContextDeps; backups: BackupService }) {
  return new Elysia()
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
    .get("/api/admin/backups/:name", ({ params, actor }) => backupDownload(backups.download(params.name, actor)));
}
