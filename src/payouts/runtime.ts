// Starts payouts as the operator configured them: nothing, the built-in sandbox ledger with its
// funded sandbox wallet, or real XRPL servers with the hot wallet.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Wallet } from "xrpl";
import { DEFAULT_MAX_PAYOUT_DROPS, type PayoutCeiling, type PayoutConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { DROPS_PER_XRP, plainXrp } from "../shared/money.ts";
import { createPayoutEngine, type PayoutEngine } from "./engine.ts";
import { createLedgerConnection, type LedgerConnection } from "./ledger.ts";
import type { SettlementOutcomes } from "./settle.ts";
import { loadHotWallet } from "./wallet.ts";
import { startLedgerSimulator, type LedgerSimulator } from "./simulator/index.ts";

const SANDBOX_FUNDING_DROPS = 100_000 * DROPS_PER_XRP;

// The payouts as the app sees them (createApp's `payouts`): the engine, its ledger, where it pays.
export interface PayoutRuntime {
  mode: "sandbox" | "ledger";
  url: string;
  engine: PayoutEngine;
  ledger: LedgerConnection;
  // sandbox mode: the in-process simulated ledger, read by the sandbox's transaction page
  sandbox?: Pick<LedgerSimulator, "transaction"> | null;
  // the daily ceiling came from --max-daily-payout (else: the two daily budgets at start)
  ceilingFromFlag?: boolean;
  // createApp gives the engine what a settled payout does to the features' rows
  // (modules/payouts/settlement.ts); the engine settles nothing before.
  settleWith(outcomes: SettlementOutcomes): void;
}

// The faucet's and the bonuses' daily limits as the settings hold them (main.ts reads them):
// the default daily ceiling.
export interface DailyLimits {
  dailyLimitDrops: number;
  bonusDailyLimitDrops: number;
}

export interface StartedPayouts {
  runtime: PayoutRuntime | null;
  stop(): Promise<void>;
}

export async function startPayouts({
  config,
  ceiling = { dailyDrops: null, paymentDrops: DEFAULT_MAX_PAYOUT_DROPS },
  db,
  dataDir,
  log,
  dailyLimitsAtStart,
  closeIntervalMs,
}: {
  config: PayoutConfig;
  ceiling?: PayoutCeiling;
  db: Db;
  dataDir: string;
  log: (line: string) => void;
  dailyLimitsAtStart: () => DailyLimits;
  closeIntervalMs?: number;
}): Promise<StartedPayouts> {
  if (config.mode === "off") {
    log(
      "payouts: not configured (no wallet); approving and paying answer 503 until XRPL_URL and a wallet are set, or --xrpl sandbox",
    );
    return { runtime: null, stop: async () => {} };
  }
  let simulator: LedgerSimulator | null = null;
  // the pause reason when the sandbox could not save for want of file descriptors (it resumes itself)
  let descriptorPause: string | null = null;
  let engine: PayoutEngine | null = null;
  let wallet: Wallet;
  let urls: string[];
  if (config.mode === "sandbox") {
    simulator = await startLedgerSimulator({
      port: config.sandboxPort,
      stateFile: join(dataDir, "sandbox-ledger.json"),
      closeIntervalMs: closeIntervalMs ?? 3_000,
      // A ledger that cannot save could forget validated payments after a restart: pay nothing new
      // until it saves again and an admin resumes. Running out of file descriptors (a flood of
      // connections) passes by itself: then payouts resume on their own once it saves again.
      onSaveError: (error) => {
        if (!error) {
          if (descriptorPause) engine?.resumeFrom(descriptorPause);
          const resumed = descriptorPause !== null;
          descriptorPause = null;
          return log(
            resumed
              ? "payouts: the sandbox ledger saves its state again"
              : "payouts: the sandbox ledger saves its state again; resume payouts on the admin screen",
          );
        }
        log(`payouts: the sandbox ledger cannot save its state (${error.message}); retrying at every ledger close`);
        const reason = `the sandbox ledger cannot save its state to the data directory: ${error.message}`;
        descriptorPause = outOfDescriptors(error) ? reason : null;
        engine?.pause(reason);
      },
    });
    wallet = sandboxWallet(dataDir);
    if (!simulator.account(wallet.classicAddress)) {
      simulator.fund(wallet.classicAddress, SANDBOX_FUNDING_DROPS);
      simulator.closeLedger();
    }
    urls = [simulator.url];
    log(`payouts: SANDBOX ledger on ${simulator.url}, wallet ${wallet.classicAddress}: nothing real is sent`);
  } else {
    wallet = loadHotWallet(config.seed, config.address);
    urls = config.urls;
    log(`payouts: hot wallet ${wallet.classicAddress} via ${urls.join(", ")}`);
  }
  const { maxDailyPayoutDrops, maxPayoutDrops } = ceilingAtStart(ceiling, dailyLimitsAtStart, log);
  const ledger = createLedgerConnection({ urls, log });
  engine = createPayoutEngine({ db, clock: Date.now, ledger, wallet, log, maxPayoutDrops, maxDailyPayoutDrops });
  void engine
    .start()
    .catch((error) => log(`payouts: start: ${error instanceof Error ? error.message : String(error)}`));
  return {
    runtime: {
      mode: config.mode,
      url: urls[0]!,
      engine,
      ledger,
      sandbox: simulator,
      ceilingFromFlag: ceiling.dailyDrops !== null,
      settleWith: (outcomes) => engine.settleWith(outcomes),
    },
    async stop() {
      await engine.stop();
      await ledger.close();
      await simulator?.close();
    },
  };
}

// The engine's ceilings: the operator's, else the day's two budgets as the settings hold them now.
// Read once: an admin raising the budgets on the screen does not raise what the engine signs.
function ceilingAtStart(ceiling: PayoutCeiling, dailyLimits: () => DailyLimits, log: (line: string) => void) {
  let daily = ceiling.dailyDrops;
  let source = "--max-daily-payout";
  if (daily === null) {
    const settings = dailyLimits();
    daily = settings.dailyLimitDrops + settings.bonusDailyLimitDrops;
    source = `the faucet's ${plainXrp(settings.dailyLimitDrops)} + the bonuses' ${plainXrp(settings.bonusDailyLimitDrops)} daily limits at start; set --max-daily-payout to change it`;
  }
  log(
    `payouts: ceiling ${plainXrp(daily)} XRP a UTC day (${source}), ${plainXrp(ceiling.paymentDrops)} XRP a payment (--max-payout)`,
  );
  return { maxDailyPayoutDrops: daily, maxPayoutDrops: ceiling.paymentDrops };
}

// The sandbox wallet's secret lives in the data directory: it holds only simulated XRP.
function sandboxWallet(dataDir: string): Wallet {
  const file = join(dataDir, "sandbox-wallet.json");
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, "utf8"));
    return loadHotWallet(saved.seed, saved.address);
  }
  const wallet = Wallet.generate();
  writeFileSync(
    file,
    JSON.stringify({ note: "sandbox only: simulated XRP", address: wallet.classicAddress, seed: wallet.seed }),
    { mode: 0o600 },
  );
  return wallet;
}

// Too many open files, in the process (EMFILE) or the system (ENFILE): it passes once connections close.
export const outOfDescriptors = (error: Error) =>
  ["EMFILE", "ENFILE"].includes((error as NodeJS.ErrnoException).code ?? "") ||
  /\b(EMFILE|ENFILE)\b|too many open files/i.test(error.message);
