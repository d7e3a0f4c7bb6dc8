// What the auto-approve tests share: a payout bed whose rule runs on its real timer (every 20 ms), the
// admin's settings, a visitor's request, and what the database, the ledger and a lookup say of it.
import { afterEach, expect } from "bun:test";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { randomAddress, strangerIp } from "../../testing/harness.ts";
import { waitFor } from "../../testing/wait.ts";

export const SETTINGS = "/api/admin/faucet/settings";
export const MINUTE = 60_000;
// The rule's timer runs every 20 ms: 200 ms without a change is ten runs that changed nothing.
const TEN_RUNS_MS = 200;

export const open = () => payoutBed({ autoApproveEveryMs: 20 });

// The helpers over the bed a test file's tests open (`bedOf` reads it), closed after each test.
// `nextVisitor` numbers the visitors, shared with a file whose tests send requests of their own.
export function autoApproveHelpers(bedOf: () => PayoutBed, nextVisitor?: () => number) {
  let visitors = 0;
  const next = nextVisitor ?? (() => ++visitors);
  afterEach(async () => {
    await bedOf()?.close();
  });

  async function settings(body: unknown) {
    const res = await bedOf().t.call("POST", SETTINGS, { cookie: bedOf().admin, body });
    expect(res.status).toBe(200);
    return res.json;
  }

  // A visitor's faucet request from its own network with a browser's user agent: score 10 (a first
  // visit from this device). `userAgent` "curl/8.5" adds 30.
  async function request({ ip = strangerIp(next()), userAgent = "Mozilla/5.0 (X11; Linux x86_64)" } = {}) {
    const address = randomAddress();
    const res = await bedOf().t.call("POST", "/api/faucet/request", {
      body: { address },
      ip,
      headers: { "user-agent": userAgent },
    });
    expect(res.status).toBe(201);
    return { id: res.json.id as number, address };
  }

  // What anyone looking the address up sees.
  const lookup = async (address: string) =>
    (await bedOf().t.call("GET", `/api/faucet/requests?address=${address}`)).json[0];
  const row = (id: number) =>
    bedOf()
      .t.db.sqlite.query(
        "select status, risk_score, processed_by, auto_approved, budget_day, auto_approve_skip from faucet_requests where id = ?",
      )
      .get(id) as any;
  const paidTo = (address: string) =>
    bedOf()
      .sim.payments({ destination: address })
      .filter((p) => p.result === "tesSUCCESS");
  const approvedSoon = (id: number) =>
    waitFor(() => row(id).status === "APPROVED", { what: `request ${id} auto-approved` });

  async function stillPendingAfterRuns(...ids: number[]) {
    await Bun.sleep(TEN_RUNS_MS); // to show that nothing happens: ten runs of the rule
    for (const id of ids) expect(row(id).status).toBe("PENDING");
  }

  return { settings, request, lookup, row, paidTo, approvedSoon, stillPendingAfterRuns };
}
