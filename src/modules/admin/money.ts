// The admin calls that review: claims and rewards, and the hot wallet's state. (Users and their
// payments are in modules/account.) The guard in createApp has already checked the admin.
import { Elysia } from "elysia";
import { requireAdmin, type CurrentUser } from "../../auth/current-user.ts";
import type { ClientIpResolver } from "../../http/client-ip.ts";
import { jsonBody, text } from "../../http/body.ts";
import { cookieJar } from "../../http/cookies.ts";
import { badRequest } from "../../http/errors.ts";
import { idParam } from "../../http/params.ts";
import type { WalletStatusSource } from "../../payouts/wallet-status.ts";
import type { AccountService } from "../account/service.ts";
import { CLAIM_STATUSES, type ClaimDecision, type RewardService } from "../rewards/service.ts";

const reason = text(500, "reason must be text of at most 500 characters");
const decisionBody = (field: "action" | "status", allowed: readonly string[]) =>
  jsonBody({ [field]: text(20, `${field} must be one of ${allowed.join(", ")}`), reason });

export interface MoneyRouteDeps {
  currentUser: CurrentUser;
  clientIp: ClientIpResolver;
  rewards: RewardService;
  wallet: WalletStatusSource;
  accounts: AccountService;
}


function reasonOf(body: unknown): string | null {
  const reason = (body as { reason?: unknown } | null)?.reason;
  if (reason === undefined || reason === null || reason === "") return null;
  if (typeof reason !== "string" || reason.length > 500) throw badRequest("reason must be text of at most 500 characters");
  return reason.trim();
}

export function moneyRoutes(deps: MoneyRouteDeps) {
  const { currentUser, clientIp, rewards, wallet, accounts } = deps;
  const actor = (ctx: { request: Request; server: unknown; set: { headers: Record<string, unknown> } }) => ({
    admin: requireAdmin(currentUser, cookieJar(ctx.request, ctx.set)),
    ip: clientIp(ctx.request, ctx.server),
  });

  const usersByIds = (ids: number[]) => accounts.publicUsersByIds(ids);

  const decision = (value: unknown, allowed: readonly string[], field: string): ClaimDecision => {
    if (typeof value !== "string" || !allowed.includes(value)) throw badRequest(`${field} must be one of ${allowed.join(", ")}`);
    return value as ClaimDecision;
  };

  return new Elysia()
    .get("/api/admin/claims", () => {
      const pendingRewards = rewards.pending();
      return { pendingRewards, users: usersByIds(pendingRewards.map((r) => r.userId)) };
    })
    .post(
      "/api/admin/claims/:id",
      (ctx) => {
        const status = decision((ctx.body as { status?: unknown } | null)?.status, CLAIM_STATUSES, "status");
        return rewards.decide(idParam(ctx.params.id), status, reasonOf(ctx.body), actor(ctx));
      },
      { body: decisionBody("status", CLAIM_STATUSES) },
    )
    .get("/api/admin/processed-claims", () => {
      const processedClaims = rewards.processed();
      return { processedClaims, users: usersByIds(processedClaims.map((r) => r.userId)) };
    })
    .post(
      "/api/admin/rewards/:id",
      (ctx) => {
        const action = decision((ctx.body as { action?: unknown } | null)?.action, ["APPROVED", "DENIED"], "action");
        return rewards.decide(idParam(ctx.params.id), action, reasonOf(ctx.body), actor(ctx));
      },
      { body: decisionBody("action", ["APPROVED", "DENIED"]) },
    )
    .get("/api/admin/wallet", () => wallet.status())
    .post("/api/admin/wallet/resume", (ctx) => {
      actor(ctx);
      return wallet.resume();
    });
}
