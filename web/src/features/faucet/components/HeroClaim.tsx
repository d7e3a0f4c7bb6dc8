// The home page's claim box: a returning visitor's wait (in the words and from the answer the faucet
// page uses), why the faucet takes no request when it takes none, and the form.
import { useState } from "react";
import { useFaucetStatus, useNextClaim } from "../api";
import { nextClaimSentence, useWaitUntil } from "../countdown";
import { rememberedAddress } from "../status-link";
import { ClaimForm } from "./ClaimForm";
import { t } from "../../../i18n";

// A returning visitor (this browser asked before): when its next claim opens, ticking, in the words
// of the limit that holds it. Nothing is asked on a first visit.
function NextClaim() {
  const [address] = useState(rememberedAddress);
  const next = useNextClaim(address);
  const wait = useWaitUntil(next.data?.nextClaimSeconds, next.dataUpdatedAt);
  // (not "you can make a request now" while the faucet takes none: the faucet page says the same)
  if (!address || wait === null || !next.data || (wait.until <= wait.now && !next.data.isActive)) return null;
  const limit = next.data.nextClaimLimit ?? "address";
  return (
    <p role="timer" aria-live="off" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
      {t("claim.hero.welcome", {
        sentence: nextClaimSentence(wait.until, wait.now, limit, next.data.nextClaimReason),
      })}
    </p>
  );
}

export function HeroClaim() {
  const status = useFaucetStatus().data;
  const closed = status && !status.isActive ? (status.offlineReason ?? status.message) : null;
  return (
    <>
      <NextClaim />
      <ClaimForm idPrefix="hero" warmOnFocus buttonLabel={t("claim.hero.button")} closedReason={closed} />
    </>
  );
}
