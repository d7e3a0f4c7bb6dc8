// What the ledger says of a request's address, under its risk: when and by which account it was
// activated, its balance and the transactions it sent; its cluster (today's requests sharing its
// activating account) or its sink, each with "Block this cluster" after a confirmation.
import type { QueryKey } from "@tanstack/react-query";
import { useState } from "react";
import { buttonClass } from "../../../components/ui/button";
import { Frame } from "../../../components/admin/dialogs";
import { shortAddress } from "../../../components/admin/ui";
import type { AddressEvidence } from "../../../../../src/modules/address-signals/model";
import { type ClusterKind, useBlockCluster } from "../api";

const day = (iso: string) => iso.slice(0, 10);

// "4 of 12 share an activating account; 2 of 12 are in a sink's cluster" (null when none are)
export function clusterSummary(ledgers: readonly (AddressEvidence | null)[]): string | null {
  const n = ledgers.length;
  const shared = ledgers.filter((l) => l?.cluster).length;
  const sunk = ledgers.filter((l) => l?.sink).length;
  const parts = [
    shared > 0 && `${shared} of ${n} share an activating account`,
    sunk > 0 && `${sunk} of ${n} are in a sink's cluster`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join("; ") : null;
}

export function LedgerEvidence({
  ledger,
  requestId,
  refresh,
}: {
  ledger: AddressEvidence | null;
  requestId: number;
  refresh: QueryKey[];
}) {
  const block = useBlockCluster(refresh);
  const [asking, setAsking] = useState<{ kind: ClusterKind; account: string; what: string } | null>(null);
  if (!ledger) return <span className="block text-xs text-slate-500">Ledger: not read yet</span>;
  if (!ledger.found)
    return <span className="block text-xs text-slate-500">Ledger: a new account (not activated yet)</span>;
  const activated = ledger.activatedBy
    ? `activated ${ledger.activatedAt ? day(ledger.activatedAt) : ""} by ${shortAddress(ledger.activatedBy)}`
    : "activation not in the server's history";
  const blockButton = (kind: ClusterKind, account: string, what: string) => (
    <button
      type="button"
      className={buttonClass({ size: "sm", variant: "outline" })}
      onClick={() => setAsking({ kind, account, what })}
      disabled={block.isPending}
      aria-label={`Block this cluster (request ${requestId})`}
    >
      Block this cluster
    </button>
  );
  return (
    <span className="mt-1 block text-xs text-slate-600">
      <span className="block" title={ledger.activatedBy ?? undefined}>
        Ledger: {activated}; {ledger.balance} XRP; {ledger.txCount ?? "?"} sent
      </span>
      {ledger.sink && (
        <span className="mt-1 block rounded bg-red-50 p-1 font-medium text-red-800">
          Sink {shortAddress(ledger.sink.account)}: {ledger.sink.feeders} paid addresses sent their XRP there
          {ledger.sink.feeds ? " (this one too)" : " (its cluster activated this one)"}{" "}
          {blockButton(
            "sink",
            ledger.sink.account,
            `the sink ${ledger.sink.account}, its feeders and the addresses they activated`,
          )}
        </span>
      )}
      {!ledger.sink && ledger.cluster && (
        <span className="mt-1 block rounded bg-amber-50 p-1 font-medium text-amber-900">
          Cluster: {ledger.cluster.addresses}
          {ledger.cluster.orMore ? " or more" : ""} requests today share activator{" "}
          {shortAddress(ledger.cluster.activator)}{" "}
          {blockButton(
            "activator",
            ledger.cluster.activator,
            `the activating account ${ledger.cluster.activator} and the addresses of today's requests it activated`,
          )}
        </span>
      )}
      <Frame
        open={asking !== null}
        onClose={() => setAsking(null)}
        title="Block this cluster?"
        description={<p>This puts {asking?.what} on the block list: their requests can no longer be approved.</p>}
      >
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => setAsking(null)}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass({ variant: "danger" })}
            onClick={() => {
              if (asking) block.mutate({ kind: asking.kind, account: asking.account });
              setAsking(null);
            }}
          >
            Block them
          </button>
        </div>
      </Frame>
    </span>
  );
}
