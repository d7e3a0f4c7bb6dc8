// A payout test bed: the ledger simulator on a real socket, a funded hot wallet, the real xrpl
// client, the engine and an app around one temporary database.
import { ECDSA, Wallet } from "xrpl";
import { randomAddress, strangerIp, testApp, type TestApp } from "../testing/harness.ts";
import { createPayoutEngine, type EngineDeps, type PayoutEngine } from "./engine.ts";
import { createLedgerConnection, type LedgerConnection } from "./ledger.ts";
import type { PayoutRuntime } from "./runtime.ts";
import { startSchedules } from "../app-schedules.ts";
import type { SettlementOutcomes } from "./settle.ts";
import { startLedgerSimulator, type LedgerSimulator } from "./simulator/index.ts";

export interface PayoutBed {
  sim: LedgerSimulator;
  t: TestApp;
  admin: string;
  wallet: Wallet;
  engine: PayoutEngine;
  ledger: LedgerConnection;
  logs: string[];
  // what the app gave the engine to settle payouts with (createApp's settleWith)
  outcomes: SettlementOutcomes;
  // A new engine over the same database, as after a restart (optionally with a step hook, and with
  // other ceilings than the bed's).
  restartEngine(step?: EngineDeps["step"], clockSkewMs?: number, ceilings?: Ceilings): Promise<PayoutEngine>;
  // Ticks and closes ledgers until `done()` or `maxLedgers` ledgers have closed.
  settle(done: () => boolean, maxLedgers?: number): Promise<void>;
  // A visitor's faucet request to a fresh address, approved by the admin; returns its id and address.
  approvedRequest(address?: string): Promise<{ id: number; address: string; amountDrops: number }>;
  close(): Promise<void>;
}

type Ceilings = Pick<EngineDeps, "maxPayoutDrops" | "maxDailyPayoutDrops">;

// `timeoutMs`: how long the engine waits for an XRPL answer (rows that wait one out stay short).
// `autoApproveEveryMs`: how often the app runs the auto-approve rule (null, the default here: never).
// `appClock`: the engine reads the app's fake clock (`t.clock`) instead of the real one.
export async function payoutBed(
  options: {
    fundDrops?: number;
    step?: EngineDeps["step"];
    timeoutMs?: number;
    autoApproveEveryMs?: number | null;
    appClock?: boolean;
    app?: Parameters<typeof testApp>[0];
  } & Ceilings = {},
): Promise<PayoutBed> {
  const sim = await startLedgerSimulator({ closeIntervalMs: null });
  const wallet = Wallet.generate(ECDSA.ed25519);
  sim.fund(wallet.classicAddress, options.fundDrops ?? 10_000 * 1_000_000);
  sim.closeLedger();
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);
  const ledger = createLedgerConnection({ urls: [sim.url], log, timeoutMs: options.timeoutMs ?? 1_000 });
  // the app reads runtime.engine on every call, so a restarted engine takes over at once; each engine
  // settles with what the app gave when it was built
  let outcomes: SettlementOutcomes | undefined;
  const runtime: PayoutRuntime = {
    mode: "sandbox",
    url: sim.url,
    engine: undefined as unknown as PayoutEngine,
    ledger,
    sandbox: sim,
    ceilingFromFlag: options.maxDailyPayoutDrops !== undefined,
    settleWith: (given) => {
      outcomes = given;
    },
  };
  const t = testApp({ payouts: runtime, payWaitMs: 0, ...options.app });
  if (!outcomes) throw new Error("the app gave the payouts no settlement outcomes");
  const appOutcomes = outcomes;
  const clock = options.appClock ? t.clock : Date.now;
  const ceilings: Ceilings = {
    maxPayoutDrops: options.maxPayoutDrops,
    maxDailyPayoutDrops: options.maxDailyPayoutDrops,
  };
  const make = (step?: EngineDeps["step"], skew = 0, limits = ceilings) =>
    createPayoutEngine({
      db: t.db,
      clock: () => clock() + skew,
      ledger,
      wallet,
      log,
      step,
      outcomes: appOutcomes,
      ...limits,
    });
  runtime.engine = make(options.step);
  // the auto-approve rule on its timer, started as main.ts starts the schedules (the others never run)
  const schedules =
    options.autoApproveEveryMs == null
      ? null
      : startSchedules(
          t.app.services,
          { sqlite: t.db.sqlite, payoutsOn: true },
          {
            autoApproveEveryMs: options.autoApproveEveryMs,
            addressSignalsEveryMs: null,
            alertsEveryMs: null,
            optimizeEveryMs: null,
          },
        );
  const admin = (await t.registerAdmin()).cookie;
  let ip = 0;

  const bed: PayoutBed = {
    sim,
    t,
    admin,
    wallet,
    get engine() {
      return runtime.engine;
    },
    ledger,
    logs,
    outcomes: appOutcomes,
    async restartEngine(step, skew = 120_000, limits = ceilings) {
      const next = make(step, skew, limits);
      runtime.engine = next;
      return next;
    },
    async settle(done, maxLedgers = 30) {
      for (let i = 0; i < maxLedgers && !done(); i++) {
        await runtime.engine.tick();
        if (done()) break;
        sim.closeLedger();
      }
      await runtime.engine.tick();
    },
    async approvedRequest(address = randomAddress()) {
      ip++;
      const made = await t.call("POST", "/api/faucet/request", {
        body: { address },
        ip: strangerIp(1000 + ip),
        headers: { "user-agent": "Mozilla/5.0" },
      });
      if (made.status !== 201) throw new Error(`faucet request: ${made.status} ${made.text}`);
      const approved = await t.call("POST", `/api/admin/faucet/requests/${made.json.id}`, {
        cookie: admin,
        body: { action: "APPROVED" },
      });
      if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.text}`);
      return { id: made.json.id, address, amountDrops: Math.round(Number(made.json.amount) * 1_000_000) };
    },
    async close() {
      await schedules?.stop();
      await runtime.engine.stop().catch(() => {});
      await ledger.close();
      await sim.close();
      t.close();
    },
  };
  return bed;
}
