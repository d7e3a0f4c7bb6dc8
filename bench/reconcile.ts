// `bun bench/reconcile.ts`: the payout engine reading a hot wallet's history of 100,000 payments
// (account_tx, 400 a page) that a restored database had not recorded: each names its faucet request
// (identity.ts), so each request becomes PROCESSED with its payout "found on the ledger". The ledger
// simulator runs in a process of its own (as a real XRPL server would), the app (testApp, real HTTP)
// in this one; a client in a third process reads (GET /api/faucet/status) and writes (POST
// /api/faucet/request) without pause. Reported: the reconciliation's time and rate, and the request
// path's figures during it as ratios to the same figures before and after it, in the same run.
//
// Environment: BENCH_RECONCILE_PAYMENTS=100000, BENCH_RECONCILE_QUIET_MS=5000 (the request path
// measured alone before and after).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ECDSA, Wallet } from "xrpl";
import { createPayoutEngine } from "../src/payouts/engine.ts";
import { payoutFields } from "../src/payouts/identity.ts";
import { createLedgerConnection } from "../src/payouts/ledger.ts";
import { GENESIS, SimulatedLedger } from "../src/payouts/simulator/ledger.ts";
import { freePort } from "../src/testing/binary.ts";
import { randomAddress, testApp } from "../src/testing/harness.ts";
import { fmtMs, fmtRatio, table } from "./lib-format.ts";
import { median, percentile } from "./lib-processes.ts";
import { captureOutput, writeRecord } from "./record.ts";

const PAYMENTS = Number(process.env.BENCH_RECONCILE_PAYMENTS ?? 100_000);
const QUIET_MS = Number(process.env.BENCH_RECONCILE_QUIET_MS ?? 5_000);
const PER_LEDGER = 400;
// the requests' addresses (a few payments each: the ledger's state stays small, its history long)
const DESTINATIONS = 1_000;
const AMOUNT = 2_000_000;
const now = () => performance.timeOrigin + performance.now();

