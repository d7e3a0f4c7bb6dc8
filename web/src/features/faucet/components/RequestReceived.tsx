// The confirmation of an accepted faucet request, kept in the page until the next one: its number,
// amount and status, and its shareable status link. (The claim form loads it as a request is sent.)
import "../../../screens-shared";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "../../../components/ui/button";
import { StatusBadge } from "../../../components/ui/StatusBadge";
import { xrpText } from "../../../lib/format";
import { confirmationShown } from "../received-shown";
import { statusPath } from "../status-link";
import { T, t } from "../../../i18n";

export type Received = { id: number; amount: string; status: string; address: string };

export function RequestReceived({ request }: { request: Received }) {
  const path = statusPath(request.address, request.id);
  const [copied, setCopied] = useState(false);
  // (the home page's floating badge steps aside on a phone while this shows)
  useEffect(confirmationShown, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${path}`);
      setCopied(true);
    } catch {
      // no clipboard (plain HTTP, a refused permission): the link itself can be shared
    }
  };
  return (
    <div role="status" className="space-y-2 rounded-lg bg-green-50 p-3 text-sm text-green-900">
      <p className="flex flex-wrap items-center gap-2">
        <CheckCircle2 aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span>
          <T
            id="claim.received.title"
            values={{ id: request.id, amount: xrpText(request.amount) }}
            components={{ 0: <strong />, 1: <strong /> }}
          />
        </span>
        <StatusBadge status={request.status} />
      </p>
      <p>{t("claim.received.text")}</p>
      <p className="flex flex-wrap items-center gap-3">
        <Link to={path} className="font-medium break-all text-green-900 underline">
          {t("claim.received.link", { id: request.id })}
        </Link>
        <button type="button" onClick={() => void copy()} className={buttonClass({ variant: "outline", size: "sm" })}>
          {copied ? t("claim.received.copied") : t("claim.received.copy")}
        </button>
      </p>
    </div>
  );
}
