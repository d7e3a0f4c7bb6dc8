// What the ledger says about a requested address, as the admin reviews it: the scoring constants and
// the reasons in the product's words, the evidence a request row carries, the "block this cluster"
// body and errors.
import { jsonBody, text } from "../../http/body.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { DAY_MS, iso } from "../../lib/time.ts";
import { formatXrp } from "../../shared/money.ts";
import { plural } from "../../shared/words.ts";

// Addresses of today's requests (UTC day) activated by one account, this one included, from which
// they are a cluster; each other address adds CLUSTER_POINTS, up to CLUSTER_MAX_POINTS. (Modest: an
// exchange activates many honest visitors' accounts; the admin sees the activator and decides.)
export const CLUSTER_FROM = 2;
export const CLUSTER_POINTS = 10;
export const CLUSTER_MAX_POINTS = 40;
// Other addresses of a cluster are counted up to this many ("10 or more"): past it, a new member
// changes nothing the others show, so only the new one is scored (a big cluster costs no more).
export const CLUSTER_COUNT_CAP = 10;
// A destination that at least SINK_FROM addresses this faucet paid sent XRP on to is a sink; its
// feeders, and the addresses the sink or a feeder activated (still waiting ones too), score SINK_POINTS.
export const SINK_FROM = 3;
export const SINK_POINTS = 60;
// An address activated at least HISTORY_DAYS before its request that has sent at least HISTORY_TXS
// transactions, in no cluster and no sink's, scores HISTORY_POINTS (a long history of its own).
export const HISTORY_DAYS = 90;
export const HISTORY_TXS = 10;
export const HISTORY_POINTS = -15;

// The worker (service.ts): new requests' addresses are read every SIGNALS_EVERY_MS, at most
// SIGNALS_BATCH a pass, READS_AT_ONCE at a time; a signal younger than SIGNAL_FRESH_MS is not read
// again. Addresses this faucet paid in the last SINK_DAYS have their payments out read again every
// FLOWS_EVERY_MS, at most FLOWS_BATCH a pass (the newest FLOWS_PAGE transactions of each).
export const SIGNALS_EVERY_MS = 5_000;
export const SIGNALS_BATCH = 50;
export const READS_AT_ONCE = 4;
export const SIGNAL_FRESH_MS = 6 * 60 * 60 * 1000;
export const FLOWS_EVERY_MS = 60 * 60 * 1000;
export const FLOWS_PASS_EVERY_MS = 60_000;
export const FLOWS_BATCH = 100;
export const FLOWS_PAGE = 20;
export const SINK_DAYS = 3;

export const shortAccount = (account: string) => `${account.slice(0, 6)}…${account.slice(-4)}`;

// What one address's signals add to its request's score, with the reasons the admin reads.
export interface AddressFacts {
  found: boolean;
  activatedAt: number | null;
  txCount: number | null;
  activatedBy: string | null;
  // other addresses of today's requests activated by the same account
  clusterOthers: number;
  // the sink its XRP goes to (or whose cluster activated it), with its paid feeders
  sink: { account: string; feeders: number; feeds: boolean } | null;
}

export function scoreAddress(f: AddressFacts, requestedAt: number): { points: number; reasons: string[] } {
  let points = 0;
  const reasons: string[] = [];
  if (f.sink) {
    points += SINK_POINTS;
    const where = `${shortAccount(f.sink.account)}, where ${plural(f.sink.feeders, "address")} this faucet paid sent their XRP`;
    reasons.push(f.sink.feeds ? `sends its XRP on to ${where}` : `activated by a sink's cluster: ${where}`);
  }
  if (f.clusterOthers + 1 >= CLUSTER_FROM) {
    points += Math.min(CLUSTER_MAX_POINTS, CLUSTER_POINTS * f.clusterOthers);
    const others =
      f.clusterOthers >= CLUSTER_COUNT_CAP
        ? `${CLUSTER_COUNT_CAP} or more other requests`
        : plural(f.clusterOthers, "other request");
    reasons.push(`shares an activating account with ${others} today`);
  }
  const independent = !f.sink && f.clusterOthers === 0;
  if (
    independent &&
    f.found &&
    f.activatedAt !== null &&
    requestedAt - f.activatedAt >= HISTORY_DAYS * DAY_MS &&
    (f.txCount ?? 0) >= HISTORY_TXS
  ) {
    points += HISTORY_POINTS;
    reasons.push(
      `a long history of its own: activated ${iso(f.activatedAt)!.slice(0, 10)}, ${plural(f.txCount ?? 0, "transaction")} sent`,
    );
  }
  return { points, reasons };
}

// What a request row, the bulk-approval summary and the user file show of its address.
export interface AddressEvidence {
  found: boolean;
  activatedAt: string | null;
  activatedBy: string | null;
  balance: string | null;
  txCount: number | null;
  checkedAt: string;
  // today's requests whose addresses share its activating account, this one included, counted up to
  // CLUSTER_COUNT_CAP + 1 (null: none share it)
  cluster: { activator: string; addresses: number; orMore: boolean } | null;
  sink: { account: string; feeders: number; feeds: boolean } | null;
}

export interface SignalRow {
  address: string;
  found: boolean;
  activatedAt: number | null;
  activatedBy: string | null;
  balanceDrops: number | null;
  txCount: number | null;
  sink: string | null;
  checkedAt: number;
}

export function addressEvidence(
  s: SignalRow,
  clusterAddresses: number,
  sink: { feeders: number } | null,
  feeds: boolean,
): AddressEvidence {
  return {
    found: s.found,
    activatedAt: iso(s.activatedAt),
    activatedBy: s.activatedBy,
    balance: s.balanceDrops === null ? null : formatXrp(s.balanceDrops),
    txCount: s.txCount,
    checkedAt: iso(s.checkedAt)!,
    cluster:
      s.activatedBy !== null && clusterAddresses >= CLUSTER_FROM
        ? {
            activator: s.activatedBy,
            addresses: Math.min(clusterAddresses, CLUSTER_COUNT_CAP + 1),
            orMore: clusterAddresses > CLUSTER_COUNT_CAP,
          }
        : null,
    sink: s.sink !== null && sink ? { account: s.sink, feeders: sink.feeders, feeds } : null,
  };
}

// "Block this cluster": the activating account (and today's requests' addresses it activated) or
// the sink (and its feeders and the addresses they or it activated).
export const CLUSTER_KINDS = ["activator", "sink"] as const;
export type ClusterKind = (typeof CLUSTER_KINDS)[number];
export const MESSAGES = {
  kind: `kind must be one of ${CLUSTER_KINDS.join(", ")}`,
  account: "account must be an XRP Ledger classic address (r...)",
  notACluster: "No cluster has this account: nothing was blocked",
  note: "note must be text of at most 500 characters",
} as const;
export const blockClusterBody = jsonBody({
  kind: text(20, MESSAGES.kind),
  account: text(60, MESSAGES.account),
  note: text(500, MESSAGES.note),
});
export type BlockClusterInput = NonNullable<typeof blockClusterBody.static>;

export const clusterErrors = {
  invalid: (message: string) => badRequest(message),
  notACluster: () => notFound(MESSAGES.notACluster, "NOT_A_CLUSTER"),
};
