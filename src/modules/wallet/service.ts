// What the admin sees of the hot wallet: where payouts go, what it holds and can spend, what is
// in flight, what is held (not yet signed), and whether the engine is paused and why; resuming the
// engine (a fresh code first: it sends what is held). It reads the engine (src/payouts) through the
// runtime createApp is given.
import type { Actor } from "../../auth/actor.ts";
import { requireStepUp } from "../../auth/step-up.ts";
import type { Db } from "../../db/client.ts";
import { formatXrp } from "../../shared/money.ts";
import type { AccountInfoAnswer } from "../../payouts/ledger.ts";
import type { PayoutRuntime } from "../../payouts/runtime.ts";
import { recordAudit } from "../audit/service.ts";
import {
  type Held,
  type LedgerView,
  ledgerPaymentView,
  notConfiguredView,
  outgoingPayoutView,
  PAYOUTS_PAUSED,
  pausedBy,
  resumedView,
  type WalletState,
  walletView,
} from "./model.ts";
import { createWalletRepository, PAYOUTS_PAGE_SIZE } from "./repository.ts";

// What the ledger said of the wallet when it could be asked.
export type LedgerFactsView = Exclude<LedgerView, { error: string }>;

// How long GET /metrics reports the kept answer of the ledger before asking it again (in the background).
export const LEDGER_CACHE_MS = 30_000;

export function createWalletStatus({
  db,
  runtime,
  clock = Date.now,
}: {
  db: Db;
  runtime: PayoutRuntime | null;
  clock?: () => number;
}) {
  const repo = createWalletRepository(db);
  const held = (): Held => {
    const total = repo.heldTotal();
    return { rows: repo.held(), count: total.n, drops: total.drops };
  };

  // The ledger's last answer (kept for GET /metrics, which never waits for the ledger once it has one).
  let kept: { view: LedgerFactsView; at: number } | null = null;
  let asking: Promise<LedgerView> | null = null;
  const keptView = () => kept?.view ?? null;

  // What the ledger says of the wallet, or why it could not be asked.
  async function ledgerOf({ ledger, engine }: PayoutRuntime): Promise<LedgerView> {
    try {
      const facts = await ledger.facts();
      const info = await ledger.request<AccountInfoAnswer>({
        command: "account_info",
        account: engine.account,
        ledger_index: "validated",
      });
      const balanceDrops = Number(info.account_data.Balance);
      const reserveDrops = facts.reserveBaseDrops + Number(info.account_data.OwnerCount ?? 0) * facts.reserveIncDrops;
      const view = { networkId: facts.networkId, ledgerIndex: facts.validatedIndex, balanceDrops, reserveDrops };
      kept = { view, at: clock() };
      return view;
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  // One question at a time, however many scrapes come meanwhile.
  function ask(runtime: PayoutRuntime): Promise<LedgerView> {
    asking ??= ledgerOf(runtime).finally(() => {
      asking = null;
    });
    return asking;
  }

  // The wallet's state and what the ledger says of it (null: no wallet), as figures (drops).
  async function facts(): Promise<{ state: WalletState; ledger: LedgerView } | null> {
    if (!runtime) return null;
    const byStatus = new Map(repo.unsettledCounts().map((r) => [r.status, r.n]));
    const engine = runtime.engine.status();
    const state: WalletState = {
      mode: runtime.mode,
      server: runtime.url,
      address: runtime.engine.account,
      queued: byStatus.get("queued") ?? 0,
      inFlight: byStatus.get("in_flight") ?? 0,
      needsAttention: byStatus.get("needs_attention") ?? 0,
      paused: engine.paused,
      pausedUntil: engine.pausedUntil,
      lastError: engine.lastError,
      rebuilt: repo.rebuilt(),
    };
    return { state, ledger: await ledgerOf(runtime) };
  }

  return {
    facts,
    async status() {
      const found = await facts();
      return found === null ? notConfiguredView() : walletView(found.state, found.ledger, held());
    },
    // What the wallet can spend above its reserve, or null when the ledger cannot say (alerts).
    async spendableDrops(): Promise<number | null> {
      if (!runtime) return null;
      const ledger = await ledgerOf(runtime);
      return "error" in ledger ? null : Math.max(0, ledger.balanceDrops - ledger.reserveDrops);
    },
    // What the ledger last said of the wallet (null: never answered, or no wallet), for GET /metrics:
    // the kept answer, asked again in the background once older than maxAgeMs; with none kept yet,
    // asked now, waiting at most waitMs.
    async keptLedger({
      maxAgeMs = LEDGER_CACHE_MS,
      waitMs = 2_000,
    }: {
      maxAgeMs?: number;
      waitMs?: number;
    } = {}): Promise<LedgerFactsView | null> {
      if (!runtime) return null;
      if (kept) {
        if (clock() - kept.at >= maxAgeMs) void ask(runtime);
        return kept.view;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), waitMs);
      });
      await Promise.race([ask(runtime), late]).finally(() => clearTimeout(timer));
      return keptView();
    },
    // The wallet's transactions on the ledger that no payout of this database accounts for, newest first.
    ledgerPayments: () => ({ payments: repo.ledgerPayments().map(ledgerPaymentView) }),
    // Every payout sent from the wallet (or on its way), newest first, a page at a time.
    payouts(page: number) {
      const found = repo.outgoing(page);
      return { payouts: found.rows.map(outgoingPayoutView), total: found.total, page, pageSize: PAYOUTS_PAGE_SIZE };
    },
    // An admin pauses payouts: nothing more is signed until one resumes (what is signed already
    // settles). It stops money, so it asks for no code; audited.
    pause(actor: Actor) {
      if (!runtime) return notConfiguredView();
      const before = runtime.engine.status().paused;
      runtime.engine.pause(pausedBy(actor.admin.username));
      recordAudit(
        db,
        { actor: actor.admin, action: "payouts.pause", details: { paused: before }, ip: actor.ip },
        clock(),
      );
      return { configured: true as const, message: PAYOUTS_PAUSED };
    },
    // Resuming sends what is held: a fresh code from an admin with two-factor sign-in, as approving
    // asks (nothing from one without); audited with what it was to send.
    resume(actor: Actor) {
      requireStepUp(actor);
      if (!runtime) return notConfiguredView();
      const { count, drops } = held();
      const t = clock();
      recordAudit(
        db,
        {
          actor: actor.admin,
          action: "payouts.resume",
          details: { paused: runtime.engine.status().paused, held: count, amount: formatXrp(drops) },
          ip: actor.ip,
        },
        t,
      );
      runtime.engine.resume();
      return resumedView();
    },
  };
}
export type WalletStatusSource = ReturnType<typeof createWalletStatus>;
