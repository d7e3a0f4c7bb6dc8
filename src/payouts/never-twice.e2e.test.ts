// "Never twice", drilled on the built binary: servers in real-ledger mode (--xrpl-url, the hot
// wallet's XRPL_SEED and XRPL_ADDRESS) on ONE simulated ledger run as its own process, which outlives
// them (src/testing/ledger-drill.ts). Admins sign in with two-factor sign-in, as a real-ledger server
// demands; the ground truth of who was paid is the hot wallet's history on the ledger (account_tx),
// never the servers' own rows. Each drill is one thing an operator can do to a faucet (two copies at
// once, a lost database, a restore the ledger server has no history for, a restore whose new request
// reuses a lost id, a payment sent by hand, a ledger started over), and each ends with what the ledger
// shows and the sentence the operator gets to act on.
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { Wallet } from "xrpl";
import { randomAddress } from "../testing/harness.ts";
import {
  ask,
  askAccepted,
  backup,
  cleanupDrills,
  drillDir,
  fundedHotWallet,
  fundFromGenesis,
  ledgerPaymentsByDestination,
  ledgerTx,
  newVisitor,
  owedOf,
  owedUser,
  processed,
  restore,
  startServer,
  startSimulator,
  waitLedgers,
  walletTransactions,
  type AdminClient,
} from "../testing/ledger-drill.ts";
import { waitFor } from "../testing/wait.ts";

afterAll(cleanupDrills, 30_000);

// A drill's ledger (a state file in the drill's directory, a ledger closed every second) and its hot
// wallet, funded from genesis.
async function drill() {
  const dir = drillDir();
  const sim = await startSimulator({ stateFile: join(dir, "ledger.json"), closeIntervalMs: 1000 });
  const wallet = await fundedHotWallet(sim);
  return { dir, sim, wallet };
}

// Waits up to `timeout` for `check` to hold and answers its last value either way: for what the
// drill reports at its end, where a value not reached is part of the report, not a thrown timeout.
async function eventually<T>(check: () => Promise<T>, timeout: number): Promise<T | undefined> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  for (;;) {
    try {
      last = await check();
      if (last) return last;
    } catch {}
    if (Date.now() >= deadline) return last;
    await Bun.sleep(250);
  }
}

const pausedReason = async (admin: AdminClient): Promise<string | null> => (await admin.wallet()).pausedReason ?? null;
const times = (n: number | undefined) => (n === undefined || n === 0 ? "never" : n === 1 ? "once" : `${n} times`);

