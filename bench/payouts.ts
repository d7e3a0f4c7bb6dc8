// Payout throughput: N approved faucet requests paid through the ledger simulator closing a
// ledger every second, with rippled's per-account queue limit (10) switched on. Reports payouts per
// ledger and the time to pay them all. Run by `npm run bench` after the HTTP scenarios.
import { ECDSA, Wallet } from "xrpl";
import { startLedgerSimulator } from "../src/payouts/simulator/index.ts";
import { randomAddress } from "../src/testing/harness.ts";
import { sandboxApp } from "./lib-sandbox-app.ts";
import { captureOutput, writeRecord } from "./record.ts";

const COUNT = Number(process.env.BENCH_PAYOUTS ?? 1000);
const CLOSE_MS = Number(process.env.BENCH_LEDGER_MS ?? 1000);

const sim = await startLedgerSimulator({ closeIntervalMs: null });
sim.faults.busy(true, 10);
const wallet = Wallet.generate(ECDSA.ed25519);
sim.fund(wallet.classicAddress, 1_000_000 * 1_000_000);
sim.closeLedger();
const { t, ledger, runtime } = await sandboxApp(sim, wallet, { dailyLimit: "1000000", minAmount: "1", maxAmount: "2" });

console.log(
  `payouts bench: ${COUNT} approved faucet requests, a ledger every ${CLOSE_MS} ms, queue limit 10 per account`,
);
for (let i = 0; i < COUNT; i++) {
  const made = await t.call("POST", "/api/faucet/request", {
    body: { address: randomAddress() },
    ip: `${11 + (i % 180)}.${Math.floor(i / 180) % 256}.${Math.floor(i / 46080) % 256}.1`,
    cookie: `device=benchdevice${String(i).padStart(16, "0")}`,
  });
  if (made.status !== 201) throw new Error(`faucet request ${i}: ${made.status} ${made.text}`);
  t.db.sqlite.run("update faucet_requests set status = 'APPROVED' where id = ?", [made.json.id]);
  t.db.sqlite.run(
    "insert into payouts (kind, faucet_request_id, destination, amount_drops, created_at, updated_at) values ('FAUCET_REQUEST', ?, ?, ?, ?, ?)",
    [made.json.id, made.json.address, Math.round(Number(made.json.amount) * 1e6), Date.now(), Date.now()],
  );
}

const firstLedger = sim.validatedLedgerIndex();
const started = performance.now();
const timer = setInterval(() => sim.closeLedger(), CLOSE_MS);
await runtime.engine.start(250);
const paid = () =>
  (t.db.sqlite.query("select count(*) as n from payouts where status = 'paid'").get() as { n: number }).n;
const deadline = Date.now() + Math.max(120_000, (COUNT / 5) * CLOSE_MS);
while (paid() < COUNT && Date.now() < deadline) await Bun.sleep(100);
const seconds = (performance.now() - started) / 1000;
clearInterval(timer);
await runtime.engine.stop();

const paidCount = paid();
const payments = sim.payments({ account: wallet.classicAddress }).filter((p) => p.result === "tesSUCCESS");
const perLedger = new Map<number, number>();
for (const p of payments) perLedger.set(p.ledgerIndex, (perLedger.get(p.ledgerIndex) ?? 0) + 1);
const ledgers = sim.validatedLedgerIndex() - firstLedger;
const counts = [...perLedger.values()].sort((a, b) => a - b);
const destinations = new Set(payments.map((p) => p.destination));
const printed = captureOutput();
console.log(
  [
    `paid ${paidCount} of ${COUNT} in ${seconds.toFixed(1)} s over ${ledgers} ledgers`,
    `payouts per ledger: ${(payments.length / Math.max(1, ledgers)).toFixed(2)} on average, median ${counts[Math.floor(counts.length / 2)] ?? 0}, max ${counts.at(-1) ?? 0} (the queue allows 10)`,
    `ledger payments ${payments.length}, distinct destinations ${destinations.size}: ${payments.length === destinations.size ? "nobody paid twice" : "SOMEONE WAS PAID TWICE"}`,
  ].join("\n"),
);
writeRecord("payouts", { lines: printed.stop() });
await ledger.close();
await sim.close();
t.close();
if (paidCount < COUNT || payments.length !== destinations.size) process.exit(1);
