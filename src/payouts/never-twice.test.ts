// Never twice, whatever the operator does: a second server paying from the wallet, a restored
// database that reuses a lost id, a payment that names a payout but pays something else, a new
// database on a used wallet, a payout needing attention across a restart, a ledger that is not the
// faucet's. Over the real xrpl client and the ledger simulator; payments are counted on the ledger.
// (The same drills on the binary, two servers and one ledger: never-twice.e2e.test.ts.)
import { Database } from "bun:sqlite";
import { afterEach, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Payment } from "xrpl";
import { backupDatabase } from "../db/backup.ts";
import { randomAddress, strangerIp } from "../testing/harness.ts";
import { ANOTHER_SERVER, createPayoutEngine, NOT_THE_LEDGER } from "./engine.ts";
import { payoutFields } from "./identity.ts";
import { createLedgerConnection } from "./ledger.ts";
import { startLedgerSimulator } from "./simulator/index.ts";
import { payoutBed, type PayoutBed } from "./testing.ts";

setDefaultTimeout(30_000);

let bed: PayoutBed;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => {});
  await bed?.close();
});

const sqlite = () => bed.t.db.sqlite;
const requestRow = (id: number) =>
  sqlite().query("select status, tx_hash from faucet_requests where id = ?").get(id) as {
    status: string;
    tx_hash: string | null;
  };
const paidTo = (destination: string) =>
  bed.sim.payments({ destination, account: bed.wallet.classicAddress }).filter((p) => p.result === "tesSUCCESS");
const installationId = () =>
  (sqlite().query("select installation_id as id from installation").get() as { id: string }).id;
const randomRef = () => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");
const listed = () =>
  sqlite().query("select origin, destination, amount_drops from wallet_ledger_payments order by id").all() as {
    origin: string;
    destination: string | null;
    amount_drops: number | null;
  }[];

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

// A payment from the hot wallet signed by another copy of this faucet (same installation, its own
// payout name and instance id), validated in the next ledger.
async function paidByAnotherCopy(
  destination: string,
  drops: number,
  key = `faucet:${randomRef()}`,
  instance: string | null = "0badc0de0badc0de",
) {
  const client = await bed.ledger.ensure();
  const fields = payoutFields(installationId(), key, instance ?? "");
  if (instance === null) fields.Memos.pop();
  const prepared = await client.autofill({
    TransactionType: "Payment",
    Account: bed.wallet.classicAddress,
    Destination: destination,
    Amount: String(drops),
    ...fields,
  } as Payment);
  const signed = bed.wallet.sign(prepared);
  await bed.ledger.request({ command: "submit", tx_blob: signed.tx_blob });
  bed.sim.closeLedger();
  return signed.hash;
}

// What the wallet sent, as its history on the ledger shows it.
async function sentFrom(ledger: PayoutBed["ledger"], account: string) {
  const r = await ledger.request<{ transactions: { tx_json: Record<string, any> }[] }>({
    command: "account_tx",
    account,
    ledger_index_min: -1,
    ledger_index_max: -1,
    forward: true,
    limit: 400,
  });
  return r.transactions.map((t) => t.tx_json).filter((tx) => tx.Account === account);
}

async function ticks(n: number) {
  for (let i = 0; i < n; i++) {
    await bed.engine.tick();
    bed.sim.closeLedger();
  }
}