test("two copies at once on one hot wallet: each request and each user is paid at most once, and the servers pause saying another server pays from the wallet", async () => {
  const { dir, sim, wallet } = await drill();
  const a = await startServer({ dataDir: join(dir, "a"), sim, wallet });
  // X2 waits for a person and V is owed a bonus, both before the copy
  const x2 = randomAddress();
  const x2Id = await askAccepted(a, x2);
  const v = await owedUser(a, Wallet.generate().classicAddress);
  // the database copied to a second machine as a backup restored there; both run
  await backup(a.dataDir, join(dir, "backups", "a.db"));
  await restore(join(dir, "backups", "a.db"), join(dir, "b"));
  // (the backup carries no signer lease: the copy signs at once)
  const b = await startServer({ dataDir: join(dir, "b"), sim, wallet, authenticator: a.admin.authenticator });

  // X2 approved on A, then on B within 3 s; V paid on A, then on B within seconds. B may already
  // know from the ledger that A paid them: then it refuses (409 the request was processed, 400
  // nothing is owed) instead of queueing a second payment.
  expect((await a.admin.approve(x2Id)).status).toBe(200);
  await Bun.sleep(1_000);
  expect([200, 409]).toContain((await b.admin.approve(x2Id)).status);
  const payOnA = a.admin.payUser(v.userId);
  await Bun.sleep(1_000);
  const payOnB = b.admin.payUser(v.userId);

  // at least one of them pauses, saying why (ideally both); (Pay user answers within 15 s meanwhile)
  const anotherServer = (reason: string | null) =>
    reason?.startsWith("another server is paying from this wallet") ?? false;
  const reasons = async () => ({ a: await pausedReason(a.admin), b: await pausedReason(b.admin) });
  let seen = await eventually(async () => {
    const r = await reasons();
    return anotherServer(r.a) && anotherServer(r.b) ? r : null;
  }, 30_000);
  seen ??= await reasons();
  expect([200, 202]).toContain((await payOnA).status);
  expect([200, 202, 400]).toContain((await payOnB).status);
  const pausedOn = (["a", "b"] as const).filter((name) => anotherServer(seen![name]));
  // a second payment of either, if any, is in these ledgers
  await waitLedgers(sim, 5);
  const paid = await ledgerPaymentsByDestination(sim, wallet.address);
  // the paused server's alert
  const server = pausedOn[0] === "b" ? b : a;
  const alert = pausedOn.length
    ? await eventually(
        async () => ((await server.admin.alerts()).open as { kind: string }[]).find((x) => x.kind === "another_signer"),
        65_000,
      )
    : undefined;
  expect({
    x2: (paid[x2] ?? 0) <= 1 ? "at most once" : times(paid[x2]),
    v: (paid[v.address] ?? 0) <= 1 ? "at most once" : times(paid[v.address]),
    aServerPaused: pausedOn.length > 0,
    anotherSignerAlert: alert ? "open" : "none",
    reasons: seen,
    // (what the ledger shows, for the report)
    payments: { x2: paid[x2] ?? 0, v: paid[v.address] ?? 0 },
    payouts: Object.fromEntries(
      [a, b].map((s) => [
        s === a ? "a" : "b",
        s
          .query<{ kind: string; status: string; sequence: number | null }>(
            "select kind, status, sequence from payouts order by id",
          )
          .map((p) => `${p.kind} ${p.status} ${p.sequence ?? "-"}`),
      ]),
    ),
    lastErrors: { a: (await a.admin.wallet()).lastError, b: (await b.admin.wallet()).lastError },
  }).toMatchObject({ x2: "at most once", v: "at most once", aServerPaused: true, anotherSignerAlert: "open" });
}, 150_000);

test("a lost database, a fresh data directory on the same wallet: the visitors it paid are refused or never paid again, and the wallet says what it rebuilt from the ledger", async () => {
  const { dir, sim, wallet } = await drill();
  const a = await startServer({ dataDir: join(dir, "a"), sim, wallet });
  const visitors = [0, 1, 2].map(() => ({ address: randomAddress(), visitor: newVisitor() }));
  for (const { address, visitor } of visitors)
    expect((await a.admin.approve(await askAccepted(a, address, visitor))).status).toBe(200);
  for (const { address } of visitors) await processed(a.admin, address);
  expect(await ledgerPaymentsByDestination(sim, wallet.address)).toEqual(
    Object.fromEntries(visitors.map(({ address }) => [address, 1])),
  );
  expect(await a.stop()).toBe(0);

  // the disk is lost, and there is no backup: a new data directory, the same hot wallet
  const fresh = await startServer({ dataDir: join(dir, "fresh"), sim, wallet });
  // (what it read from the wallet's history, when it has: the visitors come after)
  const rebuilt = await eventually(async () => (await fresh.admin.wallet()).rebuiltFromLedger, 10_000);
  const answers: string[] = [];
  for (const { address, visitor } of visitors) {
    const again = await ask(fresh, address, visitor);
    if (again.status === 429 && again.code === "ADDRESS_LIMIT") answers.push("refused: one claim a day");
    else if (again.status === 201) {
      const approved = await fresh.admin.approve(again.id!);
      answers.push(`accepted, approval ${approved.status}`);
    } else answers.push(`${again.status} ${again.code}: ${again.message}`);
  }
  // anything signed is in these ledgers
  await waitLedgers(sim, 5);
  const paid = await ledgerPaymentsByDestination(sim, wallet.address);
  const view = await fresh.admin.wallet();
  expect({
    answers: answers.map((x) =>
      x === "refused: one claim a day" || x.startsWith("accepted") ? "refused, or accepted" : x,
    ),
    // (what each was answered, for the report)
    answered: answers,
    paid: visitors.map(({ address }) => times(paid[address])),
    rebuiltFromLedger: view.rebuiltFromLedger ?? rebuilt ?? "missing",
  }).toMatchObject({
    answers: ["refused, or accepted", "refused, or accepted", "refused, or accepted"],
    paid: ["once", "once", "once"],
    rebuiltFromLedger: { faucetPayments: 3 },
  });
}, 120_000);

