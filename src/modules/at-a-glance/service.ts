// Health at a glance and where to start: the ledger, the hot wallet and its days left, the queue,
// the pause, the last backup, the open alerts, the server's ceiling and the inbox's unread messages,
// read from the features that own them; and the new install's checklist, each item ticking itself
// from the same facts.
import type { Actor } from "../../auth/actor.ts";
import { qrSvg } from "../../auth/totp.ts";
import type { Db } from "../../db/client.ts";
import { DAY_MS } from "../../lib/time.ts";
import type { PayoutRuntime } from "../../payouts/runtime.ts";
import type { AlertService } from "../alerts/service.ts";
import { ALERT_KINDS, type AlertKind } from "../alerts/model.ts";
import type { BackupService } from "../backups/service.ts";
import type { SettingsService } from "../settings/service.ts";
import type { WalletStatusSource } from "../wallet/service.ts";
import { type CeilingFacts, ceilingView, checklistView, type HealthFacts, healthView } from "./model.ts";
import { createAtAGlanceRepository } from "./repository.ts";

// the days whose payouts give the wallet's daily rate
const RATE_DAYS = 7;

export interface AtAGlanceDeps {
  db: Db;
  clock: () => number;
  runtime: PayoutRuntime | null;
  wallet: WalletStatusSource;
  settings: SettingsService;
  backups: BackupService;
  alerts: AlertService;
  // the contact inbox's unread messages (modules/contact)
  unreadMessages: () => number;
  config: { publicUrl: string | null; mailOn: boolean };
}

export function createAtAGlance({
  db,
  clock,
  runtime,
  wallet,
  settings,
  backups,
  alerts,
  unreadMessages,
  config,
}: AtAGlanceDeps) {
  const repo = createAtAGlanceRepository(db);

  function ceiling(): CeilingFacts | null {
    if (!runtime) return null;
    const s = settings.get();
    const { dailyDrops, paymentDrops } = runtime.engine.ceiling();
    return {
      dailyDrops,
      paymentDrops,
      dailyFromFlag: runtime.ceilingFromFlag ?? false,
      faucetDailyDrops: s.dailyLimitDrops,
      bonusDailyDrops: s.bonusDailyLimitDrops,
      maxAmountDrops: s.maxAmountDrops,
    };
  }

  async function facts(): Promise<HealthFacts> {
    const w = await wallet.facts();
    const backup = backups.alertState();
    const failure =
      backup?.lastFailure && (backup.lastSuccessAt === null || backup.lastFailure.at > backup.lastSuccessAt)
        ? backup.lastFailure.message
        : null;
    return {
      payouts:
        w === null || !runtime
          ? null
          : {
              mode: w.state.mode,
              server: w.state.server,
              address: w.state.address,
              ledger:
                "error" in w.ledger
                  ? { error: w.ledger.error }
                  : {
                      validatedLedger: w.ledger.ledgerIndex,
                      spendableDrops: Math.max(0, w.ledger.balanceDrops - w.ledger.reserveDrops),
                    },
              lastValidatedAt: runtime.ledger.lastValidated()?.closedAt ?? null,
              queued: w.state.queued,
              inFlight: w.state.inFlight,
              needsAttention: w.state.needsAttention,
              paused: w.state.paused,
              pausedUntil: w.state.pausedUntil,
              paidPerDayDrops: repo.paidSince(clock() - RATE_DAYS * DAY_MS) / RATE_DAYS,
            },
      faucetOnline: settings.get().enabled,
      backups: { on: backup !== null, lastSuccessAt: backup?.lastSuccessAt ?? null, failure },
      alerts: alerts.open().map((a) => ({ kind: a.kind, title: ALERT_KINDS[a.kind as AlertKind] ?? a.kind })),
      ceiling: ceiling(),
      unreadMessages: unreadMessages(),
    };
  }

  return {
    health: async () => healthView(await facts()),

    async startHere(actor: Actor) {
      const f = await facts();
      const s = settings.get();
      const ledger = f.payouts?.ledger;
      const c = ceiling();
      return checklistView(
        {
          twoFactorOn: actor.twoFactor ?? false,
          wallet: f.payouts ? { address: f.payouts.address } : null,
          walletMode: f.payouts?.mode ?? null,
          maxAmountDrops: s.maxAmountDrops,
          spendableDrops: ledger && !("error" in ledger) ? ledger.spendableDrops : null,
          settingsSaved: s.updatedBy !== null,
          ceiling: c === null ? null : ceilingView(c),
          backupsOn: f.backups.on,
          backedUp: f.backups.lastSuccessAt !== null,
          emailOn: config.mailOn,
          publicUrl: config.publicUrl,
        },
        qrSvg,
      );
    },
  };
}
export type AtAGlance = ReturnType<typeof createAtAGlance>;