test("a payment of the faucet another server signed after this one started: both pause with one sentence and an alert, the request it paid is recorded paid, nothing is paid again", async () => {
  bed = await bedWithBudget();
  const first = await bed.approvedRequest();
  await bed.settle(() => requestRow(first.id).status === "PROCESSED");
  // a visitor whose request this server still shows waiting is paid by the copy
  const made = await bed.t.call("POST", "/api/faucet/request", {
    body: { address: randomAddress() },
    ip: strangerIp(77),
    headers: { "user-agent": "Mozilla/5.0" },
  });
  expect(made.status).toBe(201);
  const waiting = {
    id: made.json.id as number,
    address: requestRowFull(made.json.id).address as string,
    drops: Number(requestRowFull(made.json.id).amount_drops),
  };
  bed.sim.fund(waiting.address, 20_000_000);
  bed.sim.closeLedger();
  const hash = await paidByAnotherCopy(waiting.address, waiting.drops);
  // this server is asked to pay it too, and another request
  expect(
    (
      await bed.t.call("POST", `/api/admin/faucet/requests/${waiting.id}`, {
        cookie: bed.admin,
        body: { action: "APPROVED" },
      })
    ).status,
  ).toBeOneOf([200, 409]);
  const other = await bed.approvedRequest();
  await ticks(4);

  const paused = bed.engine.status().paused;
  expect(paused).toStartWith(`${ANOTHER_SERVER}: its payment ${hash} to ${waiting.address}`);
  expect(paused).toContain("Stop one of them");
  expect(requestRow(waiting.id)).toEqual({ status: "PROCESSED", tx_hash: hash });
  expect(paidTo(waiting.address)).toHaveLength(1);
  expect(paidTo(other.address)).toHaveLength(0);
  expect(listed()).toEqual([{ origin: "another_server", destination: waiting.address, amount_drops: waiting.drops }]);
  await bed.t.app.services.alerts.evaluate();
  const alerts = (await bed.t.call("GET", "/api/admin/alerts", { cookie: bed.admin })).json.open;
  expect(alerts.filter((a: { kind: string }) => a.kind === "another_signer")).toHaveLength(1);
  // the other server is told on the ledger: a no-op AccountSet naming this one
  const told = (await sentFrom(bed.ledger, bed.wallet.classicAddress)).filter(
    (tx) => tx.TransactionType === "AccountSet",
  );
  expect(told).toHaveLength(1);
  expect(bed.logs.join("\n")).toContain("told the other server on the ledger");
});

const requestRowFull = (id: number) =>
  sqlite().query("select * from faucet_requests where id = ?").get(id) as Record<string, unknown>;

test("a restored database whose new request takes a lost request's id: the lost payment is never read as the new one's", async () => {
  bed = await bedWithBudget();
  const lost = await bed.approvedRequest();
  await bed.settle(() => requestRow(lost.id).status === "PROCESSED");
  const lostHash = requestRow(lost.id).tx_hash!;
  // restored from a backup taken before it: its request and payout unknown, its id free again
  await bed.engine.stop();
  sqlite().run("update installation set reconciled_ledger = 2, reconciled_hash = null");
  sqlite().run("delete from payouts");
  sqlite().run("delete from notifications");
  sqlite().run("delete from faucet_requests where id = ?", [lost.id]);
  sqlite().run("delete from sqlite_sequence where name = 'faucet_requests'");
  const fresh = await bed.approvedRequest();
  expect(fresh.id).toBe(lost.id);
  await bed.restartEngine();
  await bed.settle(() => requestRow(fresh.id).status === "PROCESSED");

  expect(paidTo(fresh.address)).toHaveLength(1);
  expect(paidTo(lost.address)).toHaveLength(1);
  const row = requestRow(fresh.id);
  expect(row.tx_hash).not.toBe(lostHash);
  expect(paidTo(fresh.address)[0]!.hash).toBe(row.tx_hash!);
  // the lost request's payment: a request recorded as paid (its address meets the day's limit) and listed
  const found = sqlite().query("select status, tx_hash from faucet_requests where address = ?").all(lost.address);
  expect(found).toEqual([{ status: "PROCESSED", tx_hash: lostHash }]);
  expect(listed()).toEqual([{ origin: "unknown_payout", destination: lost.address, amount_drops: lost.amountDrops }]);
  expect(bed.engine.status().paused).toBeNull();
  const again = await bed.t.call("POST", "/api/faucet/request", {
    body: { address: lost.address },
    ip: strangerIp(4242),
    headers: { "user-agent": "Mozilla/5.0" },
  });
  expect({ status: again.status, message: again.json.message }).toEqual({
    status: 429,
    message: expect.stringContaining("This address already requested XRP in the last 24 hours"),
  });
});

