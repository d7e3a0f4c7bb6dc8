// What the back office shows on every page (the health strip) and on a new install (the start-here
// checklist), as GET /api/admin/health and GET /api/admin/start-here answer them. Amounts are XRP
// strings with 6 decimals, as everywhere in the API; the browser formats them for reading.
import { iso } from "../../lib/time.ts";
import { formatXrp } from "../../shared/money.ts";
import type { AlertKind } from "../alerts/model.ts";

// the alert kind the wallet's chip follows (alerts/checks.ts's walletLow)
const WALLET_LOW: AlertKind = "wallet_low";

// 150000000 -> "150 XRP", 22800000 -> "22.8 XRP": an amount in a sentence
const xrpWords = (drops: number) => `${formatXrp(drops).replace(/\.?0+$/, "")} XRP`;

// What the ledger said when asked for the wallet, or why it could not be asked (wallet/service.ts).
export type LedgerAnswer = { validatedLedger: number; spendableDrops: number } | { error: string };

export interface HealthFacts {
  // null: no wallet configured (payouts off)
  payouts: null | {
    mode: "sandbox" | "ledger";
    server: string;
    address: string;
    ledger: LedgerAnswer;
    // the newest validated ledger the connection heard of, and when it closed
    lastValidatedAt: number | null;
    queued: number;
    inFlight: number;
    needsAttention: number;
    paused: string | null;
    pausedUntil: number | null;
    // paid in the last 7 days, drops a day
    paidPerDayDrops: number;
  };
  faucetOnline: boolean;
  backups: { on: boolean; lastSuccessAt: number | null; failure: string | null };
  alerts: { kind: string; title: string }[];
  ceiling: CeilingFacts | null;
  // the contact inbox's messages no admin has opened
  unreadMessages: number;
}

// The engine's ceilings as set at start, and the two daily budgets an admin sets on the screen.
export interface CeilingFacts {
  dailyDrops: number | null;
  paymentDrops: number;
  dailyFromFlag: boolean;
  faucetDailyDrops: number;
  bonusDailyDrops: number;
  maxAmountDrops: number;
}

// The ceiling beside the budgets: `over` when the budgets add up to more than the server will sign
// in a day (the rest waits for the next day), or one request's most is above one payment's most.
export function ceilingView(c: CeilingFacts) {
  const budgets = c.faucetDailyDrops + c.bonusDailyDrops;
  const overDaily = c.dailyDrops !== null && budgets > c.dailyDrops;
  const overPayment = c.maxAmountDrops > c.paymentDrops;
  const warnings = [
    overDaily
      ? `The daily budgets add up to ${xrpWords(budgets)}, more than the ${xrpWords(c.dailyDrops!)} the server signs in a day: payouts past it wait for the next day. Lower the budgets, or restart the server with a higher --max-daily-payout.`
      : null,
    overPayment
      ? `One request may be ${xrpWords(c.maxAmountDrops)}, more than the ${xrpWords(c.paymentDrops)} one payment may send (--max-payout): such a payout is refused.`
      : null,
  ].filter((w): w is string => w !== null);
  return {
    daily: c.dailyDrops === null ? null : formatXrp(c.dailyDrops),
    payment: formatXrp(c.paymentDrops),
    // "flag": --max-daily-payout; "budgets-at-start": the two daily budgets as they were at start
    dailySource: c.dailyFromFlag ? ("flag" as const) : ("budgets-at-start" as const),
    budgets: formatXrp(budgets),
    over: warnings.length > 0,
    warnings,
  };
}

export function healthView(f: HealthFacts) {
  const p = f.payouts;
  const ledgerOk = p !== null && !("error" in p.ledger);
  const spendable = p && !("error" in p.ledger) ? p.ledger.spendableDrops : null;
  return {
    ledger:
      p === null
        ? { state: "off" as const, mode: null, server: null, validatedLedger: null, validatedAt: null, error: null }
        : {
            state: ledgerOk ? ("connected" as const) : ("unreachable" as const),
            mode: p.mode,
            server: p.server,
            validatedLedger: "error" in p.ledger ? null : p.ledger.validatedLedger,
            validatedAt: iso(p.lastValidatedAt),
            error: "error" in p.ledger ? p.ledger.error : null,
          },
    wallet:
      p === null
        ? null
        : {
            address: p.address,
            spendable: spendable === null ? null : formatXrp(spendable),
            paidPerDay: formatXrp(Math.round(p.paidPerDayDrops)),
            // the "wallet running low" alert is open (alerts/checks.ts decides it: the one rule)
            low: f.alerts.some((a) => a.kind === WALLET_LOW),
            // at the last 7 days' rate; null: nothing paid in 7 days, or the ledger did not answer
            daysLeft:
              spendable === null || p.paidPerDayDrops <= 0
                ? null
                : Math.floor((spendable / p.paidPerDayDrops) * 10) / 10,
          },
    queue: p === null ? null : { queued: p.queued, inFlight: p.inFlight, needsAttention: p.needsAttention },
    payouts: p === null ? null : { paused: p.paused !== null, reason: p.paused, until: iso(p.pausedUntil) },
    faucetOnline: f.faucetOnline,
    backups: { on: f.backups.on, lastAt: iso(f.backups.lastSuccessAt), failure: f.backups.failure },
    alerts: { open: f.alerts.length, titles: f.alerts.map((a) => a.title) },
    ceiling: f.ceiling === null ? null : ceilingView(f.ceiling),
    inbox: { unread: f.unreadMessages },
  };
}
export type HealthView = ReturnType<typeof healthView>;

