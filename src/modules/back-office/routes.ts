// The back office's own reads: the counts beside the sidebar's sections and a user's whole file.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { idParam } from "../../http/params.ts";
import { userFileView } from "./model.ts";
import type { BackOfficeService } from "./service.ts";

export function backOfficeRoutes({ context, backOffice }: { context: ContextDeps; backOffice: BackOfficeService }) {
  return new Elysia()
    .use(adminContext(context))
    .get("/api/admin/counts", () => backOffice.counts())
    .get("/api/admin/users/:id", ({ params }) => userFileView(backOffice.userFile(idParam(params.id))));
}