test("a payment naming a payout of this database but paying another amount is listed, never taken as paid; a user payment is matched with its amount", async () => {
  bed = await bedWithBudget();
  await bed.engine.tick();
  bed.engine.pause("held for the test");
  const { id, address, amountDrops } = await bed.approvedRequest();
  bed.sim.fund(address, 20_000_000);
  const ref = (
    sqlite().query("select ledger_ref from payouts where faucet_request_id = ?").get(id) as { ledger_ref: string }
  ).ledger_ref;
  await paidByAnotherCopy(address, amountDrops - 1, `faucet:${ref}`, null);
  // a user owed 10 XRP, paid 5 by a payment this database never recorded
  const user = await bed.t.register("owed");
  const userAddress = randomAddress();
  bed.sim.fund(userAddress, 20_000_000);
  sqlite().run("update users set xrp_address = ?, total_claimed_drops = 10000000 where id = ?", [
    userAddress,
    user.user.id,
  ]);
  sqlite().run(
    "insert into rewards (user_id, type, amount_drops, status, created_at) values (?, 'REVIEW', 10000000, 'APPROVED', ?)",
    [user.user.id, Date.now()],
  );
  expect((await bed.t.call("POST", `/api/admin/pay/${user.user.id}`, { cookie: bed.admin })).status).toBe(202);
  await paidByAnotherCopy(userAddress, 5_000_000, `user:${randomRef()}`, null);
  await ticks(3);

  expect(sqlite().query("select status from payouts where faucet_request_id = ?").get(id)).toEqual({
    status: "queued",
  });
  expect(requestRow(id).status).toBe("APPROVED");
  const userPayout = sqlite().query("select status, error from payouts where user_id = ?").get(user.user.id) as {
    status: string;
    error: string;
  };
  expect(userPayout.status).toBe("preflight_refused");
  expect(userPayout.error).toContain("check what is still owed and pay again");
  expect(sqlite().query("select total_claimed_drops as owed from users where id = ?").get(user.user.id)).toEqual({
    owed: 10_000_000,
  });
  expect(
    listed()
      .map((p) => p.origin)
      .sort(),
  ).toEqual(["another_server", "another_server"]);
  expect(bed.logs.join("\n")).toContain("naming a payout of this database but paying something else");
});

test("a new database on a used wallet reads its history back: the visitors it paid meet the one-claim-a-day limit, the operator is told what could not be rebuilt", async () => {
  bed = await bedWithBudget();
  const paid = [await bed.approvedRequest(), await bed.approvedRequest()];
  await bed.settle(() => paid.every((p) => requestRow(p.id).status === "PROCESSED"));
  // the disk is lost: a new database (a new installation) with the same wallet
  await bed.engine.stop();
  sqlite().run("delete from payouts");
  sqlite().run("delete from notifications");
  sqlite().run("delete from faucet_requests");
  sqlite().run("update installation set reconciled_ledger = null, installation_id = ?", [randomRef()]);
  await bed.restartEngine();
  await bed.engine.tick();

  for (const p of paid) {
    expect(sqlite().query("select status, amount_drops from faucet_requests where address = ?").all(p.address)).toEqual(
      [{ status: "PROCESSED", amount_drops: p.amountDrops }],
    );
    const again = await bed.t.call("POST", "/api/faucet/request", {
      body: { address: p.address },
      ip: strangerIp(5000 + p.id),
      headers: { "user-agent": "Mozilla/5.0" },
    });
    expect({ status: again.status, message: again.json.message }).toEqual({
      status: 429,
      message: expect.stringContaining("This address already requested XRP in the last 24 hours"),
    });
  }
  const rebuilt = JSON.parse((sqlite().query("select rebuilt from installation").get() as { rebuilt: string }).rebuilt);
  expect(rebuilt).toMatchObject({ faucetPayments: 2, userPayments: 0 });
  const wallet = (await bed.t.call("GET", "/api/admin/wallet", { cookie: bed.admin })).json;
  expect(wallet.rebuiltFromLedger).toMatchObject({ faucetPayments: 2, userPayments: 0 });
  expect(wallet.rebuiltFromLedger.message).toContain(
    "owed balances, waiting requests and settings lived in the lost database only",
  );
  expect(wallet.lastError).toBeNull();
  expect(bed.logs.join("\n")).toContain("a new database on a wallet with history");
  expect(bed.logs.join("\n")).toContain("owed balances and waiting requests are the lost database's alone");
  await ticks(3);
  for (const p of paid) expect(paidTo(p.address)).toHaveLength(1);
});

