// The faucet's calls: a visitor's request and the status badge; the admin's list of requests and
// today's budgets (the decisions on them are the payouts' calls: modules/payouts/routes.ts).
import { Elysia, type Static } from "elysia";
import { adminContext, type ContextDeps, type Visitor, visitorContext } from "../../http/context.ts";
import { formGuards } from "../../http/form-guards.ts";
import { adminListQuery, idParam, pageParam } from "../../http/params.ts";
import { asJson, type PublicReads } from "../../http/public-reads.ts";
import { messageLanguage } from "../../http/language.ts";
import type { PageLanguage } from "../../shared/languages.ts";
import { hasListFilter, listFilter } from "../../lib/list-filter.ts";
import type { BlockedPartyCheck } from "../blocklist/guard.ts";
import { proofRequired } from "../pow/guard.ts";
import type { ProofOfWork } from "../pow/service.ts";
import {
  adminFaucetRequestView,
  budgetTodayView,
  FAUCET_LIST,
  faucetRequestBody,
  faucetRequestView,
  lookupQuery,
  publicFaucetRequestView,
  requestFileView,
} from "./model.ts";
import type { AdminList } from "./admin-list.ts";
import type { RequestFile } from "./request-file.ts";
import type { FaucetService } from "./service.ts";

export interface FaucetRouteDeps {
  context: ContextDeps;
  faucet: FaucetService;
  adminList: AdminList;
  requestFile: RequestFile;
  pow: ProofOfWork;
  blocked: BlockedPartyCheck;
  reads: PublicReads;
}

export function faucetRoutes({ context, faucet, adminList, requestFile, pow, blocked, reads }: FaucetRouteDeps) {
  // The status badge every page polls: the same for everyone (a public read, the service caches it
  // for a second). It sets no cookie: the page brings the device cookie (http/page-data.ts). Asked about a
  // device or an address (`?mine=1`, `?address=`), the answer is that visitor's: the read declines
  // any query, so it is never cached across visitors.
  // (one answer kept per language its words are in)
  const answers = new Map<PageLanguage, ReturnType<PublicReads["cached"]>>();
  const status = reads.add("/api/faucet/status", (request: Request) => {
    if (request.url.includes("?")) return undefined;
    const language = messageLanguage(request);
    let answer = answers.get(language);
    if (!answer) answers.set(language, (answer = reads.cached()));
    const value = faucet.status(language);
    return answer(value, () => value);
  });
  const publicRoutes = new Elysia()
    .use(visitorContext(context))
    .get(
      "/api/faucet/status",
      ({ request, query, visitor }) => {
        const global = status(request);
        if (global) return asJson(global);
        const mine = query.mine === "1";
        return faucet.statusFor(
          mine ? visitor.device.deviceId : null,
          query.address,
          mine ? visitor.networks.network : null,
          messageLanguage(request),
        );
      },
      { query: lookupQuery },
    )
    // A wallet's latest requests (anyone may look them up), or this device's (`?mine=1`).
    .get(
      "/api/faucet/requests",
      ({ query, visitor }) =>
        faucet.latest(query.mine === "1" ? visitor.device.deviceId : null, query.address).map(publicFaucetRequestView),
      { query: lookupQuery },
    );

  // A visitor's request for XRP: the proof of work, the block list, then the service.
  const requestOptions = {
    body: faucetRequestBody,
    ...formGuards(blocked({ address: true }), proofRequired(pow, "faucet")),
  };
  const requestXrp = async ({
    body,
    visitor,
    set,
  }: {
    body: Static<typeof faucetRequestBody> | null;
    visitor: Visitor;
    set: { status?: number | string };
  }) => {
    // (who asks is read only past the limits that need no read: a flood's refusals skip it)
    const asked = faucet.askWithoutRead(body?.address, visitor.ip);
    const { deviceId, isNew } = visitor.device;
    const asker = { deviceId, newDevice: isNew, userAgent: visitor.userAgent, userId: visitor.user?.id ?? null };
    const row = await faucet.request(asked, asker);
    set.status = 201;
    return faucetRequestView(row);
  };
  const visitorRoutes = new Elysia()
    .use(visitorContext(context))
    .post("/api/faucet/request", requestXrp, requestOptions)
    // A waiting request withdrawn by the device or the signed-in user that made it.
    .post("/api/faucet/requests/:id/withdraw", ({ params, visitor }) =>
      faucet.withdraw(idParam(params.id), {
        deviceId: visitor.device.deviceId,
        user: visitor.user,
        ip: visitor.ip,
      }),
    );

  const adminRoutes = new Elysia()
    .use(adminContext(context))
    .get(
      "/api/admin/faucet/requests",
      ({ query, set }) => {
        const { rows, total, pageSize } = adminList(
          pageParam(query.page),
          hasListFilter(query) ? listFilter(query, FAUCET_LIST) : null,
        );
        set.headers["x-total-count"] = String(total);
        set.headers["x-page-size"] = String(pageSize);
        return rows.map(adminFaucetRequestView);
      },
      { query: adminListQuery },
    )
    // One request's file: the request, its address's other requests and payouts, its audit trail.
    .get("/api/admin/faucet/requests/:id", ({ params }) => requestFileView(requestFile(idParam(params.id))))
    // Today's budgets (faucet, bonuses, auto-approve cap): each one's hourly slice, released, used,
    // left, when the next slice opens and what this slice refused.
    .get("/api/admin/faucet/budget", () => budgetTodayView(faucet.budgetToday()));

  return new Elysia().use(publicRoutes).use(visitorRoutes).use(adminRoutes);
}
