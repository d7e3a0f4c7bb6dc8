// The auto-approve rule (off by default; the settings' autoApprove): a pending faucet request whose
// risk score is at or below maxRiskScore, held holdMinutes, and still at or below it when scored
// again at that moment (a burst during the hold raises it), is approved as an admin's approval
// would (the budget, the payout queued for the engine), by 'Auto', while today's auto-approved
// XRP stays within maxPerDay released through the day (an hourly share, like the budget) and at
// most one request a day per network (IPv6 /48, IPv4 /24). Anything else the rule leaves for a
// person at once: it gives its budget back (only what the rule will pay holds budget) and the rule
// does not look at it again. Run on a timer by createApp.
import type { Db } from "../../db/client.ts";
import type { FaucetRequest } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import { dayStart as dayStartOf, MINUTE_MS } from "../../lib/time.ts";
import type { PayoutService } from "../payouts/service.ts";
import type { FaucetService } from "../faucet/service.ts";
import type { RequestStatus } from "../faucet/request-status.ts";
import type { SettingsService } from "../settings/service.ts";
import { createAutoApproveRepository } from "./repository.ts";

// How often createApp runs the rule.
export const AUTO_APPROVE_EVERY_MS = 15_000;

export interface AutoApproveDeps {
  db: Db;
  clock: () => number;
  settings: SettingsService;
  faucet: Pick<FaucetService, "currentRisk" | "autoApproveCapNow" | "releaseBudget" | "surge">;
  payouts: Pick<PayoutService, "autoApproveFaucetRequest">;
  // the request's state: the faucet's transitions (modules/faucet/request-status.ts)
  requests: Pick<RequestStatus, "leaveForPerson">;
  log: (line: string) => void;
  // Whether the request's address, IP or device is on the block list now (blocked during its hold).
  blocked?: (request: FaucetRequest) => boolean;
}

export function createAutoApprover({
  db,
  clock,
  settings,
  faucet,
  payouts,
  requests,
  log,
  blocked = () => false,
}: AutoApproveDeps) {
  const repo = createAutoApproveRepository(db);
  let failing = false;
  // a request the rule will not pay waits for a person holding nothing
  const leave = (request: FaucetRequest, why: string) =>
    immediate(db, () => {
      requests.leaveForPerson(request.id, why);
      faucet.releaseBudget(request.id);
    });

  return {
    // One pass over the requests whose hold is over; returns how many it approved.
    run(): number {
      try {
        const s = settings.get();
        if (!s.autoApproveEnabled) return 0;
        // paused for a surge (faucet/surge.ts): a person looks at what comes in until it passes
        if (faucet.surge().active) return 0;
        const now = clock();
        const dayStart = dayStartOf(now);
        const maxPerDayDrops = faucet.autoApproveCapNow();
        let approved = 0;
        for (const request of repo.candidates(s.autoApproveMaxRiskScore, now - s.autoApproveHoldMinutes * MINUTE_MS)) {
          if (blocked(request))
            leave(request, "blocked"); // blocked while it waited: a person decides
          else if (repo.approvedFromNetworkSince(request, dayStart) > 0)
            leave(request, "network_paid_today"); // one a day per network
          else {
            const risk = faucet.currentRisk(request);
            if (risk.score > s.autoApproveMaxRiskScore) {
              leave(request, "risk");
              continue;
            }
            const outcome = payouts.autoApproveFaucetRequest(request.id, risk.score, { dayStart, maxPerDayDrops });
            if (outcome === "queued") approved++;
            // no engine: nothing can be paid, the others wait too
            else if (outcome === "no_engine") break;
            // over today's cap or budget: a person decides (a smaller one after it may still fit)
            else if (outcome === "over_daily_cap" || outcome === "over_budget") leave(request, outcome);
          }
        }
        failing = false;
        return approved;
      } catch (error) {
        // a timer runs this: log once per failing streak, try again next time
        if (!failing) log(`auto-approve: ${error instanceof Error ? error.message : String(error)}`);
        failing = true;
        return 0;
      }
    },
  };
}
export type AutoApprover = ReturnType<typeof createAutoApprover>;