// ---- the start-here checklist

export type ChecklistId = "two-factor" | "wallet" | "budgets" | "backups" | "email" | "public-url";

export interface ChecklistFacts {
  twoFactorOn: boolean;
  // null: no wallet configured
  wallet: { address: string } | null;
  walletMode: "sandbox" | "ledger" | null;
  // one request's most: a wallet that cannot pay it pays nobody
  maxAmountDrops: number;
  spendableDrops: number | null;
  settingsSaved: boolean;
  ceiling: ReturnType<typeof ceilingView> | null;
  backupsOn: boolean;
  backedUp: boolean;
  emailOn: boolean;
  publicUrl: string | null;
}

export function checklistView(f: ChecklistFacts, qrSvg: (text: string) => string) {
  const funded = f.spendableDrops !== null && f.spendableDrops >= f.maxAmountDrops;
  const items: { id: ChecklistId; title: string; done: boolean; detail: string; link: string }[] = [
    {
      id: "two-factor",
      title: "Turn on two-factor sign-in",
      done: f.twoFactorOn,
      detail: f.twoFactorOn
        ? "Your sign-in asks for a code from your authenticator app."
        : "Add an authenticator app to your account: a stolen password alone then cannot pay anyone.",
      link: "/dashboard/settings",
    },
    {
      id: "wallet",
      title: "Fund the hot wallet",
      done: funded,
      detail:
        f.wallet === null
          ? "Payouts are not configured: start the server with --xrpl sandbox to try it, or set XRPL_URL, XRPL_SEED and XRPL_ADDRESS."
          : funded
            ? `It can spend ${xrpWords(f.spendableDrops!)}.`
            : f.spendableDrops === null
              ? "The ledger did not answer: its balance is unknown."
              : `It can spend ${xrpWords(f.spendableDrops)}, less than one request's ${xrpWords(f.maxAmountDrops)}. Send XRP to the address below.`,
      link: "/admin",
    },
    {
      id: "budgets",
      title: "Set the budgets and the ceiling",
      done: f.settingsSaved && !(f.ceiling?.over ?? false),
      detail: !f.settingsSaved
        ? "Choose the daily budgets and the amounts of one request on the Settings page (the defaults are 100 XRP a day, 5 to 20 XRP a request)."
        : f.ceiling?.over
          ? f.ceiling.warnings.join(" ")
          : "The budgets are saved and fit under the server's ceiling.",
      link: "/admin/settings",
    },
    {
      id: "backups",
      title: "Turn on backups",
      done: f.backupsOn && f.backedUp,
      detail: !f.backupsOn
        ? "Start the server with --backup-dir (and --backup-every): the database is copied and checked on a schedule."
        : f.backedUp
          ? "Backups are on and the last one was made."
          : "Backups are on; none was made yet (Back up now on the Backups page).",
      link: "/admin/backups",
    },
    {
      id: "email",
      title: "Set up email (SMTP)",
      done: f.emailOn,
      detail: f.emailOn
        ? "Password resets and alerts are emailed."
        : "Start the server with --smtp-url and --mail-from: password resets and alerts need it.",
      link: "/admin",
    },
    {
      id: "public-url",
      title: "Set the public URL",
      done: f.publicUrl !== null,
      detail:
        f.publicUrl !== null
          ? `The site's address is ${f.publicUrl}.`
          : "Start the server with --public-url https://your.domain: links in emails and secure cookies need it.",
      link: "/admin",
    },
  ];
  return {
    done: items.every((i) => i.done),
    items,
    // where to send XRP: the full address, a QR code of it (an SVG), and whether it is the sandbox's
    wallet:
      f.wallet === null
        ? null
        : { address: f.wallet.address, qrSvg: qrSvg(f.wallet.address), sandbox: f.walletMode === "sandbox" },
  };
}
