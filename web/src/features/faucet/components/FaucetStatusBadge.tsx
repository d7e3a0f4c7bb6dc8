import { useEffect, useState } from "react";
import { useFaucetStatus } from "../api";
import { useConfirmationShown } from "../received-shown";
import { cn } from "../../../lib/cn";
import { t } from "../../../i18n";

export const BADGE_EXPAND_MS = 5_000;

// The floating faucet status: grey while loading, green when active, red when not; a click shows
// the message for 5 seconds. On a phone it is the dot alone (its words for screen readers), so it
// covers no centred button beneath it, and it steps aside while a request's confirmation shows.
export function FaucetStatusBadge() {
  const status = useFaucetStatus();
  const confirming = useConfirmationShown();
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    if (!expanded) return;
    const timer = setTimeout(() => setExpanded(false), BADGE_EXPAND_MS);
    return () => clearTimeout(timer);
  }, [expanded]);

  const state = status.data ? (status.data.isActive ? "Online" : "Offline") : "Checking";
  const message =
    status.data?.message ?? (status.isError ? t("claim.badge.unavailable") : t("claim.badge.checkingMessage"));
  const label = status.data
    ? status.data.isActive
      ? t("claim.badge.online")
      : t("claim.badge.offline")
    : t("claim.badge.checking");
  const dot = status.data ? (status.data.isActive ? "bg-green-500" : "bg-red-500") : "bg-slate-400";
  return (
    <button
      type="button"
      onClick={() => setExpanded(true)}
      aria-expanded={expanded}
      data-state={state.toLowerCase()}
      className={cn(
        "fixed right-3 bottom-3 z-30 flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full border bg-white px-3 py-2 text-sm font-medium shadow-lg sm:right-4 sm:bottom-4 sm:px-4",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        confirming && "max-sm:hidden",
        status.data
          ? status.data.isActive
            ? "border-green-200 text-green-800"
            : "border-red-200 text-red-800"
          : "border-slate-200 text-slate-600",
      )}
    >
      <span
        aria-hidden="true"
        className={cn("h-2.5 w-2.5 rounded-full", dot, status.data?.isActive && "motion-safe:animate-pulse")}
      />
      <span className={expanded ? undefined : "sr-only sm:not-sr-only"}>{label}</span>
      {expanded && <span className="border-l border-slate-200 pl-2 text-slate-600">{message}</span>}
    </button>
  );
}
