// What the held-payout tests share (withdraw-*.test.ts, resume-needs-fresh-code.test.ts): the rows
// they read back, the payments the simulated ledger made, and the admin's calls.
import type { PayoutBed } from "../../payouts/testing.ts";

// Over the bed the running test made (each test makes its own).
export function heldPayouts(current: () => PayoutBed) {
  const q = <T>(sql: string, ...params: (string | number | null)[]) =>
    current()
      .t.db.sqlite.query(sql)
      .get(...params) as T;
  type PayoutRow = { id: number; status: string; sequence: number | null; error: string | null; amount_drops: number };
  return {
    requestRow: (id: number) =>
      q<{
        status: string;
        processed_by: number | null;
        processed_at: number | null;
        budget_day: string | null;
        payout_error: string | null;
        auto_approve_skip: string | null;
      }>(
        "select status, processed_by, processed_at, budget_day, payout_error, auto_approve_skip from faucet_requests where id = ?",
        id,
      ),
    payoutOfRequest: (id: number) => q<PayoutRow>("select * from payouts where faucet_request_id = ?", id),
    payoutById: (id: number) => q<PayoutRow>("select * from payouts where id = ?", id),
    payoutsOfRequest: (id: number) =>
      q<{ n: number }>("select count(*) as n from payouts where faucet_request_id = ?", id).n,
    dayTotal: () => q<{ n: number }>("select coalesce(sum(amount_drops), 0) as n from faucet_daily_totals").n,
    audited: (action: string) =>
      current().t.db.sqlite.query("select target_type, target_id from audit_log where action = ?").all(action) as {
        target_type: string;
        target_id: string;
      }[],
    paidTo: (destination: string) =>
      current()
        .sim.payments({ destination })
        .filter((p) => p.result === "tesSUCCESS"),
    wallet: async () => (await current().t.call("GET", "/api/admin/wallet", { cookie: current().admin })).json,
    withdraw: (payoutId: number | string, cookie = current().admin) =>
      current().t.call("POST", `/api/admin/payouts/${payoutId}/withdraw`, { cookie }),
    decide: (id: number, body: unknown, cookie = current().admin) =>
      current().t.call("POST", `/api/admin/faucet/requests/${id}`, { cookie, body }),
    resume: (cookie = current().admin) => current().t.call("POST", "/api/admin/wallet/resume", { cookie }),
  };
}
