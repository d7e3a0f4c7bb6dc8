// The path of a faucet request, in the order it is taken:
//   1. limits: what needs no read is refused at once, before who asks is read (askWithoutRead);
//      the others (the address's 24 h, the network's and the device's other addresses) are read in
//      the transaction that writes, so two requests at once cannot both pass them (checkLimits);
//   2. signals: what its network, wide network, device and address did lately (signal-counts.ts);
//   3. score: the signals' points and reasons, at least medium during a surge (modules/risk);
//   4. decision: a low score holds budget from this hour's slice, a flagged request or a bonus waits
//      for a person holding none (budget-pools.ts);
//   5. write: the row, the day's totals, the waiting requests it raises (rescoring.ts), the
//      claimer's points.
import type { Db } from "../../db/client.ts";
import type { GroupCommit } from "../../db/group-commit.ts";
import type { FaucetRequest } from "../../db/schema.ts";
import { inTransaction } from "../../db/transaction.ts";
import { HttpError } from "../../lib/errors.ts";
import { type IpGrouping, ipNetworks } from "../../lib/ip-group.ts";
import type { LedgerAddress } from "../../lib/ledger-address.ts";
import { DAY_MS, utcDay } from "../../lib/time.ts";
// points (the API's `drops`) for a claim while logged in: a base plus a streak bonus
import { MAX_STREAK_POINTS, POINTS_PER_CLAIM, POINTS_PER_STREAK_DAY } from "../../shared/points.ts";
import type { FaucetSettings } from "../settings/service.ts";
import { type BudgetPools, bonusDrops, poolOf } from "./budget-pools.ts";
import { faucetErrors, requestedAddress } from "./model.ts";
import type { RefusalMemory } from "./refusal-memory.ts";
import type { AddressAt, FaucetRepository } from "./repository.ts";
import type { Rescoring } from "./rescoring.ts";
import { HOLDS_NO_BUDGET, scoreRisk, TOP_SCORE } from "../risk/score.ts";
import { type RiskSignals, storedSignals } from "../risk/signals.ts";
import { SURGE_SKIP, surgeRisk } from "../risk/surge.ts";
import type { SignalCounter } from "./signal-counts.ts";
import type { SurgeWatch } from "./surge.ts";
import type { LiveChanged } from "../live/model.ts";

// Who asks, besides the client's IP: read from the visitor once the limits that need no read passed
// (its device cookie and session cost a tenth of a refused request's time under a flood).
export interface Asker {
  deviceId: string;
  newDevice: boolean;
  userAgent: string | null;
  userId: number | null;
}
export interface FaucetRequestInput extends Asker {
  address: unknown;
  ip: string;
  reason?: string | null;
}
// A visitor's request past the limits that need no read: its address as parsed, and its IP.
export interface AskedRequest {
  parsed: LedgerAddress;
  ip: string;
}
type Kind = "faucet" | "bonus";

// What a request's limits read of its network, when the network's limit refused it.
interface NetworkRead {
  overLimit?: { network: string; requests: AddressAt[] };
}

export interface RequestPathDeps {
  db: Db;
  clock: () => number;
  settings: { get: () => FaucetSettings };
  groupCommit: GroupCommit;
  random: () => number;
  repo: Pick<FaucetRepository, "limitsSince" | "insert" | "updateClaimer">;
  memory: RefusalMemory;
  pools: BudgetPools;
  surge: SurgeWatch;
  counter: SignalCounter;
  rescoring: Rescoring;
  // told of each request written, for the admins watching (modules/live)
  changed: LiveChanged;
}

