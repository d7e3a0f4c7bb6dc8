import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { CheckCircle2, Wallet } from "lucide-react";
import { xrpText } from "../../../lib/format";
import { useProofOfWork } from "../../../lib/proof-of-work";
import { Spinner } from "../../../components/Spinner";
import { buttonClass } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { type MessageId, T, t } from "../../../i18n";

type Props = {
  address: string;
  onAddressChange: (value: string) => void;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  closeLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children?: ReactNode;
};

// The wallet form that appears after a share; it takes focus when it opens and whenever its field is wrong.
export function BonusClaimForm({
  address,
  onAddressChange,
  error,
  busy,
  submitLabel,
  closeLabel,
  onSubmit,
  onClose,
  children,
}: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;
  useProofOfWork("social-bonus"); // the claim carries a proof of work: solved while the form is open

  useEffect(() => {
    input.current?.focus();
  }, []);
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t("earn.form.label")}
      className="mt-6 space-y-4 rounded-xl border border-brand-200 bg-brand-50/60 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <Wallet aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        <div className="text-sm text-slate-700">{children}</div>
      </div>
      <div>
        <Field
          ref={input}
          id={`${id}-address`}
          label={t("earn.form.address")}
          placeholder="r..."
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          value={address}
          onChange={(event) => onAddressChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="font-mono"
        />
        {error && (
          <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass({ className: "sm:flex-1" })}>
          {busy && <Spinner />}
          {submitLabel}
        </button>
        <button type="button" onClick={onClose} className={buttonClass({ variant: "outline" })}>
          {closeLabel}
        </button>
      </div>
    </form>
  );
}

// A claim's status as the user reads it (an unknown one as the server says it).
const STATUS_WORDS: Record<string, MessageId> = { PENDING: "earn.claimed.pending" };

// A bonus claim the server accepted, kept in the card once the form closes (the toast goes): what,
// its status, and where to follow it.
export function BonusClaimed({
  claim,
}: {
  claim: { id: number; platform: string | null; amount: string; status: string };
}) {
  const words = STATUS_WORDS[claim.status];
  const status = words ? t(words) : claim.status;
  return (
    <div role="status" className="mt-6 flex items-start gap-3 rounded-lg bg-green-50 p-4 text-sm text-green-900">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <p>
        <T
          id={claim.platform ? "earn.claimed.textPlatform" : "earn.claimed.text"}
          values={{ id: claim.id, amount: xrpText(claim.amount), platform: claim.platform, status }}
          components={{ 0: <strong /> }}
        />
      </p>
    </div>
  );
}
