// Waiting requests scored again: a new request raises those still waiting from its network and wide
// network (a burst is seen as a whole, the first ones included, as the admin's list then shows), the
// ledger's evidence on an address moves its request's score (modules/address-signals), and the
// auto-approve rule scores a request again at the end of its hold. A request raised to flagged gives
// its budget back. The network's part and the address's part of a score are kept apart, so each
// can be counted again without the other.
import type { Db } from "../../db/client.ts";
import type { FaucetRequest } from "../../db/schema.ts";
import { inTransaction } from "../../db/transaction.ts";
import { DAY_MS, HOUR_MS } from "../../lib/time.ts";
import type { BudgetPools } from "./budget-pools.ts";
import type { RefusalMemory } from "./refusal-memory.ts";
import type { FaucetRepository } from "./repository.ts";
import { FIRST_VISIT, HOLDS_NO_BUDGET, networkPart, scoreRisk, TOP_SCORE, withAddressPoints } from "../risk/score.ts";
import { ownSignals, type RiskSignals, storedSignals, WIDE_REQUESTS_COUNTED } from "../risk/signals.ts";
import { SURGE_REASON, surgeRisk } from "../risk/surge.ts";
import { type SignalCounter, wideName } from "./signal-counts.ts";
import { type Networks, type SignalsRepository, type WaitingRequest, WIDE_NEWEST_READ } from "./signals-repository.ts";
import type { LiveChanged } from "../live/model.ts";

// A waiting request's counts of its wide network (read once for all those waiting there).
type WideCounts = Pick<RiskSignals, "requestsFromWideLastHour" | "requestsFromWideToday" | "paidToWideToday">;

export interface RescoringDeps {
  db: Db;
  clock: () => number;
  repo: Pick<FaucetRepository, "byId"> &
    Pick<SignalsRepository, "waitingFrom" | "setRisk" | "wideNewest" | "paidNetworksOfWide" | "setAddressRisk">;
  counter: SignalCounter;
  memory: RefusalMemory;
  pools: BudgetPools;
  // told of a score the ledger's evidence changed, for the admins watching (modules/live)
  changed: LiveChanged;
}