test("a restore the ledger server has no history for: payouts pause with the history sentence, what is approved meanwhile is held, withdrawn or paid once after Resume", async () => {
  const { dir, sim, wallet } = await drill();
  const a = await startServer({ dataDir: join(dir, "a"), sim, wallet });
  const g1 = randomAddress();
  expect((await a.admin.approve(await askAccepted(a, g1))).status).toBe(200);
  await processed(a.admin, g1);
  // G2 waits and U is owed: then the backup
  const g2 = randomAddress();
  const g2Id = await askAccepted(a, g2);
  const u = await owedUser(a, Wallet.generate().classicAddress);
  const file = join(dir, "backups", "a.db");
  await backup(a.dataDir, file);
  // after it: G2 approved and paid
  expect((await a.admin.approve(g2Id)).status).toBe(200);
  await processed(a.admin, g2);
  const before = await ledgerPaymentsByDestination(sim, wallet.address);
  expect(before).toEqual({ [g1]: 1, [g2]: 1 });
  expect(await a.stop()).toBe(0);

  // the backup restored; the ledger server (restarted) holds no history before now
  await restore(file, a.dataDir);
  await sim.restart({ historyFromNow: true });
  // (the simulator says it just after it says where it listens)
  await waitFor(() => /history: none held up to ledger \d+/.exec(sim.output()), {
    what: "the simulator's history line",
  });
  const restored = await startServer({ dataDir: a.dataDir, sim, wallet, authenticator: a.admin.authenticator });
  const admin = restored.admin;
  const reason = await waitFor(async () => (await admin.wallet()).pausedReason, {
    what: "payouts paused",
    timeout: 15_000,
    interval: 200,
  });
  expect(reason).toContain("must be read before paying anyone");

  // while paused: G2 (PENDING here) approved, U paid: both answered, nothing sent
  expect((await admin.requestTo(g2)).status).toBe("PENDING");
  expect((await admin.approve(g2Id)).status).toBe(200);
  // (Pay user waits up to 15 s for the ledger's verdict before it answers 202: the ledgers pass meanwhile)
  const paying = admin.payUser(u.userId);
  await waitLedgers(sim, 4);
  expect([200, 202]).toContain((await paying).status);
  expect(await ledgerPaymentsByDestination(sim, wallet.address)).toEqual({});

  // the admin checks the explorer: G2 was paid. Its held payout is withdrawn, then payouts resume
  const view = await admin.wallet();
  const held = (view.held ?? []) as { payoutId: number; requestId: number | null; destination: string }[];
  expect(held.map((h) => h.destination).sort()).toEqual([g2, u.address].sort());
  const g2Payout = held.find((h) => h.requestId === g2Id)!;
  await admin.stepUp();
  const withdrawn = await admin.post(`/api/admin/payouts/${g2Payout.payoutId}/withdraw`);
  expect({ status: withdrawn.status, outcome: withdrawn.json?.outcome }).toEqual({ status: 200, outcome: "withdrawn" });
  await admin.stepUp();
  expect((await admin.post("/api/admin/wallet/resume")).status).toBe(200);
  await waitFor(async () => (await owedOf(admin, u.userId)) === "0.000000", {
    what: "U paid after Resume",
    timeout: 20_000,
    interval: 250,
  });
  await waitLedgers(sim, 4);
  const after = await ledgerPaymentsByDestination(sim, wallet.address);
  expect({
    g1: times(before[g1]),
    g2: times((before[g2] ?? 0) + (after[g2] ?? 0)),
    u: times(after[u.address]),
  }).toEqual({ g1: "once", g2: "once", u: "once" });
  expect((await admin.wallet()).paused).toBe(false);
}, 120_000);