const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-bench-reconcile-"));
const t = testApp({ clock: Date.now });
let simulator: ReturnType<typeof Bun.spawn> | undefined;
let client: ReturnType<typeof Bun.spawn> | undefined;
try {
  // ---- the restored database: the requests approved, none of their payouts recorded
  const seedStarted = performance.now();
  const sqlite = t.db.sqlite;
  const destinations = Array.from({ length: DESTINATIONS }, () => randomAddress());
  sqlite.transaction(() => {
    const request = sqlite.prepare(
      "insert into faucet_requests (address, amount_drops, status, risk_score, risk_reasons, requester_ip, ip_group, device_id, user_agent, created_at) values (?, ?, 'APPROVED', 0, '[]', ?, ?, ?, 'bench', ?)",
    );
    for (let i = 0; i < PAYMENTS; i++) {
      const address = destinations[i % DESTINATIONS]!;
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      request.run(address, AMOUNT, ip, ip, `device${i}`, Date.now() - 3_600_000);
    }
  })();
  sqlite.run(
    "update faucet_settings set daily_limit_drops = 1000000000000, min_amount_drops = 1, max_amount_drops = 1",
  );
  const installationId = (sqlite.query("select installation_id as id from installation").get() as { id: string }).id;

  // ---- the ledger: the wallet funded, then its 100,000 payments, 400 a ledger
  const ledger = new SimulatedLedger({
    networkId: 0,
    reserveBaseDrops: 1_000_000n,
    reserveIncDrops: 200_000n,
    baseFeeDrops: 10n,
  });
  const wallet = Wallet.generate(ECDSA.ed25519);
  const funding = BigInt(PAYMENTS) * BigInt(AMOUNT + 100) + 1_000_000_000n;
  ledger.submitForeign({
    TransactionType: "Payment",
    Account: GENESIS.address,
    Destination: wallet.classicAddress,
    Amount: funding.toString(),
    Fee: "10",
    Sequence: 1,
  });
  ledger.close();
  const before = ledger.validatedIndex;
  let sequence = ledger.accounts.get(wallet.classicAddress)!.sequence;
  for (let from = 0; from < PAYMENTS; from += PER_LEDGER) {
    for (let i = from; i < Math.min(PAYMENTS, from + PER_LEDGER); i++) {
      ledger.submitForeign({
        TransactionType: "Payment",
        Account: wallet.classicAddress,
        Destination: destinations[i % DESTINATIONS]!,
        Amount: String(AMOUNT),
        Fee: "12",
        Sequence: sequence++,
        // (named as the lost database named them: random names this one never had)
        ...payoutFields(
          installationId,
          `faucet:${Bun.hash(`bench ${i}`).toString(16).padStart(16, "0").repeat(2)}`,
          "0123456789abcdef",
        ),
      });
    }
    ledger.close();
  }
  const paidOnLedger = ledger
    .payments()
    .filter((p) => p.account === wallet.classicAddress && p.result === "tesSUCCESS").length;
  if (paidOnLedger !== PAYMENTS) throw new Error(`the ledger holds ${paidOnLedger} payments, not ${PAYMENTS}`);
  const stateFile = join(dir, "ledger.json");
  writeFileSync(stateFile, JSON.stringify(ledger.snapshot()));
  // the database read the history up to the ledger before them (its backup was taken then)
  sqlite.run("update installation set reconciled_ledger = ?", [before]);
  sqlite.run("analyze");
  console.log(
    `reconcile bench: ${PAYMENTS} payments of the hot wallet the database lacks, seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  // ---- the simulator in its own process; the app here; the client in a third
  const port = freePort();
  simulator = Bun.spawn(
    [
      process.execPath,
      join(import.meta.dir, "../src/payouts/simulator/cli.ts"),
      "--port",
      String(port),
      "--state-file",
      stateFile,
      "--close-interval-ms",
      "1000",
    ],
    {
      stdout: "pipe",
      stderr: "inherit",
    },
  );
  const reader = (simulator.stdout as ReadableStream<Uint8Array>).getReader();
  for (let seen = ""; !seen.includes("ledger simulator on"); )
    seen += new TextDecoder().decode((await reader.read()).value);
  const connection = createLedgerConnection({ urls: [`ws://127.0.0.1:${port}`], log: () => {}, timeoutMs: 30_000 });
  const logs: string[] = [];
  const engine = createPayoutEngine({
    db: t.db,
    clock: Date.now,
    ledger: connection,
    wallet,
    log: (line) => logs.push(line),
    outcomes: t.app.services.settlementOutcomes,
  });
  const url = t.listen();
  client = Bun.spawn([process.execPath, join(import.meta.dir, "lib-bystander.ts")], {
    env: { ...process.env, BENCH_URL: url },
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = new Response(client.stdout as ReadableStream).text();
  await Bun.sleep(QUIET_MS);

  const start = now();
  await engine.tick();
  const end = now();
  await Bun.sleep(QUIET_MS);
  client.kill("SIGTERM");
  const samples = JSON.parse(await output) as [string, number, number, number][];
  await engine.stop();
  await connection.close();

  const found = (
    sqlite.query("select count(*) as n from payouts where found_on_ledger = 1 and status = 'paid'").get() as {
      n: number;
    }
  ).n;
  const processed = (
    sqlite.query("select count(*) as n from faucet_requests where status = 'PROCESSED'").get() as { n: number }
  ).n;
  if (found !== PAYMENTS || processed !== PAYMENTS)
    throw new Error(`found ${found} payouts and ${processed} requests PROCESSED, not ${PAYMENTS}: ${logs.join("\n")}`);

  // ---- the figures
  const p99 = (xs: number[]) => percentile(xs, 99);
  const during = (sent: number, ms: number) => sent < end && sent + ms > start;
  const of = (kind: string, keep: (sent: number, ms: number) => boolean) =>
    samples.filter(([k, sent, ms, status]) => k === kind && status > 0 && keep(sent, ms)).map(([, , ms]) => ms);
  const rows: string[][] = [];
  for (const kind of ["read", "write"]) {
    const quiet = of(kind, (sent, ms) => !during(sent, ms));
    const busy = of(kind, during);
    rows.push([
      kind === "read" ? "GET /api/faucet/status" : "POST /api/faucet/request",
      `${quiet.length} / ${busy.length}`,
      `${fmtMs(median(quiet))} / ${fmtMs(median(busy))}`,
      fmtRatio(median(busy) / median(quiet)),
      `${fmtMs(p99(quiet))} / ${fmtMs(p99(busy))}`,
      fmtRatio(p99(busy) / p99(quiet)),
    ]);
  }
  const seconds = (end - start) / 1000;
  const printed = captureOutput();
  console.log(
    `reconciled ${PAYMENTS} payments (${Math.ceil(PAYMENTS / 400)} pages of account_tx) in ${seconds.toFixed(1)} s: ${Math.round(PAYMENTS / seconds)} payments/s; ${found} payouts found on the ledger, ${processed} requests PROCESSED`,
  );
  console.log(
    table(
      ["request", "requests (alone / during)", "median (alone / during)", "ratio", "p99 (alone / during)", "ratio"],
      rows,
    ),
  );
  writeRecord("reconcile", { lines: printed.stop() });
} finally {
  if (client && client.exitCode === null) client.kill("SIGKILL");
  if (simulator && simulator.exitCode === null) simulator.kill("SIGKILL");
  await t.close();
  rmSync(dir, { recursive: true, force: true });
}
