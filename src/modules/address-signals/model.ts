// What the ledger says about a requested address, as the admin reviews it: the evidence a request
// row carries, the worker's pace, the "block this cluster" body and errors. The points and reasons
// it adds to a request's score are modules/risk/address-points.ts.
import { jsonBody, text } from "../../http/body.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { iso } from "../../lib/time.ts";
import { formatXrp } from "../../shared/money.ts";
import { CLUSTER_COUNT_CAP, CLUSTER_FROM } from "../risk/address-points.ts";

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