test("a restore whose new request reuses a lost id: the new request is paid to its own address with its own payment, the lost one is not paid again", async () => {
  const { dir, sim, wallet } = await drill();
  const a = await startServer({ dataDir: join(dir, "a"), sim, wallet });
  expect([await askAccepted(a, randomAddress()), await askAccepted(a, randomAddress())]).toEqual([1, 2]);
  const file = join(dir, "backups", "a.db");
  await backup(a.dataDir, file);
  // after the backup: request #3, to X, paid
  const x = randomAddress();
  const xId = await askAccepted(a, x);
  expect(xId).toBe(3);
  expect((await a.admin.approve(xId)).status).toBe(200);
  const xHash: string = (await processed(a.admin, x)).txHash;
  expect((await ledgerTx(sim, xHash))?.Destination).toBe(x);
  expect(await a.stop()).toBe(0);

  // restored; the server starts while its ledger server is not reachable yet (a restart of both, say),
  // so the new request #3 (to Y) is taken and approved before the wallet's history could be read
  await restore(file, a.dataDir);
  await sim.stop();
  const restored = await startServer({ dataDir: a.dataDir, sim, wallet, authenticator: a.admin.authenticator });
  const y = randomAddress();
  const yId = await askAccepted(restored, y);
  expect(yId).toBe(3);
  expect((await restored.admin.approve(yId)).status).toBe(200);
  await sim.restart();

  const row = await eventually(async () => {
    const r = await restored.admin.requestTo(y);
    return r?.status === "PROCESSED" && r;
  }, 30_000);
  await waitLedgers(sim, 4);
  const paid = await ledgerPaymentsByDestination(sim, wallet.address);
  const yRow = row || (await restored.admin.requestTo(y));
  const yTx = yRow?.txHash ? await ledgerTx(sim, yRow.txHash) : null;
  expect({
    x: times(paid[x]),
    y: times(paid[y]),
    yStatus: yRow?.status,
    yHashIsX: yRow?.txHash === xHash,
    yHashDestination: yTx?.Destination === y ? "Y" : yTx?.Destination === x ? "X" : (yTx?.Destination ?? null),
  }).toEqual({ x: "once", y: "once", yStatus: "PROCESSED", yHashIsX: false, yHashDestination: "Y" });
  // the operator sees the lost request's payment listed, never to be paid
  const listed = (await restored.admin.get("/api/admin/wallet/ledger-payments")).json.payments as {
    hash: string;
    origin: string;
  }[];
  expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ hash: xHash, origin: "unknown_payout" })]));
}, 120_000);

