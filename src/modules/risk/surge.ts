// A surge's effect on a request: a proxy pool cannot be told from honest visitors one at a time (each
// from a network of its own, a fresh device, a real browser), but it can as a crowd. While the
// faucet's watch sees a surge (modules/faucet/surge.ts), each new request is at least medium, so it
// holds no budget and waits for a person, and the auto-approve rule passes it by.
import { HOLDS_NO_BUDGET } from "./score.ts";

// the reason a request made during a surge carries
export const SURGE_REASON = "surge: many more requests than usual; a person reviews each";
// the auto-approve rule's note on such a request (faucet_requests.auto_approve_skip)
export const SURGE_SKIP = "surge";

// A request made during a surge: at least medium with the surge's reason.
export const surgeRisk = (risk: { score: number; reasons: string[] }) => ({
  score: Math.max(risk.score, HOLDS_NO_BUDGET),
  reasons: risk.reasons.includes(SURGE_REASON) ? risk.reasons : [...risk.reasons, SURGE_REASON],
});