export function createRequestPath(deps: RequestPathDeps) {
  const { db, clock, settings, groupCommit, random, repo, memory, pools, surge, counter, rescoring, changed } = deps;
  return {
    // What needs no read, refused at once: the faucet off, an address the server saw ask, a network
    // it saw over its limit. The route reads who asks only past it.
    askWithoutRead(address: unknown, ip: string): AskedRequest {
      const parsed = requestedAddress(address);
      const s = settings.get();
      const now = clock();
      checkLimitsWithoutRead(parsed, "faucet", s, now);
      // (with no network seen over its limit, nothing to look up)
      if (memory.anyOverLimit()) {
        const network = ipNetworks(ip, s.ipGrouping as IpGrouping).network;
        const held = memory.knownOverLimit(network, parsed.address, s.perIpDaily, now);
        if (held) throw held;
      }
      return { parsed, ip };
    },

    // A visitor's request: the other limits are read in the group commit's transaction (write checks
    // them all again there), which takes SQLite's read lock once for the turn's requests together
    // (each request in its own savepoint). Settles once committed.
    request({ parsed, ip }: AskedRequest, asker: Asker): Promise<FaucetRequest> {
      const read: NetworkRead = {};
      const input = { ip, reason: null, ...asker };
      return groupCommit(() => write(parsed, input, "faucet", read)).then(
        (row) => {
          memory.noteAsked(row.address, row.createdAt);
          changed("requests");
          return row;
        },
        (error) => {
          // (a refusal is thrown before anything is written, and settles so once its turn committed;
          // anything else may roll back a raise)
          if (!(error instanceof HttpError)) memory.forgetAllTopped();
          else if (read.overLimit && error.errorCode === "NETWORK_LIMIT")
            memory.noteOverLimit(read.overLimit.network, read.overLimit.requests);
          throw error;
        },
      );
    },

    // A bonus paid as a faucet request (reason set): the per-IP and per-device limits and the budget
    // apply. Runs inside the caller's transaction when there is one.
    requestBonus(input: FaucetRequestInput & { reason: string }): FaucetRequest {
      const parsed = requestedAddress(input.address);
      const row = inTransaction(db, () => write(parsed, input, "bonus"));
      changed("requests");
      return row;
    },
  };

  // A request written after every limit, synchronously inside the caller's transaction (the group
  // commit's savepoint, or immediate).
  function write(parsed: LedgerAddress, input: Omit<FaucetRequestInput, "address">, kind: Kind, read?: NetworkRead) {
    const now = clock();
    const s = settings.get();
    const limits = checkLimits(parsed, input, kind, s, now, read);
    // past the limits, it is one of the crowd; during a surge a faucet request waits for a person
    surge.count(now);
    const surging = kind === "faucet" && surge.state(now).active;
    const signals = counter.counted(limits.nets, parsed.address, input.deviceId, now, {
      fromNetwork: limits.fromNetwork.n,
      fromDevice: limits.fromDevice.n,
      networkRows: limits.fromNetwork.rows,
    });
    const risk = score(signals, input, surging);
    const decided = decide(kind, input.reason ?? null, risk.score, s, now);
    return writeRequest(parsed, input, kind, { limits, signals, risk, surging, decided, now });
  }

  // 1. The limits that need no read: the faucet on, and (a faucet request) an address the server
  // saw ask in the last 24 h.
  function checkLimitsWithoutRead(parsed: LedgerAddress, kind: Kind, s: FaucetSettings, now: number) {
    if (!s.enabled) throw faucetErrors.offline();
    if (kind !== "faucet") return;
    const known = memory.knownAsked(parsed.address, now - DAY_MS);
    if (known !== undefined) throw memory.addressWaits(parsed.address, known, now);
  }

  // 1. Every limit that refuses: the faucet on, one faucet request per address per 24 h (the
  // reviewer bonus has its own once-per-address rule), and the per-IP and per-device limits (the
  // per-IP one at its network's width, /48 or /24). Reads only, before the signals that only score,
  // so a refusal costs about what the duplicate-address refusal costs.
  // (`read`: given, it gets the network's requests when the network's limit refuses)
  function checkLimits(
    parsed: LedgerAddress,
    input: { ip: string; deviceId: string },
    kind: Kind,
    s: FaucetSettings,
    now: number,
    read?: NetworkRead,
  ) {
    checkLimitsWithoutRead(parsed, kind, s, now);
    const nets = ipNetworks(input.ip, s.ipGrouping as IpGrouping);
    // (the address's own request is read for a bonus too, and not used: a bonus has its own rule)
    const { last, fromNetwork, fromDevice, networkRequests } = repo.limitsSince(
      parsed.address,
      nets.network,
      input.deviceId,
      now - DAY_MS,
    );
    if (kind === "faucet" && last !== undefined) {
      memory.noteAsked(parsed.address, last);
      throw memory.addressWaits(parsed.address, last, now);
    }
    if (fromNetwork.n >= s.perIpDaily) {
      if (read) read.overLimit = { network: nets.network, requests: networkRequests };
      throw memory.networkWaits(nets.network, s.perIpDaily, (fromNetwork.first ?? now) + DAY_MS, now);
    }
    if (fromDevice.n >= s.perDeviceDaily)
      throw memory.deviceWaits(input.deviceId, s.perDeviceDaily, (fromDevice.first ?? now) + DAY_MS, now);
    return { nets, fromNetwork, fromDevice };
  }

  // 3. The signals' score, at least medium with the surge's reason during a surge.
  function score(signals: RiskSignals, input: Asker, surging: boolean) {
    const scored = scoreRisk({ ...signals, newDevice: input.newDevice, userAgent: input.userAgent });
    return surging ? surgeRisk(scored) : scored;
  }

  // 4. Only what a rule could pay holds budget: a low-risk faucet request (auto-approve may pay it
  // at the end of its hold, and gives the budget back if it will not). A flagged request and a
  // bonus wait for a person holding none, so a flood of them cannot close the faucet; each takes its
  // amount when approved (holdBudget). So only a request that holds budget needs this hour's slice;
  // the others are stored (a person sees the burst whole) while the day's budget could cover them.
  function decide(kind: Kind, reason: string | null, riskScore: number, s: FaucetSettings, now: number) {
    const pool = poolOf(kind === "faucet" ? null : reason);
    const wanted = kind === "faucet" ? drawAmount(s.minAmountDrops, s.maxAmountDrops, random) : bonusDrops(s);
    const holdsBudget = kind === "faucet" && riskScore < HOLDS_NO_BUDGET;
    // the faucet pays less than it drew down to the minimum; a bonus pays its whole amount or waits
    const least = kind === "faucet" ? Math.min(wanted, s.minAmountDrops) : wanted;
    const amount = holdsBudget
      ? pools.take(pool, s, now, wanted, least)
      : Math.min(wanted, pools.dayLeftFor(pool, s, now, least));
    return { pool, holdsBudget, amount };
  }

  // 5. The row, the day's totals and this hour's, the waiting requests it raises, the claimer's points.
  function writeRequest(
    parsed: LedgerAddress,
    input: Omit<FaucetRequestInput, "address">,
    kind: Kind,
    { limits, signals, risk, surging, decided, now }: Written,
  ): FaucetRequest {
    const { nets, fromNetwork } = limits;
    const today = utcDay(now);
    const row = repo.insert({
      userId: input.userId,
      address: parsed.address,
      destinationTag: parsed.tag,
      amountDrops: decided.amount,
      reason: input.reason ?? null,
      riskScore: risk.score,
      riskReasons: risk.reasons,
      requesterIp: input.ip,
      ipGroup: nets.group,
      ipNetwork: nets.network,
      ipWide: nets.wide,
      deviceId: input.deviceId,
      userAgent: input.userAgent,
      budgetDay: decided.holdsBudget ? today : null,
      autoApproveSkip: surging ? SURGE_SKIP : null,
      riskSignals: storedSignals(signals),
      createdAt: now,
    });
    pools.move(decided.pool, today, decided.holdsBudget ? decided.amount : 0, 1, surging ? 0 : 1);
    if (decided.pool === "bonus") pools.move("faucet", today, 0, 1); // the day's request count
    if (risk.score < TOP_SCORE) memory.forgetTopped(nets.wide);
    // (nothing else from its network or wide network in 24 h: nothing waiting there to raise)
    if (fromNetwork.rows > 0 || signals.requestsFromWideToday > 0) {
      const topped = kind === "faucet" && risk.score >= TOP_SCORE && fromNetwork.rows === 0;
      const asker = { address: parsed.address, device: input.deviceId };
      rescoring.raiseWaiting(nets, asker, row.id, now, fromNetwork.rows === 0, topped);
    }
    if (input.userId !== null && kind === "faucet")
      repo.updateClaimer(input.userId, now, POINTS_PER_CLAIM, MAX_STREAK_POINTS, POINTS_PER_STREAK_DAY);
    return row;
  }
}

// What the steps before the write found.
interface Written {
  limits: {
    nets: ReturnType<typeof ipNetworks>;
    fromNetwork: { n: number; rows: number };
  };
  signals: RiskSignals;
  risk: { score: number; reasons: string[] };
  surging: boolean;
  decided: { pool: "faucet" | "bonus"; holdsBudget: boolean; amount: number };
  now: number;
}

// A uniformly random whole number of drops in [min, max].
export function drawAmount(min: number, max: number, random: () => number = Math.random): number {
  return min + Math.floor(random() * (max - min + 1));
}
