import { cn } from "../../lib/cn";
import { type MessageId, t } from "../../i18n";

export type StatusTone = "green" | "yellow" | "red" | "grey";

// Status colours of spec section 4: processed/paid/approved/success green (money that reached or is
// owed to its owner), pending/processing yellow,
// denied/rejected/failed red, anything else grey.
export function statusTone(status: string): StatusTone {
  switch (status.toUpperCase()) {
    case "PROCESSED":
    case "PAID":
    case "APPROVED":
    case "SUCCESS":
      return "green";
    case "PENDING":
    case "PROCESSING":
      return "yellow";
    case "DENIED":
    case "REJECTED":
    case "FAILED":
      return "red";
    default:
      return "grey";
  }
}

const TONES: Record<StatusTone, string> = {
  green: "bg-green-100 text-green-800 ring-green-600/20",
  yellow: "bg-yellow-100 text-yellow-800 ring-yellow-600/30",
  red: "bg-red-100 text-red-800 ring-red-600/20",
  grey: "bg-slate-100 text-slate-700 ring-slate-500/20",
};

// A status as the visitor reads it (the API keeps its codes): "Paid", "Waiting for review".
const STATUS_WORDS: Record<string, MessageId> = {
  PENDING: "common.status.pending",
  APPROVED: "common.status.approved",
  PROCESSING: "common.status.paying",
  PROCESSED: "common.status.paid",
  PAID: "common.status.paid",
  SUCCESS: "common.status.paid",
  REJECTED: "common.status.rejected",
  DENIED: "common.status.denied",
  FAILED: "common.status.failed",
};
export const statusWords = (status: string) =>
  (STATUS_WORDS[status.toUpperCase()] && t(STATUS_WORDS[status.toUpperCase()]!)) ||
  status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replace(/_/g, " ");

export function StatusBadge({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <span
      data-testid="status-badge"
      data-tone={tone}
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        TONES[tone],
      )}
    >
      {statusWords(status)}
    </span>
  );
}
