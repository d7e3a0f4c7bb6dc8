// The back office's own reads: the counts beside the sidebar's sections, the list of users and a
// user's whole file; and disabling, enabling and noting an account.
import { Elysia } from "elysia";
import { adminContext, type ContextDeps } from "../../http/context.ts";
import { idParam, pageParam } from "../../http/params.ts";
import { payoutView } from "../payouts/model.ts";
import { adminUserView, userFileView, userSummaryView, usersQuery, userUpdateBody } from "./model.ts";
import type { BackOfficeService } from "./service.ts";

export function backOfficeRoutes({ context, backOffice }: { context: ContextDeps; backOffice: BackOfficeService }) {
  return new Elysia()
    .use(adminContext(context))
    .get("/api/admin/counts", () => backOffice.counts())
    .get(
      "/api/admin/users",
      ({ query }) => {
        const page = backOffice.users(query.search ?? "", pageParam(query.page));
        return {
          users: page.rows.map(adminUserView),
          total: page.total,
          page: page.page,
          pageSize: page.pageSize,
          summary: userSummaryView(page.summary),
          pendingRewards: page.pendingRewards,
          payoutHistory: page.payments.map(payoutView),
        };
      },
      { query: usersQuery },
    )
    .get("/api/admin/users/:id", ({ params }) => userFileView(backOffice.userFile(idParam(params.id))))
    .patch(
      "/api/admin/users/:id",
      ({ params, body, actor }) => backOffice.updateUser(idParam(params.id), body ?? {}, actor),
      {
        body: userUpdateBody,
      },
    );
}
