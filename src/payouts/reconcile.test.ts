// The engine reads its wallet's history before signing: what its payments say of themselves on the
// ledger, transactions sent from the wallet outside the faucet, a server without the history, and
// a long history read page by page. (A restored and a copied database: the restore drill,
// src/modules/backups/restore-pays-nobody-twice.e2e.test.ts, on the binary.)
import { afterEach, expect, setDefaultTimeout, test } from "bun:test";
import { ECDSA, type Payment, Wallet } from "xrpl";
import { randomAddress } from "../testing/harness.ts";
import { queryPlan, recordStatements } from "../testing/statements.ts";
import { payoutBed, type PayoutBed } from "./testing.ts";

// each test pays through the simulator, some over many ledgers
setDefaultTimeout(30_000);

let bed: PayoutBed;
afterEach(async () => {
  await bed?.close();
});

const sqlite = () => bed.t.db.sqlite;
const requestRow = (id: number) =>
  sqlite().query("select status, tx_hash from faucet_requests where id = ?").get(id) as {
    status: string;
    tx_hash: string | null;
  };
const fromHex = (hex: string) => Buffer.from(hex, "hex").toString("utf8");
const cursor = () =>
  (sqlite().query("select reconciled_ledger as l from installation").get() as { l: number | null }).l;

// Several requests in one hour: a day's budget the hour's slice does not stop.
async function bedWithBudget() {
  const made = await payoutBed();
  const set = await made.t.call("POST", "/api/admin/faucet/settings", {
    cookie: made.admin,
    body: { dailyLimit: "1000" },
  });
  if (set.status !== 200) throw new Error(`settings: ${set.status} ${set.text}`);
  return made;
}

// A payment signed with the hot wallet's key by someone other than the faucet (the operator's own wallet app).
async function payByHand(destination: string, drops: number) {
  const client = await bed.ledger.ensure();
  const prepared = await client.autofill({
    TransactionType: "Payment",
    Account: bed.wallet.classicAddress,
    Destination: destination,
    Amount: String(drops),
  } as Payment);
  const signed = bed.wallet.sign(prepared);
  await bed.ledger.request({ command: "submit", tx_blob: signed.tx_blob });
  bed.sim.closeLedger();
  return { hash: signed.hash, sequence: prepared.Sequence! };
}

test("every payment names its payout by a random name (faucet:REF, user:REF), its signer and this installation's InvoiceID; no id, no email, no IP", async () => {
  bed = await payoutBed();
  const { id } = await bed.approvedRequest();
  await bed.settle(() => requestRow(id).status === "PROCESSED");
  const user = await bed.t.register("named");
  sqlite().run("update users set xrp_address = ?, total_claimed_drops = 7000000 where id = ?", [
    randomAddress(),
    user.user.id,
  ]);
  bed.sim.fund(
    (sqlite().query("select xrp_address as a from users where id = ?").get(user.user.id) as { a: string }).a,
    20_000_000,
  );
  bed.sim.closeLedger();
  expect((await bed.t.call("POST", `/api/admin/pay/${user.user.id}`, { cookie: bed.admin })).status).toBe(202);
  const payout = () =>
    sqlite().query("select id, status, tx_hash, ledger_ref from payouts where user_id = ?").get(user.user.id) as {
      id: number;
      status: string;
      tx_hash: string;
      ledger_ref: string;
    };
  await bed.settle(() => payout()?.status === "paid");

  const installation = (sqlite().query("select installation_id as id from installation").get() as { id: string }).id;
  expect(installation).toMatch(/^[0-9a-f]{32}$/);
  const shown = async (hash: string) =>
    (await bed.ledger.request<{ tx_json: Record<string, any> }>({ command: "tx", transaction: hash })).tx_json;
  for (const [hash, name] of [
    [
      requestRow(id).tx_hash!,
      `faucet:${(sqlite().query("select ledger_ref from payouts where faucet_request_id = ?").get(id) as { ledger_ref: string }).ledger_ref}`,
    ],
    [payout().tx_hash, `user:${payout().ledger_ref}`],
  ] as const) {
    const tx = await shown(hash);
    expect(name).toMatch(/^(faucet|user):[0-9a-f]{32}$/);
    expect(tx.Memos).toHaveLength(2);
    expect(fromHex(tx.Memos[0].Memo.MemoType)).toBe("xrp-faucet/payout");
    expect(fromHex(tx.Memos[0].Memo.MemoData)).toBe(name);
    expect(fromHex(tx.Memos[1].Memo.MemoType)).toBe("xrp-faucet/signer");
    expect(fromHex(tx.Memos[1].Memo.MemoData)).toMatch(/^[0-9a-f]{16}$/);
    expect(tx.InvoiceID).toBe(
      new Bun.CryptoHasher("sha256").update(`${installation}:${name}`).digest("hex").toUpperCase(),
    );
    const text = JSON.stringify(tx) + Buffer.from(JSON.stringify(tx.Memos), "utf8").toString();
    expect(text).not.toContain("@");
    expect(text).not.toContain(installation);
  }
});