export function createRescoring({ db, clock, repo, counter, memory, pools, changed }: RescoringDeps) {
  return {
    // A new request raises the score of those still waiting from its network and wide network.
    // `topped`: the new request is at the top score, from a network that asked nothing before, and
    // written by the group commit (see the refusal memory's topped wide networks). `asker`: the new
    // request's address and device. One waiting from another network of the wide network, another
    // device and another address: the new request changed only its wide network's counts, which are
    // read once for all such (wideCountsOf).
    raiseWaiting(
      nets: Networks,
      asker: { address: string; device: string },
      newId: number,
      now: number,
      networkQuiet: boolean,
      topped: boolean,
    ): void {
      if (topped && memory.isTopped(nets.wide)) return;
      let allTopped = true;
      const waitingList = repo.waitingFrom(nets.network, nets.wide, now - DAY_MS, newId, networkQuiet);
      let wideCounts: ((request: WaitingRequest) => WideCounts | undefined) | undefined;
      for (const waiting of waitingList) {
        const elsewhere =
          waiting.ipNetwork !== null &&
          waiting.ipNetwork !== nets.network &&
          waiting.ipWide === nets.wide &&
          waiting.deviceId !== asker.device &&
          waiting.address !== asker.address;
        if (elsewhere) wideCounts ??= wideCountsOf(nets.wide, waitingList, now);
        const risk = rescore(waiting, elsewhere ? wideCounts!(waiting) : undefined);
        if (risk.score < TOP_SCORE) allTopped = false;
        if (risk.score <= (waiting.riskScore ?? 0)) continue;
        repo.setRisk(waiting.id, risk.score, risk.reasons, risk.signals);
        if (risk.score >= HOLDS_NO_BUDGET && waiting.status === "PENDING") pools.giveBack(waiting);
      }
      if (topped && allTopped) memory.noteTopped(nets.wide);
    },

    // The request's risk score counted again now, for the auto-approve rule at the end of its hold:
    // a burst from its network or wide network during the hold raises it; never below the score it
    // came with.
    currentRisk: (request: FaucetRequest) => rescore(request),

    // What the ledger says of its address in a waiting request's score: the network's part stays;
    // raised to flagged, it gives its budget back as raiseWaiting does.
    applyAddressRisk(id: number, points: number, reasons: string[]): void {
      inTransaction(db, () => {
        const request = repo.byId(id);
        if (!request || request.status !== "PENDING") return;
        const was = request.addressReasons ?? [];
        if (request.addressPoints === points && was.length === reasons.length && was.every((r, i) => r === reasons[i]))
          return;
        const risk = withAddressPoints(networkPart(request), points, reasons);
        repo.setAddressRisk(id, risk.score, risk.reasons, points, reasons);
        changed("requests");
        memory.forgetAllTopped();
        if (risk.score >= HOLDS_NO_BUDGET) pools.giveBack(request);
      });
    },
  };

  // A request's signals counted again up to now: all of them, or, given its wide network's counts
  // (read once for the requests waiting there), those and the signals of its own network, device
  // and address as it stored them (a request from another network of its wide network changed none
  // of those). Never below the score it came with, nor without the surge it was made in.
  // `signals`: what it counted, as a request stores them.
  function rescore(
    request: WaitingRequest,
    wide?: WideCounts,
  ): { score: number; reasons: string[]; signals: number[] } {
    const original = request.riskReasons ?? [];
    const own = wide && ownSignals(request.riskSignals);
    const counted =
      own && wide
        ? { ...own, ...wide, wideName: wideName(request.ipWide ?? "") }
        : counter.countedAgain(request, clock());
    const fresh = scoreRisk({ ...counted, newDevice: original.includes(FIRST_VISIT), userAgent: request.userAgent });
    const scored = original.includes(SURGE_REASON) ? surgeRisk(fresh) : fresh;
    const before = networkPart(request);
    return {
      ...withAddressPoints(
        scored.score >= before.score ? scored : before,
        request.addressPoints,
        request.addressReasons ?? [],
      ),
      signals: storedSignals(counted),
    };
  }

  // What the requests waiting in a wide network share, read once for all of them: a function that
  // gives one's velocity counts as the signal counts count them (of the requests from other networks
  // of the wide network in the day before it and after it, the newest WIDE_REQUESTS_COUNTED, and of those
  // the ones in the hour) and whether another network of it was paid in 24 h; undefined for one the
  // wide network's newest WIDE_NEWEST_READ requests do not reach back far enough for (it is counted
  // on its own).
  function wideCountsOf(
    wide: string,
    waiting: WaitingRequest[],
    now: number,
  ): (request: WaitingRequest) => WideCounts | undefined {
    const newest = repo.wideNewest(wide, Math.min(...waiting.map((w) => w.createdAt)) - DAY_MS);
    // (the read's oldest: the ones before it that it left out are no newer)
    const cut = newest.length === WIDE_NEWEST_READ ? newest[newest.length - 1]!.created_at : Number.NEGATIVE_INFINITY;
    const paid = repo.paidNetworksOfWide(wide, now - DAY_MS);
    return (request) => {
      const network = request.ipNetwork;
      const [hourFrom, dayFrom] = [request.createdAt - HOUR_MS, request.createdAt - DAY_MS];
      let [hour, day] = [0, 0];
      for (const other of newest) {
        if (other.created_at <= dayFrom || day === WIDE_REQUESTS_COUNTED) break;
        if (other.ip_network === null || other.ip_network === network) continue;
        day++;
        if (other.created_at > hourFrom) hour++;
      }
      if (day < WIDE_REQUESTS_COUNTED && cut > dayFrom) return undefined;
      return {
        requestsFromWideLastHour: hour,
        requestsFromWideToday: day,
        paidToWideToday: paid.some((n) => n !== null && n !== network) ? 1 : 0,
      };
    };
  }
}
export type Rescoring = ReturnType<typeof createRescoring>;
