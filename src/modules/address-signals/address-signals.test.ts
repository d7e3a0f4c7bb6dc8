// What the ledger says about requested addresses, over real HTTP with the sandbox ledger on a real
// WebSocket (the real xrpl client): the activation lookup, clusters by activating account, sinks found
// after payouts, the risk reasons, the request row and the user file, and "block this cluster".
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Wallet } from "xrpl";
import { DAY_MS } from "../../lib/time.ts";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { type HttpClient, httpClient } from "../../testing/client.ts";
import { fakeClock, randomAddress, strangerIp } from "../../testing/harness.ts";
import { CLUSTER_POINTS, HISTORY_POINTS, SINK_POINTS } from "../risk/address-points.ts";

const XRP = 1_000_000;
const browser = { "user-agent": "Mozilla/5.0" };

// A Payment signed by `from` with the real client, validated in the next closed ledger.
async function pay(bed: PayoutBed, from: Wallet, to: string, drops: number) {
  const client = await bed.ledger.ensure();
  const result = await client.submit(
    { TransactionType: "Payment", Account: from.classicAddress, Destination: to, Amount: String(drops) },
    { wallet: from },
  );
  expect(result.result.engine_result).toBe("tesSUCCESS");
}
// An account funded by the sandbox's genesis account, with its wallet.
function funded(bed: PayoutBed, drops = 1_000 * XRP) {
  const wallet = Wallet.generate();
  bed.sim.fund(wallet.classicAddress, drops);
  return wallet;
}

let ips = 0;
function request(site: HttpClient, address: string, cookie?: string) {
  ips++;
  return site.post(
    "/api/faucet/request",
    { address },
    { ip: strangerIp(3000 + ips * 7), headers: { ...browser, ...(cookie ? { cookie } : {}) }, cookies: false },
  );
}
const admin = (bed: PayoutBed) => ({ headers: { cookie: bed.admin }, cookies: false });
async function rows(bed: PayoutBed, site: HttpClient) {
  const res = await site.get("/api/admin/faucet/requests", admin(bed));
  expect(res.status).toBe(200);
  return res.json as any[];
}
const rowOf = (list: any[], address: string) => list.find((r) => r.destinationAddress === address);

