// The faucet's request form, on /faucet and in the home page's hero: a wallet address and the claim
// button. While it waits on the network it says so and can be cancelled; offline it says so and sends
// nothing until the person sends it again; a refusal says why and what to do next beside the button;
// an accepted request stays confirmed in the page with its shareable status link.
import { CircleSlash, Droplet, WifiOff, X } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { looksLikeAddress } from "../../../../../src/shared/forms";
import { buttonClass } from "../../../components/ui/button";
import { invalidAddressText, WalletField } from "../../../components/ui/field";
import { FormFailure } from "../../../components/ui/form-failure";
import { toast } from "../../../components/ui/use-toast";
import { ApiError, isNetworkFailure, refusalText } from "../../../lib/errors";
import { xrpText } from "../../../lib/format";
import { offlineNotice, useOnline } from "../../../lib/online";
import { warmProof } from "../../../lib/proof-of-work";
import { useFaucetRequest } from "../api";
import type { Received } from "./RequestReceived";
import { t } from "../../../i18n";

// After this long a request still on its way says so (the proof of work, a slow network).
export const SLOW_MS = 6_000;
export const offlineNothingSent = () => t("claim.form.offlineNothingSent");

// The confirmation of an accepted request (and the status badge it shows) is its own chunk, fetched as
// a request is sent: the answer finds it in, and a visit that sends nothing never downloads it.
const loadReceived = () => import("./RequestReceived");
const RequestReceived = lazy(() => loadReceived().then((m) => ({ default: m.RequestReceived })));

// `onAddressChange`: the trimmed address as it is typed (the faucet page's status asks about it).
// `closedReason`: why the faucet takes no request now (the home page's hero): said above the form,
// and the button waits, disabled, with it as its description.
export function ClaimForm({
  idPrefix = "faucet",
  warmOnFocus = false,
  buttonLabel = t("claim.form.submit"),
  onAddressChange,
  closedReason = null,
}: {
  idPrefix?: string;
  warmOnFocus?: boolean;
  buttonLabel?: string;
  onAddressChange?: (address: string) => void;
  closedReason?: string | null;
}) {
  const [address, setAddress] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  const [last, setLast] = useState<Received | null>(null);
  const [slow, setSlow] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const request = useFaucetRequest(!warmOnFocus);
  const online = useOnline();
  const typed = address.trim();
  // an error under the field takes the focus there, once the field is no longer disabled by the request
  useEffect(() => {
    if (fieldError && !request.isPending) field.current?.focus();
  }, [fieldError, request.isPending]);

  useEffect(() => {
    if (!request.isPending) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), SLOW_MS);
    return () => clearTimeout(timer);
  }, [request.isPending]);

  const send = (value: string) => {
    setFailure(null);
    // one outcome at a time: an earlier confirmation does not stay beside a new refusal
    setLast(null);
    if (!navigator.onLine) return setFailure({ message: offlineNothingSent(), retry: true });
    loadReceived().catch(() => {});
    const abort = new AbortController();
    controller.current = abort;
    request.mutate(
      { address: value, signal: abort.signal },
      {
        onSuccess: (answer) => {
          setAddress("");
          onAddressChange?.("");
          setLast({ id: answer.id, amount: answer.amount, status: answer.status, address: answer.address });
          toast({
            title: t("claim.form.submittedTitle"),
            description: t("claim.form.submittedText", { id: answer.id, amount: xrpText(answer.amount) }),
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) setFieldError(refusalText(error));
          else setFailure({ message: refusalText(error), retry: isNetworkFailure(error) });
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // (what is no address is said before the anti-bot check runs for it)
    if (!looksLikeAddress(typed)) return setFieldError(invalidAddressText());
    send(typed);
  };

  return (
    <div className="min-w-0 space-y-4">
      {!online && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <WifiOff aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{offlineNotice()}</span>
        </p>
      )}
      {closedReason && (
        <p
          id={`${idPrefix}-closed`}
          role="status"
          className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900"
        >
          <CircleSlash aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>{closedReason}</span>
        </p>
      )}
      <form
        onSubmit={submit}
        onFocus={warmOnFocus ? () => warmProof("faucet") : undefined}
        className="space-y-4"
        noValidate
      >
        <WalletField
          id={`${idPrefix}-address`}
          ref={field}
          value={address}
          error={fieldError}
          onChange={(e) => {
            setAddress(e.target.value);
            onAddressChange?.(e.target.value.trim());
            setFieldError(null);
            setFailure(null);
          }}
          disabled={request.isPending}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <button
            type="submit"
            // (a longer label wraps onto a second line rather than being cut)
            className={buttonClass({
              size: "lg",
              className: "h-auto min-h-12 w-full min-w-0 py-2 whitespace-normal sm:flex-1",
            })}
            disabled={request.isPending || closedReason !== null}
            aria-describedby={closedReason ? `${idPrefix}-closed` : undefined}
          >
            <Droplet aria-hidden="true" className="h-5 w-5 shrink-0" />
            <span className="min-w-0 text-center">{request.isPending ? t("claim.form.processing") : buttonLabel}</span>
          </button>
          {request.isPending && (
            <button
              type="button"
              onClick={() => controller.current?.abort()}
              className={buttonClass({ variant: "outline", size: "lg" })}
            >
              <X aria-hidden="true" className="h-5 w-5" />
              {t("claim.form.cancel")}
            </button>
          )}
        </div>
      </form>
      {request.isPending && slow && (
        <p role="status" className="text-sm text-slate-700">
          {t("claim.form.slow")}
        </p>
      )}
      {failure && (
        <FormFailure
          message={failure.message}
          retry={failure.retry}
          busy={request.isPending}
          onRetry={() => send(typed)}
        />
      )}
      {last && (
        <Suspense fallback={null}>
          <RequestReceived request={last} />
        </Suspense>
      )}
    </div>
  );
}
