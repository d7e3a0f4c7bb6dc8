// Whether the back office is live: a dot and a word beside the heading, and a way back when the
// stream closed (signed out elsewhere, a code asked for): the screens then change only on a reload.
import { buttonClass } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import type { LiveState } from "./live";

const WORDS: Record<LiveState, { text: string; dot: string }> = {
  connecting: { text: "Connecting…", dot: "bg-slate-400" },
  live: { text: "Live", dot: "bg-green-600" },
  reconnecting: { text: "Reconnecting…", dot: "bg-amber-500" },
  off: { text: "Live updates off", dot: "bg-slate-400" },
};

export function LiveStatus({ state, reconnect }: { state: LiveState; reconnect: () => void }) {
  const { text, dot } = WORDS[state];
  return (
    <span className="inline-flex items-center gap-2 text-sm text-slate-700">
      <span role="status" className="inline-flex items-center gap-1.5">
        <span aria-hidden="true" className={cn("h-2.5 w-2.5 rounded-full", dot)} />
        {text}
      </span>
      {state === "off" && (
        <button type="button" className={buttonClass({ variant: "outline", size: "sm" })} onClick={reconnect}>
          Reconnect
        </button>
      )}
    </span>
  );
}
