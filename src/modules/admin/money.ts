// The admin calls that review and pay: faucet requests, claims and rewards, users and their
// payments, and the hot wallet's state. The guard in createApp has already checked the admin.
import { Elysia } from "elysia";
import { requireAdmin, type CurrentUser } from "../../auth/current-user.ts";
import { publicUser } from "../../auth/service.ts";
import type { Db } from "../../db/client.ts";
import type { User } from "../../db/schema.ts";
import type { ClientIpResolver } from "../../http/client-ip.ts";
import { jsonBody, text } from "../../http/body.ts";
import { cookieJar } from "../../http/cookies.ts";
import { badRequest } from "../../http/errors.ts";
import { idParam } from "../../http/params.ts";
import { formatXrp } from "../../money.ts";
import type { PayoutService } from "../../payouts/service.ts";
import { payoutView } from "../../payouts/service.ts";
import type { WalletStatusSource } from "../../payouts/wallet-status.ts";
import { CLAIM_STATUSES, type ClaimDecision, type RewardService } from "../rewards/service.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const reason = text(500, "reason must be text of at most 500 characters");
const decisionBody = (field: "action" | "status", allowed: readonly string[]) =>
  jsonBody({ [field]: text(20, `${field} must be one of ${allowed.join(", ")}`), reason });

export interface MoneyRouteDeps {
  db: Db;
  currentUser: CurrentUser;
  clientIp: ClientIpResolver;
  payouts: PayoutService;
  rewards: RewardService;
  wallet: WalletStatusSource;
  payWaitMs: number;
}


function reasonOf(body: unknown): string | null {
  const reason = (body as { reason?: unknown } | null)?.reason;
  if (reason === undefined || reason === null || reason === "") return null;
  if (typeof reason !== "string" || reason.length > 500) throw badRequest("reason must be text of at most 500 characters");
  return reason.trim();
}

export function moneyRoutes(deps: MoneyRouteDeps) {
  const { db, currentUser, clientIp, payouts, rewards, wallet } = deps;
  const sqlite = db.sqlite;
  const actor = (ctx: { request: Request; server: unknown; set: { headers: Record<string, unknown> } }) => ({
    admin: requireAdmin(currentUser, cookieJar(ctx.request, ctx.set)),
    ip: clientIp(ctx.request, ctx.server),
  });

  const usersByIds = (ids: number[]) => {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    return sqlite
      .query<User, number[]>(`select id, username, email, is_admin as isAdmin, xrp_address as xrpAddress, points, total_claimed_drops as totalClaimedDrops, daily_streak as dailyStreak, last_claim_at as lastClaimAt from users where id in (${unique.map(() => "?").join(",")})`)
      .all(...unique)
      .map((u) => publicUser({ ...u, isAdmin: Boolean(u.isAdmin) } as User));
  };
  // One page of users (newest first), found by username or XRP address, and the totals the cards show.
  const USERS_PAGE = 100;
  const userPage = (search: string, page: number) => {
    const q = search.trim().toLowerCase().slice(0, 64);
    const where = q ? "where lower(username) like ?1 escape '\\' or xrp_address like ?2 escape '\\'" : "";
    const like = q.replace(/[\\%_]/g, (c) => `\\${c}`);
    const params = q ? [`%${like}%`, `${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`] : [];
    const total = (sqlite.query(`select count(*) as n from users ${where}`).get(...(params as [])) as { n: number }).n;
    const rows = sqlite
      .query<any, any[]>(
        `select id, username, email, is_admin, xrp_address, points, total_claimed_drops, daily_streak, last_claim_at, created_at from users ${where}
         order by created_at desc, id desc limit ${USERS_PAGE} offset ${(page - 1) * USERS_PAGE}`,
      )
      .all(...params);
    const users = rows.map((u) => ({
      ...publicUser({
        id: u.id,
        username: u.username,
        email: u.email,
        isAdmin: Boolean(u.is_admin),
        xrpAddress: u.xrp_address,
        points: u.points,
        totalClaimedDrops: u.total_claimed_drops,
        dailyStreak: u.daily_streak,
        lastClaimAt: u.last_claim_at,
      } as User),
      createdAt: iso(u.created_at),
    }));
    return { users, total, page, pageSize: USERS_PAGE };
  };
  const summaryQuery = sqlite.prepare<{ owed: number | null; users: number; wallets: number | null; active: number | null }, []>(
    "select sum(total_claimed_drops) as owed, count(*) as users, sum(xrp_address is not null) as wallets, sum(daily_streak > 0) as active from users",
  );
  const pendingRewardCount = sqlite.prepare<{ n: number }, []>("select count(*) as n from rewards where status = 'PENDING'");
  const summary = () => {
    const s = summaryQuery.get()!;
    return { totalOwed: formatXrp(s.owed ?? 0), totalUsers: s.users, usersWithWallet: s.wallets ?? 0, activeUsers: s.active ?? 0, pendingRewards: pendingRewardCount.get()!.n };
  };
  const payoutHistory = () =>
    sqlite
      .query<any, []>("select p.*, u.username from payouts p left join users u on u.id = p.user_id where p.kind = 'USER_PAYMENT' order by p.created_at desc, p.id desc limit 200")
      .all()
      .map(payoutView);

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
    .get("/api/admin/users", ({ query }) => {
      const page = Math.min(100_000, Math.max(1, Number.parseInt(String(query.page ?? "1"), 10) || 1));
      return { ...userPage(String(query.search ?? ""), page), summary: summary(), pendingRewards: rewards.pending(), payoutHistory: payoutHistory() };
    })
    .post("/api/admin/pay/:userId", async (ctx) => {
      const payout = await payouts.payUser(idParam(ctx.params.userId), actor(ctx), deps.payWaitMs);
      if (payout.status === "SUCCESS") return { message: "XRP has been sent to the user.", payout };
      if (payout.status === "PENDING") {
        ctx.set.status = 202;
        return { message: "The payment is on its way to the ledger; its status updates when a ledger validates it.", payout };
      }
      ctx.set.status = 422;
      return { message: payout.error ?? "The payment failed", payout };
    })
    .get("/api/admin/wallet", () => wallet.status())
    .post("/api/admin/wallet/resume", (ctx) => {
      actor(ctx);
      return wallet.resume();
    });
}
