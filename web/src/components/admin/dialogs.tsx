// The back office's deliberate steps: a money action states what will be sent before it is sent, and a
// refusal asks for its reason (the user reads it in their history). Radix Dialog: focus moves into the
// dialog and back, Escape and Cancel close it, the title and description are read out.
import * as Dialog from "@radix-ui/react-dialog";
import { AlertTriangle, FlaskConical } from "lucide-react";
import { useId, useRef, useState, type ReactNode } from "react";
import { rememberFocus } from "../../lib/return-focus";
import { buttonClass } from "../ui/button";
import { ToastAction } from "../ui/toast";
import { useExplorer } from "../ui/TxHash";
import { totalXrp } from "../../../../src/shared/money";
import { RiskBadge } from "./ui";

export function Frame({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  // The button that opened the dialog gets the focus back when it closes (there is no Dialog.Trigger:
  // one dialog serves every row), or the one in its place once a refresh redrew the rows.
  const giveBack = useRef<() => boolean>(() => false);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            giveBack.current = rememberFocus();
          }}
          onCloseAutoFocus={(event) => {
            if (giveBack.current()) event.preventDefault();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-sm text-slate-700">{description}</div>
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// Cancel, and the confirm button that runs the plan and closes the dialog.
function ConfirmButtons({
  plan,
  onClose,
}: {
  plan: { confirmLabel: string; run: () => void } | null;
  onClose: () => void;
}) {
  return (
    <div className="mt-5 flex flex-wrap justify-end gap-2">
      <Dialog.Close className={buttonClass({ variant: "outline" })}>Cancel</Dialog.Close>
      <button
        type="button"
        className={buttonClass()}
        onClick={() => {
          plan?.run();
          onClose();
        }}
      >
        {plan?.confirmLabel}
      </button>
    </div>
  );
}

// One payment an action will make: where to and how much (XRP, 6 decimals).
export interface Payment {
  address: string;
  tag: number | null;
  amount: string;
  // what the decision needs to know of it (a faucet request): its number, why it was made (e.g.
  // "Reviewer bonus"), its risk and the reasons the score counted, and a warning of its own
  about?: {
    label: string;
    reason: string | null;
    risk: { score: number | null; reasons: readonly string[] } | null;
    warning: string | null;
  };
}

export interface PayPlan {
  // e.g. "Approve request #12"
  title: string;
  confirmLabel: string;
  payments: Payment[];
  // send: the hot wallet pays now; owe: added to what the user is owed; record: marked as paid
  // outside the app (nothing is sent)
  effect?: "send" | "owe" | "record";
  // something to weigh before confirming (e.g. how many of the selected claims share a network);
  // `warn`: shown as a warning
  note?: { text: string; warn: boolean };
  // the count and the total when `payments` lists only part of what is sent (Resume: the oldest 100
  // held payouts of more)
  summary?: { count: number; total: string };
  run: () => void;
}

const EFFECT = {
  send: "will be sent from the hot wallet",
  owe: "will be added to what the user is owed (paid with Pay on the Users screen)",
  record: "will be recorded as paid outside the app: nothing is sent",
} as const;

// Each payment: its request's number, reason and risk with the reasons counted, the address and tag,
// the amount, and its own warning.
function PaymentList({ label, payments }: { label: string; payments: Payment[] }) {
  return (
    <ul aria-label={label} className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3 text-sm">
      {payments.map((p, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: the same address may be paid twice
          key={i}
          className="flex flex-wrap justify-between gap-2 border-b border-slate-200 pb-2 last:border-0 last:pb-0"
        >
          {p.about && (
            <span className="flex w-full flex-wrap items-center gap-2">
              <span className="font-semibold text-slate-900">{p.about.label}</span>
              {p.about.reason && <span className="text-slate-700">{p.about.reason}</span>}
              {p.about.risk && <RiskBadge score={p.about.risk.score} />}
            </span>
          )}
          <span className="font-mono break-all">
            {p.address}
            {p.tag !== null && <span className="text-slate-600"> (tag {p.tag})</span>}
          </span>
          <span className="font-semibold">{p.amount} XRP</span>
          {p.about?.risk && p.about.risk.reasons.length > 0 && (
            <span className="w-full text-xs text-slate-600">Risk: {p.about.risk.reasons.join("; ")}</span>
          )}
          {p.about?.warning && (
            <span className="w-full rounded bg-amber-50 p-2 text-xs font-medium text-amber-900">{p.about.warning}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

// "Send 22.800000 XRP?": the count, the total, every destination with its tag, and on the sandbox that
// nothing real moves. Nothing is sent until the confirm button is pressed.
export function ConfirmPayDialog({ plan, onClose }: { plan: PayPlan | null; onClose: () => void }) {
  const sandbox = useExplorer().data?.network === "sandbox";
  const payments = plan?.payments ?? [];
  const total = plan?.summary?.total ?? totalXrp(payments.map((p) => p.amount)) ?? "unknown";
  const count = plan?.summary?.count ?? payments.length;
  const effect = plan?.effect ?? "send";
  return (
    <Frame
      open={plan !== null}
      onClose={onClose}
      title={plan?.title ?? ""}
      description={
        <>
          <p>
            {count === 1 ? "1 payment" : `${count} payments`} of {total} XRP in total {EFFECT[effect]}.
          </p>
          {plan?.note && (
            <p
              className={`mt-2 rounded-lg p-3 ${plan.note.warn ? "bg-amber-50 font-medium text-amber-900" : "bg-slate-50"}`}
            >
              {plan.note.text}.
            </p>
          )}
        </>
      }
    >
      <PaymentList label="Destinations" payments={payments} />
      {sandbox && effect === "send" && (
        <p className="mt-3 flex items-center gap-2 rounded-lg bg-violet-50 p-3 text-sm font-medium text-violet-900">
          <FlaskConical aria-hidden="true" className="h-4 w-4 shrink-0" /> Sandbox ledger: nothing real moves.
        </p>
      )}
      <ConfirmButtons plan={plan} onClose={onClose} />
    </Frame>
  );
}

export const REASON_PRESETS = [
  "Duplicate request",
  "Suspected bot or abuse",
  "Invalid address",
  "Budget reached",
] as const;

export interface ReasonPlan {
  // e.g. "Reject request #12"
  title: string;
  confirmLabel: string;
  // what would have been paid, shown as the approval shows it (each request's address, amount and risk)
  payments?: Payment[];
  run: (reason: string) => void;
}

// A preset reason, free text, or both ("Suspected bot or abuse: same device as #8").
export function ReasonDialog({ plan, onClose }: { plan: ReasonPlan | null; onClose: () => void }) {
  const [preset, setPreset] = useState("");
  const [details, setDetails] = useState("");
  const detailsId = useId();
  const hintId = useId();
  const reason = [preset, details.trim()].filter(Boolean).join(": ");
  const payments = plan?.payments ?? [];
  const close = () => {
    setPreset("");
    setDetails("");
    onClose();
  };
  return (
    <Frame
      open={plan !== null}
      onClose={close}
      title={plan?.title ?? ""}
      description={
        <p>
          {payments.length > 0 &&
            `${payments.length === 1 ? "1 payment" : `${payments.length} payments`} of ${totalXrp(payments.map((p) => p.amount)) ?? "unknown"} XRP in total will not be sent. `}
          The user sees this reason in their history.
        </p>
      }
    >
      {payments.length > 0 && <PaymentList label="Refused" payments={payments} />}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason) return;
          plan?.run(reason.slice(0, 500));
          close();
        }}
      >
        <fieldset className="mt-3 space-y-2">
          <legend className="text-sm font-medium text-slate-800">Reason</legend>
          {REASON_PRESETS.map((text) => (
            <label key={text} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="reason-preset"
                value={text}
                checked={preset === text}
                onChange={() => setPreset(text)}
                className="h-4 w-4 accent-brand-600"
              />
              {text}
            </label>
          ))}
        </fieldset>
        <label htmlFor={detailsId} className="mt-3 block text-sm font-medium text-slate-800">
          Details (optional with a reason above)
        </label>
        <textarea
          id={detailsId}
          value={details}
          maxLength={400}
          onChange={(e) => setDetails(e.target.value)}
          rows={2}
          className="mt-1 block w-full rounded-lg border border-slate-300 p-2 text-sm"
        />
        <div className="mt-5 flex flex-wrap items-center justify-end gap-2">
          {!reason && (
            <p id={hintId} className="mr-auto text-sm text-slate-600">
              Choose or write a reason to reject.
            </p>
          )}
          <Dialog.Close type="button" className={buttonClass({ variant: "outline" })}>
            Cancel
          </Dialog.Close>
          <button
            type="submit"
            className={buttonClass({ variant: "danger" })}
            disabled={!reason}
            aria-describedby={reason ? undefined : hintId}
          >
            {plan?.confirmLabel}
          </button>
        </div>
      </form>
    </Frame>
  );
}

// A change that weakens a limit, lets more money out or takes the faucet offline: each change with its
// value before and after and what it means, and what to weigh first (e.g. the server's ceiling the
// budgets would pass). Nothing is saved until the confirm button is pressed.
export interface ChangePlan {
  // e.g. "Save these settings?"
  title: string;
  confirmLabel: string;
  changes: { label: string; before?: string; after?: string; means?: string }[];
  warnings?: string[];
  run: () => void;
}

export function ConfirmChangeDialog({ plan, onClose }: { plan: ChangePlan | null; onClose: () => void }) {
  return (
    <Frame
      open={plan !== null}
      onClose={onClose}
      title={plan?.title ?? ""}
      description={<p>Nothing changes until you confirm.</p>}
    >
      <ul aria-label="Changes" className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3 text-sm">
        {plan?.changes.map((c) => (
          <li key={c.label} className="border-b border-slate-200 pb-2 last:border-0 last:pb-0">
            <span className="font-semibold text-slate-900">{c.label}</span>
            {c.before !== undefined && c.after !== undefined && (
              <span>
                : {c.before} → {c.after}
              </span>
            )}
            {c.means && <span className="mt-1 block text-slate-700">{c.means}</span>}
          </li>
        ))}
      </ul>
      {plan?.warnings?.map((warning) => (
        <p key={warning} className="mt-3 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
          <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
          {warning}
        </p>
      ))}
      <ConfirmButtons plan={plan} onClose={onClose} />
    </Frame>
  );
}

// A success toast's Undo (where setting it back is honest: the same values saved again, a removed
// block added again), shown longer than a toast without one.
export const undoToast = (what: string, run: () => void) => ({
  duration: 10_000,
  action: (
    <ToastAction altText={`Undo: ${what}`} onClick={run}>
      Undo
    </ToastAction>
  ),
});