describe("at request time: the activation, and clusters by activating account", () => {
  let bed: PayoutBed;
  let site: HttpClient;
  const activator = Wallet.generate();
  const pool = [Wallet.generate(), Wallet.generate(), Wallet.generate()];
  let honest: Wallet;
  const fresh = randomAddress();
  let member: { user: { id: number }; cookie: string };

  beforeAll(async () => {
    // the app's day is 120 days after the ledger's (real) time: an address with many transactions has a long history
    bed = await payoutBed({ app: { clock: fakeClock(Date.now() + 120 * DAY_MS) } });
    site = httpClient(bed.t.listen(), { ipHeader: "x-test-ip" });
    // (the clock keeps the real time of day, and the day's budget is released an hour at a time: a
    // budget whose first hour alone covers every request here, whatever the hour the tests run)
    expect((await site.post("/api/admin/faucet/settings", { dailyLimit: "100000" }, admin(bed))).status).toBe(200);
    bed.sim.fund(activator.classicAddress, 1_000 * XRP);
    honest = funded(bed);
    bed.sim.closeLedger();
    for (const w of pool) await pay(bed, activator, w.classicAddress, 20 * XRP);
    bed.sim.closeLedger();
    member = await bed.t.register("member");
  });
  afterAll(() => bed.close());

  test("a request is answered without the ledger; the worker then reads its address and scores the cluster", async () => {
    const made = await request(site, pool[0]!.classicAddress, member.cookie);
    expect(made.status).toBe(201);
    // nothing was read on the request's path: the row has no ledger facts yet
    const before = rowOf(await rows(bed, site), pool[0]!.classicAddress);
    expect(before.ledger).toBeNull();
    const networkScore = before.riskScore;

    for (const address of [pool[1]!.classicAddress, pool[2]!.classicAddress, honest.classicAddress, fresh])
      expect((await request(site, address)).status).toBe(201);
    expect(await bed.t.app.services.addressSignals.readNewRequests()).toBe(5);

    const list = await rows(bed, site);
    const first = rowOf(list, pool[0]!.classicAddress);
    expect(first.ledger).toMatchObject({
      found: true,
      activatedBy: activator.classicAddress,
      balance: "20.000000",
      txCount: 0,
      cluster: { activator: activator.classicAddress, addresses: 3, orMore: false },
      sink: null,
    });
    expect(Date.parse(first.ledger.activatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(first.ledger.activatedAt)).toBeLessThanOrEqual(Date.now());
    expect(first.riskReasons).toContain("shares an activating account with 2 other requests today");
    expect(first.riskScore).toBe(Math.min(100, networkScore + 2 * CLUSTER_POINTS));
    // the honest visitor's address: activated by an account no other request shares; a new address: not on the ledger
    expect(rowOf(list, honest.classicAddress).ledger).toMatchObject({ found: true, cluster: null });
    expect(rowOf(list, honest.classicAddress).riskReasons.some((r: string) => r.includes("activating account"))).toBe(
      false,
    );
    expect(rowOf(list, fresh).ledger).toMatchObject({ found: false, activatedBy: null, balance: null, cluster: null });
  });

  test("the user file shows the same evidence on the user's requests", async () => {
    const file = await site.get(`/api/admin/users/${member.user.id}`, admin(bed));
    expect(file.status).toBe(200);
    const [row] = file.json.faucetRequests;
    expect(row.destinationAddress).toBe(pool[0]!.classicAddress);
    expect(row.ledger.cluster).toEqual({ activator: activator.classicAddress, addresses: 3, orMore: false });
    expect(row.riskReasons).toContain("shares an activating account with 2 other requests today");
  });

  test("a signal is kept: the next pass reads nothing again", async () => {
    expect(await bed.t.app.services.addressSignals.readNewRequests()).toBe(0);
  });

  test("a ledger that does not answer: nothing is written, and the next pass reads the batch again", async () => {
    const later = randomAddress();
    expect((await request(site, later)).status).toBe(201);
    bed.sim.faults.rpcError("account_info", "tooBusy");
    expect(await bed.t.app.services.addressSignals.readNewRequests()).toBe(0);
    expect(bed.t.logs.some((l) => l.startsWith("address signals: cannot read the ledger"))).toBe(true);
    expect(rowOf(await rows(bed, site), later).ledger).toBeNull();
    expect(await bed.t.app.services.addressSignals.readNewRequests()).toBe(1);
    expect(rowOf(await rows(bed, site), later).ledger).toMatchObject({ found: false });
  });

  test("an address with a long history of its own scores lower", async () => {
    // (activated by an account of its own: genesis activated the honest visitor's, which asked today)
    const funder = funded(bed);
    const old = Wallet.generate();
    bed.sim.closeLedger();
    await pay(bed, funder, old.classicAddress, 100 * XRP);
    bed.sim.closeLedger();
    for (let i = 0; i < 10; i++) await pay(bed, old, honest.classicAddress, XRP);
    bed.sim.closeLedger();
    expect((await request(site, old.classicAddress)).status).toBe(201);
    const networkScore = rowOf(await rows(bed, site), old.classicAddress).riskScore;
    expect(await bed.t.app.services.addressSignals.readNewRequests()).toBe(1);
    const row = rowOf(await rows(bed, site), old.classicAddress);
    expect(row.ledger).toMatchObject({ found: true, txCount: 10 });
    expect(
      row.riskReasons.some(
        (r: string) => r.startsWith("a long history of its own: activated ") && r.endsWith(", 10 transactions sent"),
      ),
    ).toBe(true);
    expect(row.riskScore).toBe(Math.max(0, networkScore + HISTORY_POINTS));
  });
});

describe("after payouts: sinks, their waiting cluster, and blocking it", () => {
  let bed: PayoutBed;
  let site: HttpClient;
  const sink = Wallet.generate();
  const feeders = [Wallet.generate(), Wallet.generate(), Wallet.generate()];
  const waiting = Wallet.generate();

  beforeAll(async () => {
    // (a budget whose first hour covers every request here: above)
    bed = await payoutBed({ app: { clock: fakeClock(Date.now()) } });
    site = httpClient(bed.t.listen(), { ipHeader: "x-test-ip" });
    expect((await site.post("/api/admin/faucet/settings", { dailyLimit: "100000" }, admin(bed))).status).toBe(200);
    bed.sim.fund(sink.classicAddress, 100 * XRP);
    bed.sim.closeLedger();
  });
  afterAll(() => bed.close());

  test("paid addresses that send their XRP on to one destination make it a sink; its waiting cluster is flagged", async () => {
    const paid: { id: number; address: string; amountDrops: number }[] = [];
    for (const f of feeders) paid.push(await bed.approvedRequest(f.classicAddress));
    const status = (id: number) =>
      (bed.t.db.sqlite.query("select status from faucet_requests where id = ?").get(id) as { status: string }).status;
    await bed.settle(() => paid.every((p) => status(p.id) === "PROCESSED"));
    // the sink activates one more address, which asks too and waits for review
    await pay(bed, sink, waiting.classicAddress, 5 * XRP);
    bed.sim.closeLedger();
    expect((await request(site, waiting.classicAddress)).status).toBe(201);
    const signals = bed.t.app.services.addressSignals;
    await signals.readNewRequests();
    const before = rowOf(await rows(bed, site), waiting.classicAddress);
    expect(before.ledger).toMatchObject({ activatedBy: sink.classicAddress, sink: null });

    // two consolidate: not yet a sink; the third makes it one
    for (const [i, f] of feeders.entries()) {
      await pay(bed, f, sink.classicAddress, paid[i]!.amountDrops - 2 * XRP);
      bed.sim.closeLedger();
      if (i === 1) {
        await signals.readPaidAddresses();
        expect(rowOf(await rows(bed, site), waiting.classicAddress).ledger.sink).toBeNull();
        bed.t.clock.advance(61 * 60_000); // their payments out are read again an hour later
      }
    }
    expect(await signals.readPaidAddresses()).toBe(3);
    const row = rowOf(await rows(bed, site), waiting.classicAddress);
    expect(row.ledger.sink).toEqual({ account: sink.classicAddress, feeders: 3, feeds: false });
    const reason = `activated by a sink's cluster: ${sink.classicAddress.slice(0, 6)}…${sink.classicAddress.slice(-4)}, where 3 addresses this faucet paid sent their XRP`;
    expect(row.riskReasons).toContain(reason);
    expect(row.riskScore).toBe(Math.min(100, before.riskScore + SINK_POINTS));
    expect(row.riskScore).toBeGreaterThanOrEqual(50);
  });

  test("block this cluster: the sink and every address of its cluster on the block list in one step", async () => {
    const res = await site.post(
      "/api/admin/address-clusters/block",
      { kind: "sink", account: sink.classicAddress },
      admin(bed),
    );
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ account: sink.classicAddress, kind: "sink", addresses: 5, blocked: 5 });
    const list = (await site.get("/api/admin/blocklist", admin(bed))).json as { value: string; note: string }[];
    for (const a of [sink, waiting, ...feeders])
      expect(list.find((e) => e.value === a.classicAddress)?.note).toMatch(/^Cluster: sink r/);
    const row = rowOf(await rows(bed, site), waiting.classicAddress);
    expect(row.blocked).toBe(true);
    // approving the waiting request is refused now
    const approve = await site.post(`/api/admin/faucet/requests/${row.id}`, { action: "APPROVED" }, admin(bed));
    expect(approve.status).toBeGreaterThanOrEqual(400);
    expect(approve.status).toBeLessThan(500);
    // again: nothing new to block
    expect(
      (await site.post("/api/admin/address-clusters/block", { kind: "sink", account: sink.classicAddress }, admin(bed)))
        .json.blocked,
    ).toBe(0);
  });

  test("bad input gets a clear error; only admins may block", async () => {
    const post = (body: unknown, opts = admin(bed)) => site.post("/api/admin/address-clusters/block", body, opts);
    expect(await post({ kind: "wallet", account: sink.classicAddress })).toMatchObject({
      status: 400,
      json: { message: "kind must be one of activator, sink" },
    });
    expect(await post({ kind: "sink", account: "nope" })).toMatchObject({
      status: 400,
      json: { message: "account must be an XRP Ledger classic address (r...)" },
    });
    expect(await post({ kind: "sink", account: 5 })).toMatchObject({ status: 400 });
    expect(await post({ kind: "sink", account: randomAddress() })).toMatchObject({
      status: 404,
      json: { message: "No cluster has this account: nothing was blocked" },
    });
    expect(await post({ kind: "activator", account: feeders[0]!.classicAddress })).toMatchObject({ status: 404 });
    expect(
      (await post({ kind: "sink", account: sink.classicAddress }, { headers: {}, cookies: false } as never)).status,
    ).toBe(401);
  });
});
