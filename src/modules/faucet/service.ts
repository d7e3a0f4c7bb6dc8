// The faucet: a visitor's request for XRP taken along its path (request-path.ts), the day's budgets
// (budget-pools.ts) that the payouts, rewards and social bonus hold and release too, the waiting
// requests scored again (rescoring.ts), the status badge (status-badge.ts), what a visitor may look
// up (lookup.ts) and a visitor's withdrawal of their own waiting request (visitor-withdraw.ts). This
// file only puts them together. (The admin's list, which needs the address signals that need this
// service, is admin-list.ts, built beside it.)
import type { Db } from "../../db/client.ts";
import type { GroupCommit } from "../../db/group-commit.ts";
import type { SettingsService } from "../settings/service.ts";
import { sayIn } from "../i18n/messages.ts";
import { DEFAULT_LANGUAGE, type PageLanguage } from "../../shared/languages.ts";
import { createBudgetPools } from "./budget-pools.ts";
import { createLookup } from "./lookup.ts";
import { createRefusalMemory } from "./refusal-memory.ts";
import { createFaucetRepository } from "./repository.ts";
import { createRequestPath } from "./request-path.ts";
import type { RequestStatus } from "./request-status.ts";
import { type LiveChanged, NOTHING_WATCHES } from "../live/model.ts";
import { createRescoring } from "./rescoring.ts";
import { createSignalCounter } from "./signal-counts.ts";
import { createSignalsRepository } from "./signals-repository.ts";
import { createStatusBadge, type FaucetStatus } from "./status-badge.ts";
import { createSurgeWatch, SURGE_WINDOW_MS, type SurgeState } from "./surge.ts";
import { createTotalsRepository } from "./totals-repository.ts";
import { createVisitorWithdraw } from "./visitor-withdraw.ts";

export type { Asker, FaucetRequestInput } from "./request-path.ts";
export type { FaucetStatus } from "./status-badge.ts";

export interface FaucetDeps {
  db: Db;
  clock: () => number;
  settings: SettingsService;
  groupCommit: GroupCommit;
  random?: () => number;
  // a request's state after it is made (request-status.ts), built once by the composition
  requests: RequestStatus;
  // told when a request is made or scored again, for the admins watching (modules/live)
  changed?: LiveChanged;
}

export function createFaucetService({
  db,
  clock,
  settings,
  groupCommit,
  random = Math.random,
  requests,
  changed = NOTHING_WATCHES,
}: FaucetDeps) {
  const repo = createFaucetRepository(db);
  const totals = createTotalsRepository(db);
  const signals = createSignalsRepository(db);
  const memory = createRefusalMemory({
    lastRequestOf: (address, since) => repo.lastForAddress(address, since)?.createdAt,
  });
  const pools = createBudgetPools({ repo: totals, requests, clock, settings });
  const surge = createSurgeWatch({
    requestsInHour: (hour) => totals.hourTotal(hour).requests,
    requestsSince: totals.requestsSince,
  });
  const counter = createSignalCounter(signals);
  const rescoring = createRescoring({
    db,
    clock,
    repo: { byId: repo.byId, ...signals },
    counter,
    memory,
    pools,
    changed,
  });
  const path = createRequestPath({
    db,
    clock,
    settings,
    groupCommit,
    random,
    repo,
    memory,
    pools,
    surge,
    counter,
    rescoring,
    changed,
  });
  const status = createStatusBadge({ clock, settings, pools, surge });
  const lookup = createLookup({ clock, settings, repo, memory });
  const withdraw = createVisitorWithdraw({ db, clock, repo, requests, pools });

  const service = {
    // A visitor's request, in two steps so the route reads who asks only when it must: what needs no
    // read is refused at once (the faucet off, an address or a network the server saw), then every
    // limit of decisions.md is checked and the request written atomically in the group commit.
    askWithoutRead: path.askWithoutRead,
    request: path.request,
    // A bonus paid as a faucet request (reason set), inside the caller's transaction when there is one.
    requestBonus: path.requestBonus,

    // The day's budgets: held by an admin's approval, released by a rejection, the social bonus's
    // check, hold and release, the admin's view of today and the auto-approve cap released so far.
    holdBudget: pools.holdBudget,
    releaseBudget: pools.releaseBudget,
    checkBonus: pools.checkBonus,
    holdBonus: pools.holdBonus,
    releaseBonus: pools.releaseBonus,
    budgetToday: pools.budgetToday,
    autoApproveCapNow: pools.autoApproveCapNow,

    // The request's risk counted again now, for the auto-approve rule at the end of its hold; the
    // ledger's evidence on its address in a waiting request's score (modules/address-signals).
    currentRisk: rescoring.currentRisk,
    applyAddressRisk: rescoring.applyAddressRisk,

    // Whether the last minutes brought a surge, with its figures and (only during one) the wide
    // networks that sent most: for the auto-approve rule, the admin's alert and the metrics.
    surge(): SurgeState & { busiest: { network: string; requests: number }[] } {
      const now = clock();
      const state = surge.state(now);
      return { ...state, busiest: state.active ? totals.busiestWideSince(now - SURGE_WINDOW_MS) : [] };
    },

    // What the public badge shows (kept for a second), in a language.
    status,
    // How long until this visitor may claim again, and which limit holds them longest.
    nextClaim: lookup.nextClaim,
    nextClaimSeconds: (deviceId: string | null, address: unknown): number =>
      lookup.nextClaim(deviceId, address).seconds,
    // The badge asked about one visitor: their device's and network's wait (`deviceId`, `network`:
    // null to leave them out) and an address's, with the limit that holds it in the refusal's words.
    // (its words in `language`)
    statusFor(
      deviceId: string | null,
      address: unknown,
      network: string | null = null,
      language: PageLanguage = DEFAULT_LANGUAGE,
    ): FaucetStatus {
      const next = lookup.nextClaim(deviceId, address, network);
      const reason = next.reason && sayIn(language, next.reason);
      return {
        ...status(language),
        nextClaimSeconds: next.seconds,
        nextClaimLimit: next.limit,
        nextClaimReason: reason,
      };
    },
    // The latest requests of a device or of a wallet address (anyone may look them up).
    latest: lookup.latest,
    // A waiting request withdrawn by the visitor who made it (visitor-withdraw.ts).
    withdraw,
  };
  return service;
}
export type FaucetService = ReturnType<typeof createFaucetService>;
