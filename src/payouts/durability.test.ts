// The money path's durability and idempotence: every payout state change and every attempt is
// committed with synchronous = FULL (on disk before anything is sent), and settling a payout a
// second time changes nothing.
import { afterEach, expect, test } from "bun:test";
import { randomAddress } from "../testing/harness.ts";
import type { AttemptRow, PayoutRow } from "./engine.ts";
import { createSettlement } from "./settle.ts";
import { payoutBed, type PayoutBed } from "./testing.ts";

let bed: PayoutBed;
afterEach(async () => {
  await bed?.close();
});

const FULL = 2;

test("every payout and attempt write of a faucet payout and a user payment is committed with synchronous = FULL", async () => {
  bed = await payoutBed();
  const sqlite = bed.t.db.sqlite;
  // What `synchronous` was in force for each write to the money tables.
  sqlite.run("create temp table money_writes (tbl text, sync integer)");
  for (const table of ["payouts", "payout_attempts"]) {
    for (const event of ["insert", "update"]) {
      sqlite.run(
        `create temp trigger ${table}_${event}_sync after ${event} on main.${table} begin insert into money_writes select '${table}', synchronous from pragma_synchronous; end`,
      );
    }
  }
  const { id } = await bed.approvedRequest();
  await bed.settle(
    () =>
      (sqlite.query("select status from faucet_requests where id = ?").get(id) as { status: string }).status ===
      "PROCESSED",
  );

  const user = await bed.t.register("durable");
  sqlite.run("update users set xrp_address = ?, total_claimed_drops = 7000000 where id = ?", [
    randomAddress(),
    user.user.id,
  ]);
  const address = (sqlite.query("select xrp_address as a from users where id = ?").get(user.user.id) as { a: string })
    .a;
  bed.sim.fund(address, 20_000_000);
  bed.sim.closeLedger();
  expect((await bed.t.call("POST", `/api/admin/pay/${user.user.id}`, { cookie: bed.admin })).status).toBe(202);
  await bed.settle(
    () =>
      (sqlite.query("select status from payouts where user_id = ?").get(user.user.id) as { status: string }).status ===
      "paid",
  );

  const writes = sqlite.query("select tbl, sync from money_writes").all() as { tbl: string; sync: number }[];
  expect(writes.filter((w) => w.tbl === "payouts").length).toBeGreaterThanOrEqual(4);
  expect(writes.filter((w) => w.tbl === "payout_attempts").length).toBeGreaterThanOrEqual(2);
  expect(writes.filter((w) => w.sync !== FULL)).toEqual([]);
});

test("settling a payout twice has one effect: the owed balance, rewards and request move once", async () => {
  bed = await payoutBed();
  const sqlite = bed.t.db.sqlite;
  const settlement = createSettlement(sqlite, Date.now, bed.outcomes);
  const user = await bed.t.register("twice");
  const address = randomAddress();
  bed.sim.fund(address, 20_000_000);
  bed.sim.closeLedger();
  sqlite.run("update users set xrp_address = ?, total_claimed_drops = 5000000 where id = ?", [address, user.user.id]);
  sqlite.run(
    "insert into rewards (user_id, type, amount_drops, status, created_at) values (?, 'SOCIAL_SHARE', 5000000, 'APPROVED', ?)",
    [user.user.id, Date.now()],
  );
  await bed.t.call("POST", `/api/admin/pay/${user.user.id}`, { cookie: bed.admin });
  const payoutOf = () => sqlite.query("select * from payouts where user_id = ?").get(user.user.id) as PayoutRow;
  await bed.settle(() => payoutOf().status === "paid");
  const owed = () =>
    (sqlite.query("select total_claimed_drops as n from users where id = ?").get(user.user.id) as { n: number }).n;
  expect(owed()).toBe(0);

  // A new reward is owed; a replayed settlement of the old payment must not touch it.
  sqlite.run("update users set total_claimed_drops = 5000000 where id = ?", [user.user.id]);
  const reward = sqlite
    .query(
      "insert into rewards (user_id, type, amount_drops, status, created_at) values (?, 'REVIEW', 5000000, 'APPROVED', ?) returning id",
    )
    .get(user.user.id, Date.now()) as { id: number };
  const payout = payoutOf();
  const attempt = sqlite.query("select * from payout_attempts where payout_id = ?").get(payout.id) as AttemptRow;
  expect(settlement.markPaid({ ...payout, status: "in_flight" }, attempt, 99)).toBe(false);
  expect(settlement.markFailed({ ...payout, status: "in_flight" }, "failed_on_ledger", "late failure")).toBe(false);
  expect(settlement.markNeedsAttention({ ...payout, status: "in_flight" }, "late doubt")).toBe(false);
  expect(owed()).toBe(5_000_000);
  expect(payoutOf()).toMatchObject({ status: "paid", error: null });
  expect(sqlite.query("select status, payout_id from rewards where id = ?").get(reward.id)).toEqual({
    status: "APPROVED",
    payout_id: null,
  });

  // A faucet request: PROCESSED once, whatever comes after.
  const { id } = await bed.approvedRequest();
  const faucetPayout = () => sqlite.query("select * from payouts where faucet_request_id = ?").get(id) as PayoutRow;
  await bed.settle(() => faucetPayout().status === "paid");
  const processed = sqlite.query("select status, tx_hash, payout_error from faucet_requests where id = ?").get(id);
  const fa = sqlite.query("select * from payout_attempts where payout_id = ?").get(faucetPayout().id) as AttemptRow;
  expect(settlement.markPaid(faucetPayout(), fa, 99)).toBe(false);
  expect(settlement.markFailed(faucetPayout(), "failed_on_ledger", "late failure")).toBe(false);
  expect(settlement.markNeedsAttention(faucetPayout(), "late doubt")).toBe(false);
  expect(sqlite.query("select status, tx_hash, payout_error from faucet_requests where id = ?").get(id)).toEqual(
    processed,
  );
  expect(faucetPayout().status).toBe("paid");
});

test("a failure settles once: the second call changes nothing", async () => {
  bed = await payoutBed();
  const sqlite = bed.t.db.sqlite;
  const settlement = createSettlement(sqlite, Date.now, bed.outcomes);
  const made = await bed.t.call("POST", "/api/faucet/request", {
    body: { address: randomAddress() },
    ip: "192.0.2.9",
    headers: { "user-agent": "Mozilla/5.0" },
  });
  sqlite.run(
    "insert into payouts (kind, faucet_request_id, destination, amount_drops, status, created_at, updated_at) values ('FAUCET_REQUEST', ?, 'rX', 1, 'queued', 0, 0)",
    [made.json.id],
  );
  const payout = sqlite.query("select * from payouts where faucet_request_id = ?").get(made.json.id) as PayoutRow;
  expect(settlement.markFailed(payout, "preflight_refused", "first")).toBe(true);
  expect(settlement.markFailed(payout, "failed_on_ledger", "second")).toBe(false);
  expect(sqlite.query("select status, error from payouts where id = ?").get(payout.id)).toEqual({
    status: "preflight_refused",
    error: "first",
  });
  expect(
    (sqlite.query("select payout_error as e from faucet_requests where id = ?").get(made.json.id) as { e: string }).e,
  ).toBe("first");
});