test("a transaction by hand takes the Sequence the faucet signed for a request: the request is still paid exactly once, and the transaction is listed as sent outside the faucet", async () => {
  const { dir, sim, wallet } = await drill();
  const a = await startServer({ dataDir: join(dir, "a"), sim, wallet });
  const r = randomAddress();
  const rId = await askAccepted(a, r);

  // The faucet's payment for R never reaches the ledger (the server swallows every submit), and
  // meanwhile a transaction sent by hand with the wallet's key takes its Sequence.
  await sim.fault("swallow", 1_000_000);
  expect((await a.admin.approve(rId)).status).toBe(200);
  const attemptsOfR = () =>
    a.query<{ sequence: number; engine_result: string | null }>(
      "select a.sequence, a.engine_result from payout_attempts a join payouts p on p.id = a.payout_id where p.faucet_request_id = ? order by a.id",
      rId,
    );
  const attempt = await waitFor(() => attemptsOfR().find((x) => x.engine_result !== null), {
    what: "the faucet's attempt for R submitted",
    timeout: 15_000,
    interval: 50,
  });
  const taken = await sim.fault("takeSequence", wallet.address);
  const hand = /^[0-9A-F]{64}$/i.test(taken) ? taken : undefined;
  expect(hand).toBeDefined();
  await sim.fault("reset");
  await waitFor(async () => (await ledgerTx(sim, hand!))?.result === "tesSUCCESS", {
    what: "the transaction by hand validated",
    timeout: 10_000,
    interval: 200,
  });
  expect((await ledgerTx(sim, hand!))?.Sequence).toBe(attempt.sequence);

  // paid, or stuck: a payout in "needs attention" is what must never happen here
  await eventually(async () => {
    const x = await a.admin.requestTo(r);
    return (x?.status === "PROCESSED" && x) || (await a.admin.wallet()).needsAttention > 0;
  }, 60_000);
  await waitLedgers(sim, 3);
  const paid = await ledgerPaymentsByDestination(sim, wallet.address);
  const view = await a.admin.wallet();
  const listed = (await a.admin.get("/api/admin/wallet/ledger-payments")).json.payments as {
    hash: string;
    origin: string;
  }[];
  expect({
    r: times(paid[r]),
    rStatus: (await a.admin.requestTo(r))?.status,
    rSequences: new Set(attemptsOfR().map((x) => x.sequence)).size,
    needsAttention: view.needsAttention,
    pausedReason: view.pausedReason,
    handListed: listed.find((p) => p.hash === hand)?.origin ?? "not listed",
  }).toEqual({
    r: "once",
    rStatus: "PROCESSED",
    rSequences: 2,
    needsAttention: 0,
    pausedReason: null,
    handListed: "outside",
  });
  expect(a.output()).toContain("was taken by a transaction this faucet did not sign");
}, 120_000);

test("a ledger started over under a running server: it pauses saying this is not the ledger it knows, and signs nothing there", async () => {
  const { dir, sim, wallet } = await drill();
  const a = await startServer({ dataDir: join(dir, "a"), sim, wallet });
  const first = randomAddress();
  expect((await a.admin.approve(await askAccepted(a, first))).status).toBe(200);
  await processed(a.admin, first);

  // a brand-new ledger on the same port (no state file), the same hot wallet funded again there
  await sim.restart({ stateFile: null });
  await fundFromGenesis(sim, wallet.address);
  expect(await walletTransactions(sim, wallet.address)).toEqual([]);
  const second = randomAddress();
  const secondId = await askAccepted(a, second);
  expect((await a.admin.approve(secondId)).status).toBe(200);

  const reason = await eventually(async () => {
    const r = await pausedReason(a.admin);
    return r?.startsWith("this is not the ledger the faucet knows") ? r : null;
  }, 20_000);
  await waitLedgers(sim, 5);
  const sent = await walletTransactions(sim, wallet.address);
  const attempts = a.query<{ sequence: number; engine_result: string | null }>(
    "select a.sequence, a.engine_result from payout_attempts a join payouts p on p.id = a.payout_id where p.faucet_request_id = ? order by a.id",
    secondId,
  );
  expect({
    pausedReason: reason ?? (await pausedReason(a.admin)),
    sentOnTheNewLedger: sent.map((t) => `${t.type} to ${t.destination} (${t.result})`),
    attemptsSigned:
      attempts.length <= 1 ? "at most one" : attempts.map((x) => `Sequence ${x.sequence}: ${x.engine_result}`),
  }).toMatchObject({
    pausedReason: expect.stringMatching(/^this is not the ledger the faucet knows/),
    sentOnTheNewLedger: [],
    attemptsSigned: "at most one",
  });
}, 120_000);
