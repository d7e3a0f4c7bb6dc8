// The app's work on a timer: the auto-approve rule and the ledger's address signals (with payouts
// on), the alerts, the query planner's upkeep and the backups (with --backup-dir). main.ts starts
// them once the app answers and stops them before the database closes; createApp starts none, so
// a test runs each itself, or starts them here as main.ts does.
import type { Database } from "bun:sqlite";
import type { Services } from "./app-services.ts";
import { OPTIMIZE_EVERY_MS, optimizeQueryPlanner } from "./db/open.ts";
import { FLOWS_PASS_EVERY_MS, SIGNALS_EVERY_MS } from "./modules/address-signals/model.ts";
import { ALERTS_EVERY_MS } from "./modules/alerts/model.ts";
import { AUTO_APPROVE_EVERY_MS } from "./modules/auto-approve/service.ts";

// How often each runs (the modules' own defaults); null: never.
export interface ScheduleOptions {
  autoApproveEveryMs?: number | null;
  // new requests' addresses (paid addresses every FLOWS_PASS_EVERY_MS)
  addressSignalsEveryMs?: number | null;
  alertsEveryMs?: number | null;
  optimizeEveryMs?: number | null;
}

export interface Schedules {
  stop(): Promise<void>;
}

type Scheduled = Pick<Services, "autoApprove" | "addressSignals" | "alerts" | "backups">;

export function startSchedules(
  services: Scheduled,
  where: { sqlite: Database; payoutsOn: boolean },
  options: ScheduleOptions = {},
): Schedules {
  const timers: ReturnType<typeof setInterval>[] = [];
  const every = (ms: number | null, work: () => void) => {
    if (ms === null) return;
    const timer = setInterval(work, ms);
    // (a timer alone keeps no process alive: the server's listen does)
    timer.unref();
    timers.push(timer);
  };
  const given = <T>(value: T | undefined, fallback: T) => (value === undefined ? fallback : value);

  if (where.payoutsOn) {
    // (the rule reads its settings at every run: turned off, a run does nothing)
    every(given(options.autoApproveEveryMs, AUTO_APPROVE_EVERY_MS), () => services.autoApprove.run());
    const signalsEveryMs = given(options.addressSignalsEveryMs, SIGNALS_EVERY_MS);
    const flowsEvery = signalsEveryMs === null ? 1 : Math.max(1, Math.round(FLOWS_PASS_EVERY_MS / signalsEveryMs));
    let ticks = 0;
    every(signalsEveryMs, () => {
      void services.addressSignals.readNewRequests();
      if (ticks++ % flowsEvery === 0) void services.addressSignals.readPaidAddresses();
    });
  }
  every(given(options.alertsEveryMs, ALERTS_EVERY_MS), () => void services.alerts.evaluate());
  every(given(options.optimizeEveryMs, OPTIMIZE_EVERY_MS), () => optimizeQueryPlanner(where.sqlite));
  // (does nothing without --backup-dir)
  services.backups.start();

  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await services.backups.stop();
    },
  };
}
