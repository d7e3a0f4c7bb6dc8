// Address signals: how fast the background worker reads requested addresses from the ledger (the
// sandbox simulator over WebSocket, the real xrpl client), and the request path beside it in the
// same run: faucet requests per second with the worker idle (the baseline) and while it reads, as a
// ratio. The request path never waits on the ledger, so the ratio should stay near 1.
import { ECDSA, Wallet } from "xrpl";
import { startLedgerSimulator } from "../src/payouts/simulator/index.ts";
import { randomAddress } from "../src/testing/harness.ts";
import { median } from "./lib-processes.ts";
import { sandboxApp } from "./lib-sandbox-app.ts";
import { captureOutput, writeRecord } from "./record.ts";

const COUNT = Number(process.env.BENCH_SIGNALS ?? 1000);

const sim = await startLedgerSimulator({ closeIntervalMs: null });
const wallet = Wallet.generate(ECDSA.ed25519);
sim.fund(wallet.classicAddress, 1_000_000 * 1_000_000);
// the addresses asked for exist on the ledger (each read is account_info and account_tx)
const existing = Array.from({ length: COUNT }, () => randomAddress());
for (const address of existing) sim.fund(address, 20 * 1_000_000);
sim.closeLedger();
const { t, ledger, runtime } = await sandboxApp(sim, wallet, { dailyLimit: "1000000", minAmount: "1", maxAmount: "2" });
const signals = t.app.services.addressSignals;

let n = 0;
async function requests(count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++, n++) {
    const made = await t.call("POST", "/api/faucet/request", {
      body: { address: existing[n] },
      ip: `${11 + (n % 180)}.${Math.floor(n / 180) % 256}.${Math.floor(n / 46080) % 256}.1`,
      cookie: `device=benchdevice${String(n).padStart(16, "0")}`,
      headers: { "user-agent": "Mozilla/5.0" },
    });
    if (made.status !== 201) throw new Error(`faucet request ${n}: ${made.status} ${made.text}`);
  }
  return count / ((performance.now() - started) / 1000);
}

// Rounds side by side (the machine's load moves during a run): in each, a batch with the worker idle,
// then a batch while it reads (the addresses of both); the ratio is each round's, the median reported.
const ROUNDS = 5;
const batch = Math.floor(COUNT / (2 * ROUNDS));
console.log(
  `address signals bench: ${ROUNDS} rounds of ${batch} requests with the worker idle, then ${batch} while it reads their addresses from the sandbox ledger (in process, as --xrpl sandbox runs it)`,
);
const idle: number[] = [];
const busy: number[] = [];
let readMs = 0;
const readsBefore = signals.reads();
for (let round = 0; round < ROUNDS; round++) {
  idle.push(await requests(batch));
  let working = true;
  const started = performance.now();
  const worker = (async () => {
    while (working) if ((await signals.readNewRequests()) === 0) await Bun.sleep(5);
    while ((await signals.readNewRequests()) > 0) {}
  })();
  busy.push(await requests(batch));
  working = false;
  await worker;
  readMs += performance.now() - started;
}
const seconds = readMs / 1000;
const reads = signals.reads() - readsBefore;
const read = (t.db.sqlite.query("select count(*) as n from address_signals").get() as { n: number }).n;
const ratios = idle.map((base, i) => busy[i]! / base);
const printed = captureOutput();
console.log(
  [
    `ledger reads for address signals: ${(reads / seconds).toFixed(0)} reads/s (${reads} reads, ${read} addresses, ${(read / seconds).toFixed(0)} addresses/s, ${(reads / Math.max(1, read)).toFixed(1)} reads each)`,
    `request path: ${median(idle).toFixed(0)} requests/s with the worker idle (baseline, median of ${ROUNDS}), ${median(busy).toFixed(0)} while it reads: ratio ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(", ")})`,
    `the worker keeps up with ${(read / seconds / median(idle)).toFixed(2)}x the baseline request rate`,
  ].join("\n"),
);
writeRecord("address-signals", { lines: printed.stop() });
await runtime.engine.stop();
await ledger.close();
await sim.close();
await t.close();
