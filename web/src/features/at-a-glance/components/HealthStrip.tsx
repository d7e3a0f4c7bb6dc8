// The health strip at the top of every /admin page: the ledger and its last validated ledger, the
// wallet's spendable XRP and days left, the queue, the pause, the faucet, the last backup, the open
// alerts and (when there are any) the inbox's unread messages, each a link to the page that deals
// with it. Colour is never the only sign: each chip says its state in words.
import { AlertTriangle, CheckCircle2, CircleSlash } from "lucide-react";
import { Link } from "react-router";
import { readableXrp } from "../../../components/admin/words";
import { durationWords } from "../../../../../src/shared/waits";
import { cn } from "../../../lib/cn";
import { formatRelativeTime } from "../../../lib/format";
import { type Health, useHealth } from "../api";

const DAY_MS = 24 * 60 * 60 * 1000;

type Tone = "ok" | "warn" | "bad";
const TONES: Record<Tone, string> = {
  ok: "border-green-200 bg-green-50 text-green-900",
  warn: "border-amber-200 bg-amber-50 text-amber-900",
  bad: "border-red-200 bg-red-50 text-red-900",
};
const ICONS = { ok: CheckCircle2, warn: CircleSlash, bad: AlertTriangle };

interface Chip {
  id: string;
  to: string;
  tone: Tone;
  text: string;
}

export function healthChips(h: Health): Chip[] {
  const chips: Chip[] = [];
  const l = h.ledger;
  if (l.state === "off") chips.push({ id: "ledger", to: "/admin", tone: "warn", text: "Payouts not configured" });
  else if (l.state === "unreachable")
    chips.push({ id: "ledger", to: "/admin", tone: "bad", text: "Ledger unreachable" });
  else
    chips.push({
      id: "ledger",
      to: "/admin",
      tone: "ok",
      text: `Ledger connected, #${l.validatedLedger}${l.mode === "sandbox" ? " (sandbox)" : ""}`,
    });
  if (h.wallet) {
    const days = h.wallet.daysLeft;
    const left = days === null ? "no payouts in 7 days" : `${durationWords(days * DAY_MS)} left`;
    // (low: the "wallet running low" alert is open; the chip follows it, never a rule of its own)
    const tone: Tone = h.wallet.spendable === null ? "bad" : h.wallet.low ? "warn" : "ok";
    chips.push({
      id: "wallet",
      to: "/admin",
      tone,
      text:
        h.wallet.spendable === null
          ? "Wallet balance unknown"
          : `Wallet ${readableXrp(h.wallet.spendable)}, ${h.wallet.low ? "running low, " : ""}${left}`,
    });
  }
  if (h.queue) {
    const waiting = h.queue.queued + h.queue.inFlight;
    const text = `${waiting} ${waiting === 1 ? "payout" : "payouts"} in the queue${h.queue.needsAttention ? `, ${h.queue.needsAttention} need attention` : ""}`;
    chips.push({ id: "queue", to: "/admin/requests", tone: h.queue.needsAttention ? "bad" : "ok", text });
  }
  if (h.payouts)
    chips.push({
      id: "paused",
      to: "/admin",
      tone: h.payouts.paused ? "bad" : "ok",
      text: h.payouts.paused ? "Payouts paused" : "Payouts running",
    });
  chips.push({
    id: "faucet",
    to: "/admin/settings",
    tone: h.faucetOnline ? "ok" : "warn",
    text: h.faucetOnline ? "Faucet online" : "Faucet offline",
  });
  const b = h.backups;
  chips.push(
    !b.on
      ? { id: "backups", to: "/admin/backups", tone: "warn", text: "Backups off" }
      : b.failure
        ? { id: "backups", to: "/admin/backups", tone: "bad", text: "Last backup failed" }
        : {
            id: "backups",
            to: "/admin/backups",
            tone: b.lastAt ? "ok" : "warn",
            text: b.lastAt ? `Last backup ${formatRelativeTime(b.lastAt)}` : "No backup yet",
          },
  );
  const n = h.alerts.open;
  chips.push({
    id: "alerts",
    to: "/admin",
    tone: n ? "bad" : "ok",
    text: n ? `${n} open ${n === 1 ? "alert" : "alerts"}` : "No open alerts",
  });
  // (a message waiting is visible on every page, also on a phone where the sidebar is a menu)
  const unread = h.inbox.unread;
  if (unread > 0)
    chips.push({
      id: "inbox",
      to: "/admin/inbox",
      tone: "warn",
      text: `${unread} unread ${unread === 1 ? "message" : "messages"}`,
    });
  return chips;
}

export function HealthStrip() {
  const health = useHealth();
  if (health.isPending) return null;
  if (health.isError)
    return (
      <p role="alert" className="mb-4 text-sm text-red-700">
        Health could not be loaded: {health.error.message}
      </p>
    );
  return (
    <section aria-label="Health at a glance" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {healthChips(health.data).map((chip) => {
          const Icon = ICONS[chip.tone];
          return (
            <li key={chip.id}>
              <Link
                to={chip.to}
                data-health={chip.id}
                className={cn(
                  "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium hover:underline focus-visible:outline-2 focus-visible:outline-brand-600",
                  TONES[chip.tone],
                )}
              >
                <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
                {chip.text}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
