// A wait until the next claim, ticking: the faucet page's status and the home page's returning visitor
// say it in the same words (src/shared/waits.ts), from the same answer (useNextClaim).
import { useEffect, useState } from "react";
import { waitWords } from "../../../../src/shared/waits";
import { locale, type MessageId, t } from "../../i18n";

// whose wait it is, as the refusal a request would get says it
const WAIT_WORDS = {
  address: "claim.wait.address",
  device: "claim.wait.device",
  network: "claim.wait.network",
} as const satisfies Record<string, MessageId>;
export type WaitLimit = keyof typeof WAIT_WORDS;

// "This address already requested XRP in the last 24 hours. You can request again for this address
// tomorrow at 22:50 UTC (in 23 h 32 min)." (why, in the words of its refusal, then when) or, once it
// is over, "You can make a request now."
export function nextClaimSentence(until: number, now: number, limit: WaitLimit, why: string | null): string {
  if (until <= now) return t("claim.wait.now");
  return `${why ? `${why} ` : ""}${t(WAIT_WORDS[limit], { wait: waitWords(until, now, locale()) })}`;
}

// When a wait the server gave at `since` (ms, `seconds` long) ends, and the time now, ticking every
// second; null while it is not known.
export function useWaitUntil(seconds: number | null | undefined, since: number): { until: number; now: number } | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!seconds) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  if (seconds === null || seconds === undefined) return null;
  return { until: since + seconds * 1000, now: Math.max(now, since) };
}
