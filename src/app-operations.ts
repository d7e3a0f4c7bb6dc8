// What the operator watches, built last because it reads the other services: the alerts (each
// condition with its sources), the admin's health strip and checklist, the metrics, and what a
// settled payout does to a faucet request or a user's rewards.
import type { AppDeps } from "./app-deps.ts";
import type { RequestLog } from "./lib/request-log.ts";
import type { Mailer } from "./modules/account/mail.ts";
import * as alertChecks from "./modules/alerts/checks.ts";
import { WALLET_DAYS_DEFAULT } from "./modules/alerts/model.ts";
import { createAlertService } from "./modules/alerts/service.ts";
import { createAtAGlance } from "./modules/at-a-glance/service.ts";
import type { BackupService } from "./modules/backups/service.ts";
import type { ContactService } from "./modules/contact/service.ts";
import type { RequestStatus } from "./modules/faucet/request-status.ts";
import type { FaucetService } from "./modules/faucet/service.ts";
import type { Health } from "./modules/health/service.ts";
import { createMetrics } from "./modules/metrics/service.ts";
import { createSettlementOutcomes } from "./modules/payouts/settlement.ts";
import type { Live } from "./modules/live/service.ts";
import type { RewardService } from "./modules/rewards/service.ts";
import type { SettingsService } from "./modules/settings/service.ts";
import type { WalletStatusSource } from "./modules/wallet/service.ts";

export interface Watched {
  mailer: Mailer | null;
  requests: RequestLog;
  requestStatus: RequestStatus;
  settings: SettingsService;
  faucet: FaucetService;
  rewards: RewardService;
  wallet: WalletStatusSource;
  health: Health;
  backups: BackupService;
  contact: ContactService;
  live: Live;
}

export function createOperations(deps: AppDeps, clock: () => number, log: (line: string) => void, s: Watched) {
  const { db, config } = deps;
  const runtime = deps.payouts ?? null;
  const options = deps.alerts ?? {};
  const startedAt = clock();
  // the backups' state as the alerts and the metrics read it (a test may give its own)
  const backupState = options.backups ?? (() => s.backups.alertState());
  const payoutChecks = runtime
    ? [
        alertChecks.walletLow({
          db,
          clock,
          spendable: () => s.wallet.spendableDrops(),
          days: options.walletDays ?? WALLET_DAYS_DEFAULT,
          floorDrops: options.walletFloorDrops ?? 0,
          oneRequestDrops: () => s.settings.get().maxAmountDrops,
        }),
        alertChecks.payoutsPaused(() => runtime.engine.status().paused ?? null),
        alertChecks.anotherServer(() => runtime.engine.status().paused ?? null),
        alertChecks.payoutWaiting({ db, clock }),
        alertChecks.outsidePayments({ db, clock }),
        alertChecks.ledgerStalled({ clock, validatedIndex: async () => (await runtime.ledger.facts()).validatedIndex }),
      ]
    : [];
  const alerts = createAlertService({
    db,
    clock,
    mailer: s.mailer,
    log,
    checks: [
      ...payoutChecks,
      ...(options.diskSpace ? [alertChecks.diskLow(options.diskSpace)] : []),
      alertChecks.databaseReadOnly(() => s.health.database()),
      alertChecks.backupFailing({ clock, backups: backupState, startedAt }),
      alertChecks.surge(() => s.faucet.surge()),
      alertChecks.budgetUsedEarly({
        clock,
        faucetBudget: () => ({ ...s.faucet.budgetToday().faucet, minDrops: s.settings.get().minAmountDrops }),
      }),
    ],
  });

  // the health strip on every /admin page and the start-here checklist
  const atAGlance = createAtAGlance({
    db,
    clock,
    runtime,
    wallet: s.wallet,
    settings: s.settings,
    backups: s.backups,
    alerts,
    unreadMessages: () => s.contact.unread(),
    config: { publicUrl: config.publicUrl ?? null, mailOn: Boolean(config.mail) },
  });

  const metrics = createMetrics({
    db,
    requests: s.requests,
    budgetToday: () => s.faucet.budgetToday(),
    payouts: runtime,
    keptLedger: () => s.wallet.keptLedger(),
    // the backups' and the alerts' own figures (as the alerts read them); a test may give others
    sources: {
      backupAgeSeconds: () => {
        const state = backupState();
        return state?.lastSuccessAt == null ? null : Math.max(0, (clock() - state.lastSuccessAt) / 1000);
      },
      openAlerts: () => alerts.open().length,
      ...deps.metrics?.sources,
    },
  });

  // What a settled payout does, in the engine's transaction. (Transactions sent from the wallet
  // outside the faucet: the alerts look at once, not at their next minute.)
  const settlementOutcomes = {
    ...createSettlementOutcomes({ db, requests: s.requestStatus, rewards: s.rewards, changed: s.live.changed }),
    outsidePayment: () => void alerts.evaluate(),
    anotherServer: () => void alerts.evaluate(),
  };
  runtime?.settleWith(settlementOutcomes);

  return { alerts, atAGlance, metrics, settlementOutcomes };
}