test("a payment sent from the wallet outside the faucet: listed on /admin/wallet, one alert, its Sequence never reused", async () => {
  bed = await payoutBed();
  await bed.engine.tick(); // the history is read up to here: the start of this installation
  await bed.engine.stop();
  const stranger = randomAddress();
  const outside = await payByHand(stranger, 30_000_000);
  const { id, address } = await bed.approvedRequest();
  await bed.restartEngine();
  await bed.settle(() => requestRow(id).status === "PROCESSED");
  // the faucet's payment took the next Sequence
  const paid = bed.sim.payments({ destination: address });
  expect(paid).toMatchObject([{ result: "tesSUCCESS", sequence: outside.sequence + 1 }]);

  const listed = await bed.t.call("GET", "/api/admin/wallet/ledger-payments", { cookie: bed.admin });
  expect(listed.status).toBe(200);
  expect(listed.json.payments).toEqual([
    expect.objectContaining({
      hash: outside.hash,
      origin: "outside",
      description: "Sent outside the faucet",
      destination: stranger,
      amount: "30.000000",
      sequence: outside.sequence,
    }),
  ]);
  // only admins see it
  const visitor = await bed.t.register("curious");
  expect((await bed.t.call("GET", "/api/admin/wallet/ledger-payments", { cookie: visitor.cookie })).status).toBe(403);

  await bed.t.app.services.alerts.evaluate();
  await bed.t.app.services.alerts.evaluate();
  const alerts = (await bed.t.call("GET", "/api/admin/alerts", { cookie: bed.admin })).json;
  const raised = alerts.open.filter((a: { kind: string }) => a.kind === "outside_payment");
  expect(raised).toHaveLength(1);
  expect(raised[0].message).toContain("sent from the hot wallet outside the faucet (30 XRP in all)");
  // read again (the next reconciliation): listed once
  await bed.restartEngine();
  await bed.engine.tick();
  expect(
    (await bed.t.call("GET", "/api/admin/wallet/ledger-payments", { cookie: bed.admin })).json.payments,
  ).toHaveLength(1);
});

test("a server without the wallet's history: payouts pause with what to do; Resume after checking an explorer reads on from what it holds", async () => {
  bed = await bedWithBudget();
  const first = await bed.approvedRequest();
  await bed.settle(() => requestRow(first.id).status === "PROCESSED");
  const read = cursor()!;
  // the engine stops; meanwhile the server loses the ledgers after the one it read up to
  await bed.engine.stop();
  for (let i = 0; i < 3; i++) bed.sim.closeLedger();
  bed.sim.faults.historyGap(1, bed.sim.validatedLedgerIndex());
  const second = await bed.approvedRequest();
  await bed.restartEngine();
  for (let i = 0; i < 3; i++) {
    await bed.engine.tick();
    bed.sim.closeLedger();
  }
  const paused = bed.engine.status().paused;
  expect(paused).toContain(`the wallet's payments since ledger ${read + 1} must be read before paying anyone`);
  expect(paused).toContain(
    "connect a full-history server (XRPL_URL) and restart, or check the hot wallet's payments on an explorer and press Resume",
  );
  expect(bed.sim.payments({ destination: second.address })).toHaveLength(0);
  const wallet = (await bed.t.call("GET", "/api/admin/wallet", { cookie: bed.admin })).json;
  expect(wallet).toMatchObject({ paused: true, pausedReason: paused });

  expect((await bed.t.call("POST", "/api/admin/wallet/resume", { cookie: bed.admin })).status).toBe(200);
  await bed.settle(() => requestRow(second.id).status === "PROCESSED");
  expect(bed.sim.payments({ destination: second.address }).filter((p) => p.result === "tesSUCCESS")).toHaveLength(1);
  expect(bed.engine.status().paused).toBeNull();
  expect(cursor()).toBeGreaterThan(read);
});

