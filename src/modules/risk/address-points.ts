// What the ledger says of a requested address, in points and reasons added to its request's score
// (score.ts keeps them apart from the network's part): a cluster of today's requests sharing an
// activating account, a sink's cluster, a long history of its own. The worker that reads the
// ledger and scores waiting requests again is modules/address-signals.
import { DAY_MS, iso } from "../../lib/time.ts";
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

// An account as a reason names it: its first six and last four characters.
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
    const feeders = plural(f.sink.feeders, "address");
    const where = `${shortAccount(f.sink.account)}, where ${feeders} this faucet paid sent their XRP`;
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
      `a long history of its own: activated ${iso(f.activatedAt)!.slice(0, 10)}, ` +
        `${plural(f.txCount ?? 0, "transaction")} sent`,
    );
  }
  return { points, reasons };
}
