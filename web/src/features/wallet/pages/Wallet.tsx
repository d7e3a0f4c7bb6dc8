// /admin/wallet: the hot wallet (its card, as on the overview); while payouts are paused, the
// payouts held meanwhile (approved or paid, never signed), each of which can be withdrawn; and the
// transactions its history on the ledger shows that no payout of this database accounts for: sent
// outside the faucet (by hand, by another program), or paid by this faucet for a payout this
// database does not have (a request made after the backup it was restored from). They are listed to
// be seen, never to be paid.
import { useState } from "react";
import { Link } from "react-router";
import { Frame } from "../../../components/admin/dialogs";
import {
  Badge,
  type Column,
  columnsFor,
  DataTable,
  Empty,
  Loading,
  Panel,
  shortAddress,
  when,
} from "../../../components/admin/ui";
import { readableXrp } from "../../../components/admin/words";
import { buttonClass } from "../../../components/ui/button";
import { TxHash } from "../../../components/ui/TxHash";
import { useLedgerPayments, useWallet, useWithdrawPayout } from "../api";
import { WalletCard } from "../components/WalletCard";
import { type HeldPayout, heldLabel, heldLink, withdrawEffect } from "../held";

// The payouts held while payouts are paused: what "Resume payouts" sends, each with Withdraw (after
// a confirmation: nothing is sent, the request goes back to a person, or the user's amount stays owed).
function HeldPayouts() {
  const wallet = useWallet();
  const withdraw = useWithdrawPayout();
  const [asking, setAsking] = useState<HeldPayout | null>(null);
  const w = wallet.data;
  if (!w?.configured || !w.paused) return null;
  const c = columnsFor<HeldPayout>();
  const columns: Column<HeldPayout>[] = [
    c.display({
      id: "for",
      header: "For",
      cell: ({ row: { original: h } }) => (
        <Link to={heldLink(h)} className="font-medium text-brand-700 underline">
          {heldLabel(h)}
        </Link>
      ),
    }),
    c.display({
      id: "to",
      header: "To",
      cell: ({ row: { original: h } }) => (
        <span className="font-mono" title={h.destination}>
          {shortAddress(h.destination)}
          {h.destinationTag !== null && <span className="text-slate-500"> tag {h.destinationTag}</span>}
        </span>
      ),
    }),
    c.display({ id: "amount", header: "Amount", cell: ({ row: { original: h } }) => `${h.amount} XRP` }),
    c.display({ id: "since", header: "Held since", cell: ({ row: { original: h } }) => when(h.createdAt) }),
    c.display({
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: h } }) => (
        <button
          type="button"
          className={buttonClass({ size: "sm", variant: "outline" })}
          onClick={() => setAsking(h)}
          disabled={withdraw.isPending}
          aria-label={`Withdraw payout ${h.payoutId} (${heldLabel(h)})`}
        >
          Withdraw
        </button>
      ),
    }),
  ];
  return (
    <Panel title={`Held while payouts are paused (${w.heldCount})`} id="held-payouts-title">
      {w.held.length === 0 ? (
        <Empty>
          Nothing is held. Approvals and payments made while payouts are paused wait here, unsigned, until they resume.
        </Empty>
      ) : (
        <DataTable
          label="Payouts held while payouts are paused"
          columns={columns}
          data={w.held}
          rowKey={(h) => h.payoutId}
        />
      )}
      {w.heldCount > w.held.length && (
        <p className="mt-2 text-sm text-slate-600">
          The oldest {w.held.length} of {w.heldCount} are listed ({readableXrp(w.heldTotal)} in all).
        </p>
      )}
      <p className="mt-4 text-sm text-slate-600">
        None of these has been signed or sent. "Resume payouts" sends them all; Withdraw takes one back instead: a
        faucet request goes back to the requests list for a person to decide again, and a user's payment is cancelled
        with the amount still owed to them.
      </p>
      <Frame
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? `Withdraw payout #${asking.payoutId} (${heldLabel(asking)})?` : ""}
        description={asking && <p>{withdrawEffect(asking)}</p>}
      >
        {asking && (
          <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
            <span className="font-mono break-all">
              {asking.destination}
              {asking.destinationTag !== null && <span className="text-slate-600"> (tag {asking.destinationTag})</span>}
            </span>{" "}
            <span className="font-semibold">{asking.amount} XRP</span>
          </p>
        )}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => setAsking(null)}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass({ className: "bg-red-700 hover:bg-red-800" })}
            disabled={withdraw.isPending}
            onClick={() => asking && withdraw.mutate(asking, { onSettled: () => setAsking(null) })}
          >
            Withdraw payout
          </button>
        </div>
      </Frame>
    </Panel>
  );
}

type LedgerPayment = NonNullable<ReturnType<typeof useLedgerPayments>["data"]>["payments"][number];

function LedgerPayments() {
  const listed = useLedgerPayments();
  const c = columnsFor<LedgerPayment>();
  const columns: Column<LedgerPayment>[] = [
    c.display({
      id: "what",
      header: "What",
      cell: ({ row: { original: p } }) => (
        <span className="block space-y-1">
          <Badge tone={p.origin === "outside" ? "red" : "yellow"}>
            {p.origin === "outside" ? "Sent outside the faucet" : "Not in this database"}
          </Badge>
          <span className="block text-xs text-slate-600">{p.description}</span>
        </span>
      ),
    }),
    c.display({
      id: "type",
      header: "Type",
      cell: ({ row: { original: p } }) => (p.result === "tesSUCCESS" ? p.type : `${p.type} (${p.result})`),
    }),
    c.display({
      id: "to",
      header: "To",
      cell: ({ row: { original: p } }) =>
        p.destination ? (
          <span className="font-mono" title={p.destination}>
            {shortAddress(p.destination)}
          </span>
        ) : (
          ""
        ),
    }),
    c.display({
      id: "amount",
      header: "Amount",
      cell: ({ row: { original: p } }) => (p.amount === null ? "" : `${p.amount} XRP`),
    }),
    c.display({ id: "hash", header: "Hash", cell: ({ row: { original: p } }) => <TxHash hash={p.hash} /> }),
    c.display({
      id: "ledger",
      header: "Ledger",
      cell: ({ row: { original: p } }) => `${p.ledgerIndex} (Sequence ${p.sequence})`,
    }),
    c.display({ id: "found", header: "Found", cell: ({ row: { original: p } }) => when(p.foundAt) }),
  ];
  return (
    <Panel title="On the ledger, not paid by this database" id="ledger-payments-title">
      {listed.isPending ? (
        <Loading />
      ) : listed.isError ? (
        <p className="text-red-700">{listed.error.message}</p>
      ) : listed.data.payments.length === 0 ? (
        <Empty>Every transaction of the hot wallet on the ledger is a payout of this faucet.</Empty>
      ) : (
        <DataTable
          label="Transactions on the ledger not paid by this database"
          columns={columns}
          data={listed.data.payments}
          rowKey={(p) => p.hash}
        />
      )}
      <p className="mt-4 text-sm text-slate-600">
        Before it signs anything, the faucet reads the hot wallet's history on the ledger. A payment it made that this
        database had not recorded (a restored backup) is marked paid, "found on the ledger", and never sent again; the
        others are listed here. Their Sequence numbers are never reused.
      </p>
    </Panel>
  );
}

export function WalletScreen() {
  return (
    <div className="space-y-6">
      <WalletCard />
      <HeldPayouts />
      <LedgerPayments />
    </div>
  );
}