test("a payout left needing attention keeps payouts paused after a restart", async () => {
  bed = await bedWithBudget();
  await bed.engine.tick();
  bed.engine.pause("held for the test");
  const { id } = await bed.approvedRequest();
  sqlite().run("update payouts set status = 'needs_attention', error = 'checked by hand' where faucet_request_id = ?", [
    id,
  ]);
  await bed.restartEngine();
  await bed.engine.tick();
  expect(bed.engine.status().paused).toMatch(/^payout #\d+ needs attention: checked by hand/);
});

test("a ledger that is not the faucet's (started over, or another network): paused with a sentence, nothing signed again", async () => {
  bed = await bedWithBudget();
  const first = await bed.approvedRequest();
  await bed.settle(() => requestRow(first.id).status === "PROCESSED");
  const waiting = await bed.approvedRequest();
  await bed.engine.stop();

  for (const networkId of [0, 21337]) {
    // a brand-new ledger with the same wallet funded on it
    const sim = await startLedgerSimulator({ closeIntervalMs: null, networkId });
    cleanups.push(() => sim.close());
    sim.fund(bed.wallet.classicAddress, 10_000 * 1_000_000);
    sim.closeLedger();
    const ledger = createLedgerConnection({ urls: [sim.url], log: () => {}, timeoutMs: 1_000 });
    cleanups.push(() => ledger.close());
    const logs: string[] = [];
    const engine = createPayoutEngine({
      db: bed.t.db,
      clock: () => Date.now() + 120_000,
      ledger,
      wallet: bed.wallet,
      log: (line) => logs.push(line),
      outcomes: bed.outcomes,
    });
    for (let i = 0; i < 5; i++) {
      await engine.tick();
      sim.closeLedger();
    }
    const paused = engine.status().paused;
    expect(paused).toStartWith(`${NOT_THE_LEDGER}: `);
    expect(paused).toContain(
      networkId === 0
        ? "the hot wallet's Sequence there is"
        : "the XRPL server is on network 21337, and this faucet paid on network 0",
    );
    expect(sim.payments({ destination: waiting.address })).toHaveLength(0);
    expect(await sentFrom(ledger, bed.wallet.classicAddress)).toHaveLength(0);
    await engine.stop();
  }
});

test("a backup carries no signer lease: a server started on it signs at once", async () => {
  bed = await bedWithBudget();
  const first = await bed.approvedRequest();
  await bed.settle(() => requestRow(first.id).status === "PROCESSED");
  expect(sqlite().query("select count(*) as n from signer_leases").get()).toEqual({ n: 1 });
  const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-lease-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const copy = backupDatabase(bed.t.db, join(dir, "copy.db"));
  const opened = new Database(copy, { readonly: true });
  try {
    expect(opened.query("select count(*) as n from signer_leases").get()).toEqual({ n: 0 });
    expect(opened.query("select count(*) as n from payouts").get()).toEqual({ n: 1 });
  } finally {
    opened.close();
  }
});

test("a ledger that started over before the faucet paid anything there: the ledger it read up to has another hash, paused, nothing signed", async () => {
  bed = await bedWithBudget();
  await bed.engine.tick();
  const read = sqlite().query("select reconciled_ledger as l, reconciled_hash as h from installation").get() as {
    l: number;
    h: string | null;
  };
  expect(read.h).toMatch(/^[0-9A-F]{64}$/);
  const waiting = await bed.approvedRequest();
  bed.engine.pause("held for the test");
  await bed.engine.stop();
  const sim = await startLedgerSimulator({ closeIntervalMs: null });
  cleanups.push(() => sim.close());
  sim.fund(bed.wallet.classicAddress, 10_000 * 1_000_000);
  for (let i = 0; i <= read.l; i++) sim.closeLedger();
  const ledger = createLedgerConnection({ urls: [sim.url], log: () => {}, timeoutMs: 1_000 });
  cleanups.push(() => ledger.close());
  const engine = createPayoutEngine({
    db: bed.t.db,
    clock: () => Date.now() + 120_000,
    ledger,
    wallet: bed.wallet,
    log: () => {},
    outcomes: bed.outcomes,
  });
  for (let i = 0; i < 3; i++) {
    await engine.tick();
    sim.closeLedger();
  }
  expect(engine.status().paused).toStartWith(
    `${NOT_THE_LEDGER}: the XRPL server's ledger ${read.l} is not the one this faucet read the wallet's history up to`,
  );
  expect(await sentFrom(ledger, bed.wallet.classicAddress)).toHaveLength(0);
  expect(sim.payments({ destination: waiting.address })).toHaveLength(0);
  await engine.stop();
});
