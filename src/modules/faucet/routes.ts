// The faucet's calls: a visitor's request and the status badge; the admin's list of requests and
// decisions (approving queues the payout, rejecting gives the budget back).
import { Elysia } from "elysia";
import { adminContext, type ContextDeps, visitorContext } from "../../http/context.ts";
import { badRequest } from "../../http/errors.ts";
import { idParam, pageParam } from "../../http/params.ts";
import { asJson, type PublicReads } from "../../http/public-reads.ts";
import type { PayoutService } from "../../payouts/service.ts";
import { type ProofOfWork, proofRequired } from "../pow/service.ts";
import { adminFaucetRequestView, FAUCET_DECISIONS, faucetDecisionBody, faucetRequestBody, faucetRequestView, pageQuery } from "./model.ts";
import type { FaucetService } from "./service.ts";

export interface FaucetRouteDeps {
  context: ContextDeps;
  faucet: FaucetService;
  payouts: PayoutService;
  pow: ProofOfWork;
  reads: PublicReads;
}

export function faucetRoutes({ context, faucet, payouts, pow, reads }: FaucetRouteDeps) {
  // The status badge every page polls: the same for everyone (a public read, the service caches it
  // for a second). It sets no cookie: the page brings the device cookie (app.ts).
  const answer = reads.cached();
  const status = reads.add("/api/faucet/status", () => {
    const value = faucet.status();
    return answer(value, () => value);
  });
  const publicRoutes = new Elysia().get("/api/faucet/status", () => asJson(status()));

  const visitorRoutes = new Elysia()
    .use(visitorContext(context))
    .post(
      "/api/faucet/request",
      async ({ body, visitor, set }) => {
        const { deviceId, isNew } = visitor.device;
        const row = await faucet.request({
          address: body?.address,
          ip: visitor.ip,
          deviceId,
          newDevice: isNew,
          userAgent: visitor.userAgent,
          userId: visitor.user?.id ?? null,
        });
        set.status = 201;
        return faucetRequestView(row);
      },
      { body: faucetRequestBody, ...proofRequired(pow) },
    );

  const adminRoutes = new Elysia()
    .use(adminContext(context))
    .get(
      "/api/admin/faucet/requests",
      ({ query, set }) => {
        const { rows, total, pageSize } = faucet.adminPage(pageParam(query.page));
        set.headers["x-total-count"] = String(total);
        set.headers["x-page-size"] = String(pageSize);
        return rows.map(adminFaucetRequestView);
      },
      { query: pageQuery },
    )
    .post(
      "/api/admin/faucet/requests/:id",
      ({ params, body, actor }) => {
        const id = idParam(params.id);
        const action = body?.action;
        if (action !== "APPROVED" && action !== "REJECTED") throw badRequest(`action must be one of ${FAUCET_DECISIONS.join(", ")}`);
        if (action === "APPROVED") {
          const outcome = payouts.approveFaucetRequest(id, actor);
          return { message: outcome === "unchanged" ? "Already approved" : "The XRP drops request has been processed successfully.", outcome };
        }
        payouts.rejectFaucetRequest(id, body?.reason?.trim() || "Promotional request rejected", actor);
        return { message: "The XRP drops request has been processed successfully.", outcome: "rejected" };
      },
      { body: faucetDecisionBody },
    );

  return new Elysia().use(publicRoutes).use(visitorRoutes).use(adminRoutes);
}
