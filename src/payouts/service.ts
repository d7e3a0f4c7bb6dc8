// The admin actions that move money, on the database side: each is a compare-and-set in one
// transaction, so double clicks and retries queue at most one payout. The engine does the rest.
import type { Db } from "../db/client.ts";
import type { User } from "../db/schema.ts";
import { badRequest, conflict, HttpError, notFound } from "../http/errors.ts";
import { formatXrp } from "../money.ts";
import { AUTO_ACTOR, recordAudit } from "../modules/audit/service.ts";
import { notifyFaucetRequest } from "../modules/notifications/service.ts";
import type { PayoutEngine } from "./engine.ts";

export const PAYOUTS_NOT_CONFIGURED = "Payouts are not configured";
const OPEN = "('queued', 'in_flight', 'needs_attention')";

export interface Actor {
  admin: Pick<User, "id" | "username">;
  ip: string;
}

interface PayoutRecord {
  id: number;
  kind: string;
  user_id: number | null;
  amount_drops: number;
  status: string;
  tx_hash: string | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

// The payout status the admin screen shows: SUCCESS (green) or anything else (red).
export function payoutStatus(status: string): string {
  switch (status) {
    case "paid":
      return "SUCCESS";
    case "failed_on_ledger":
    case "preflight_refused":
      return "FAILED";
    case "needs_attention":
      return "NEEDS_ATTENTION";
    default:
      return "PENDING";
  }
}

export function payoutView(p: PayoutRecord & { username?: string | null }) {
  return {
    id: p.id,
    userId: p.user_id,
    username: p.username ?? null,
    amount: formatXrp(p.amount_drops),
    status: payoutStatus(p.status),
    state: p.status,
    txHash: p.tx_hash,
    error: p.error,
    createdAt: new Date(p.created_at).toISOString(),
  };
}

// What the auto-approve rule's approval did: queued the payout, or left the request as it was.
export type AutoApproval = "queued" | "not_pending" | "over_daily_cap" | "over_budget" | "no_engine";

// The faucet's day budget, moved in the same transaction as the admin's decision.
export interface FaucetBudget {
  holdBudget(faucetRequestId: number): void;
  releaseBudget(faucetRequestId: number): void;
}

export function createPayoutService({ db, clock, engine, budget }: { db: Db; clock: () => number; engine: () => PayoutEngine | null; budget: FaucetBudget }) {
  const sqlite = db.sqlite;
  const requireEngine = () => {
    const e = engine();
    if (!e) throw new HttpError(503, PAYOUTS_NOT_CONFIGURED);
    return e;
  };
  const insertPayout = sqlite.prepare<{ id: number }, [string, number | null, number | null, string, number | null, number, number | null, number, number]>(
    `insert into payouts (kind, faucet_request_id, user_id, destination, destination_tag, amount_drops, requested_by, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
  );

  const approve = sqlite.transaction((id: number, actor: Actor) => {
    const request = sqlite
      .query<{ id: number; status: string; address: string; destination_tag: number | null; amount_drops: number }, [number]>(
        "select id, status, address, destination_tag, amount_drops from faucet_requests where id = ?",
      )
      .get(id);
    if (!request) throw notFound("Faucet request not found");
    const t = clock();
    if (request.status === "PENDING") {
      budget.holdBudget(id);
      sqlite.run("update faucet_requests set status = 'APPROVED', processed_by = ?, processed_at = ? where id = ? and status = 'PENDING'", [actor.admin.id, t, id]);
      insertPayout.get("FAUCET_REQUEST", id, null, request.address, request.destination_tag, request.amount_drops, actor.admin.id, t, t);
      recordAudit(db, { actor: actor.admin, action: "faucet_request.approve", targetType: "faucet_request", targetId: id, details: { amount: formatXrp(request.amount_drops) }, ip: actor.ip }, t);
      notifyFaucetRequest(db, id, { kind: "REQUEST_APPROVED" }, t);
      return "queued";
    }
    if (request.status === "APPROVED") {
      // A payout that failed for good may be tried again (a new Sequence); anything else is a repeat click.
      const retried = sqlite.run(
        "update payouts set status = 'queued', sequence = null, error = null, updated_at = ? where faucet_request_id = ? and status in ('failed_on_ledger', 'preflight_refused')",
        [t, id],
      ).changes;
      if (retried) {
        sqlite.run("update faucet_requests set payout_error = null where id = ?", [id]);
        recordAudit(db, { actor: actor.admin, action: "faucet_request.retry_payout", targetType: "faucet_request", targetId: id, ip: actor.ip }, t);
        return "retried";
      }
      return "unchanged";
    }
    throw conflict(`This request was already ${request.status.toLowerCase()}`);
  });

  // The auto-approve rule's approval: what an admin's approval does (the budget, the queued payout),
  // by nobody (processed_by NULL, auto_approved 1), audited as 'Auto' with the risk score; only
  // while the requests auto-approved since `dayStart` stay within `maxPerDayDrops`.
  const autoApprove = sqlite.transaction((id: number, riskScore: number, dayStart: number, maxPerDayDrops: number): AutoApproval => {
    const request = sqlite
      .query<{ status: string; address: string; destination_tag: number | null; amount_drops: number }, [number]>(
        "select status, address, destination_tag, amount_drops from faucet_requests where id = ?",
      )
      .get(id);
    if (request?.status !== "PENDING") return "not_pending";
    const used = sqlite
      .query<{ drops: number }, [number]>("select coalesce(sum(amount_drops), 0) as drops from faucet_requests where auto_approved = 1 and processed_at >= ?")
      .get(dayStart)!.drops;
    if (used + request.amount_drops > maxPerDayDrops) return "over_daily_cap";
    const t = clock();
    try {
      budget.holdBudget(id);
    } catch (error) {
      if (error instanceof HttpError) return "over_budget";
      throw error;
    }
    sqlite.run("update faucet_requests set status = 'APPROVED', processed_by = null, processed_at = ?, auto_approved = 1 where id = ? and status = 'PENDING'", [t, id]);
    insertPayout.get("FAUCET_REQUEST", id, null, request.address, request.destination_tag, request.amount_drops, null, t, t);
    recordAudit(db, { actor: AUTO_ACTOR, action: "faucet_request.approve", targetType: "faucet_request", targetId: id, details: { amount: formatXrp(request.amount_drops), riskScore }, ip: null }, t);
    notifyFaucetRequest(db, id, { kind: "REQUEST_APPROVED" }, t);
    return "queued";
  });

  const reject = sqlite.transaction((id: number, reason: string, actor: Actor) => {
    const request = sqlite.query<{ status: string }, [number]>("select status from faucet_requests where id = ?").get(id);
    if (!request) throw notFound("Faucet request not found");
    const payout = sqlite.query<{ status: string }, [number]>("select status from payouts where faucet_request_id = ?").get(id);
    const rejectable = request.status === "PENDING" || (request.status === "APPROVED" && payout && ["failed_on_ledger", "preflight_refused"].includes(payout.status));
    if (request.status === "REJECTED") return;
    if (!rejectable) throw conflict(`This request is ${request.status.toLowerCase()} and can no longer be rejected`);
    const t = clock();
    sqlite.run("update faucet_requests set status = 'REJECTED', reject_reason = ?, processed_by = ?, processed_at = ? where id = ?", [reason, actor.admin.id, t, id]);
    budget.releaseBudget(id);
    recordAudit(db, { actor: actor.admin, action: "faucet_request.reject", targetType: "faucet_request", targetId: id, details: { reason }, ip: actor.ip }, t);
    notifyFaucetRequest(db, id, { kind: "REQUEST_REJECTED", reason: reason || null }, t);
  });

  const pay = sqlite.transaction((userId: number, actor: Actor): number => {
    const user = sqlite
      .query<{ id: number; xrp_address: string | null; xrp_destination_tag: number | null; total_claimed_drops: number }, [number]>(
        "select id, xrp_address, xrp_destination_tag, total_claimed_drops from users where id = ?",
      )
      .get(userId);
    if (!user) throw notFound("User not found");
    const open = sqlite.query<{ id: number }, [number]>(`select id from payouts where user_id = ? and kind = 'USER_PAYMENT' and status in ${OPEN}`).get(userId);
    if (open) return open.id;
    if (!user.xrp_address) throw badRequest("This user has no XRP address set");
    if (user.total_claimed_drops <= 0) throw badRequest("Nothing is owed to this user");
    const t = clock();
    const payout = insertPayout.get("USER_PAYMENT", null, userId, user.xrp_address, user.xrp_destination_tag, user.total_claimed_drops, actor.admin.id, t, t)!;
    sqlite.run("update rewards set payout_id = ? where user_id = ? and status = 'APPROVED' and payout_id is null", [payout.id, userId]);
    recordAudit(db, { actor: actor.admin, action: "user.pay", targetType: "user", targetId: userId, details: { amount: formatXrp(user.total_claimed_drops), payoutId: payout.id }, ip: actor.ip }, t);
    return payout.id;
  });

  const payoutById = sqlite.prepare<PayoutRecord, [number]>("select * from payouts where id = ?");

  return {
    approveFaucetRequest(id: number, actor: Actor) {
      const e = requireEngine();
      const outcome = approve.immediate(id, actor);
      if (outcome !== "unchanged") void e.kick().catch(() => {});
      return outcome;
    },

    // The auto-approve rule approving a pending request (modules/auto-approve); no engine, no approval.
    autoApproveFaucetRequest(id: number, riskScore: number, { dayStart, maxPerDayDrops }: { dayStart: number; maxPerDayDrops: number }): AutoApproval {
      const e = engine();
      if (!e) return "no_engine";
      const outcome = autoApprove.immediate(id, riskScore, dayStart, maxPerDayDrops);
      if (outcome === "queued") void e.kick().catch(() => {});
      return outcome;
    },

    rejectFaucetRequest(id: number, reason: string, actor: Actor) {
      reject.immediate(id, reason, actor);
    },

    // Queues (or finds) the user's payment and waits up to `waitMs` for the ledger's verdict.
    async payUser(userId: number, actor: Actor, waitMs: number) {
      const e = requireEngine();
      const id = pay.immediate(userId, actor);
      void e.kick().catch(() => {});
      const deadline = Date.now() + waitMs;
      let payout = payoutById.get(id)!;
      while (!["paid", "failed_on_ledger", "preflight_refused", "needs_attention"].includes(payout.status) && Date.now() < deadline) {
        await Bun.sleep(100);
        payout = payoutById.get(id)!;
      }
      return payoutView(payout);
    },
  };
}
export type PayoutService = ReturnType<typeof createPayoutService>;