test("a long history is read page by page (markers): 450 transactions sent outside the faucet, each listed once", async () => {
  bed = await payoutBed();
  await bed.engine.tick();
  const before = cursor()!;
  for (let i = 0; i < 450; i++) {
    bed.sim.faults.takeSequence(bed.wallet.classicAddress);
    bed.sim.closeLedger();
  }
  await bed.restartEngine();
  await bed.engine.tick();
  expect(cursor()).toBe(bed.sim.validatedLedgerIndex());
  expect(cursor()).toBeGreaterThanOrEqual(before + 450);
  const n = sqlite()
    .query("select count(*) as n, count(distinct tx_hash) as d from wallet_ledger_payments where origin = 'outside'")
    .get() as { n: number; d: number };
  expect(n).toEqual({ n: 450, d: 450 });
  // payments received by the wallet (its funding) are not the wallet's own
  expect(
    sqlite().query("select count(*) as n from wallet_ledger_payments where transaction_type = 'Payment'").get(),
  ).toEqual({ n: 0 });
  // and a payout after it goes out with the Sequence after theirs
  const { id } = await bed.approvedRequest(Wallet.generate(ECDSA.ed25519).classicAddress);
  await bed.settle(() => requestRow(id).status === "PROCESSED");
});

test("every statement of a reconciliation is served by an index (EXPLAIN QUERY PLAN): none scans a table that grows", async () => {
  bed = await bedWithBudget();
  const { id } = await bed.approvedRequest();
  const user = await bed.t.register("planned");
  sqlite().run("update users set xrp_address = ?, total_claimed_drops = 7000000 where id = ?", [
    randomAddress(),
    user.user.id,
  ]);
  sqlite().run(
    "insert into rewards (user_id, type, amount_drops, status, created_at) values (?, 'REVIEW', 7000000, 'APPROVED', ?)",
    [user.user.id, Date.now()],
  );
  bed.sim.fund(
    (sqlite().query("select xrp_address as a from users where id = ?").get(user.user.id) as { a: string }).a,
    20_000_000,
  );
  await bed.t.call("POST", `/api/admin/pay/${user.user.id}`, { cookie: bed.admin });
  await bed.settle(
    () => (sqlite().query("select count(*) as n from payouts where status = 'paid'").get() as { n: number }).n === 2,
  );
  bed.sim.faults.takeSequence(bed.wallet.classicAddress);
  bed.sim.closeLedger();
  // as if restored from before both payments: their payouts unknown, the request approved, the user owed
  await bed.engine.stop();
  sqlite().run("update installation set reconciled_ledger = 2, reconciled_hash = null");
  sqlite().run("delete from payouts");
  sqlite().run("update faucet_requests set status = 'APPROVED', tx_hash = null where id = ?", [id]);
  sqlite().run("update rewards set status = 'APPROVED', payout_id = null");
  sqlite().run("update users set total_claimed_drops = 7000000 where id = ?", [user.user.id]);

  const log = recordStatements(sqlite());
  await bed.restartEngine();
  await bed.engine.tick();
  const taken = log.taken();
  // and the alert's count of them
  log.clear();
  await bed.t.app.services.alerts.evaluate();
  taken.push(...log.taken().filter((sql) => sql.includes("wallet_ledger_payments")));
  expect(requestRow(id).status).toBe("PROCESSED");
  expect(sqlite().query("select kind, status, found_on_ledger from payouts order by kind").all()).toEqual([
    { kind: "FAUCET_REQUEST", status: "paid", found_on_ledger: 1 },
    { kind: "USER_PAYMENT", status: "paid", found_on_ledger: 1 },
  ]);
  expect(sqlite().query("select status from rewards").all()).toEqual([{ status: "PAID" }]);
  expect(sqlite().query("select total_claimed_drops as owed from users where id = ?").get(user.user.id)).toEqual({
    owed: 0,
  });
  const growing = [
    "payouts",
    "payout_attempts",
    "faucet_requests",
    "rewards",
    "users",
    "wallet_ledger_payments",
    "notifications",
  ];
  const scans = taken.flatMap((sql) =>
    queryPlan(sqlite(), sql)
      .filter((step) => growing.includes(step.match(/^SCAN (\w+)/)?.[1] ?? ""))
      .map((step) => `${step} in ${sql}`),
  );
  expect(scans).toEqual([]);
});
