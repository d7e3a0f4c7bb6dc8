// /admin/wallet: the hot wallet (its card, as on the overview); while payouts are paused, the
// payouts held meanwhile (approved or paid, never signed), each of which can be withdrawn; and the
// transactions its history on the ledger shows that no payout of this database accounts for: sent
// outside the faucet (by hand, by another program), or paid by this faucet for a payout this
// database does not have (a request made after the backup it was restored from). They are listed to
// be seen, never to be paid. Then every outgoing payment, newest first, a page at a time, each with
// its transaction; and a way to pause payouts (after a dialog saying what it does).
import { Pause } from "lucide-react";
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
  Pager,
  Panel,
  shortAddress,
  useListParams,
  when,
} from "../../../components/admin/ui";
import { payoutKindWords, payoutTone, readableXrp, statusWords } from "../../../components/admin/words";
import { buttonClass } from "../../../components/ui/button";
import { TxHash } from "../../../components/ui/TxHash";
import { useLedgerPayments, usePausePayouts, useWallet, useWalletPayouts, useWithdrawPayout } from "../api";
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
            className={buttonClass({ variant: "danger" })}
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

// "Pause payouts" while they run: a dialog says what it stops and what it does not, then the engine pauses.
function PausePayouts() {
  const wallet = useWallet();
  const pause = usePausePayouts();
  const [asking, setAsking] = useState(false);
  const w = wallet.data;
  if (!w?.configured || w.paused) return null;
  return (
    <div className="flex justify-end">
      <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => setAsking(true)}>
        <Pause aria-hidden="true" className="h-4 w-4" />
        Pause payouts
      </button>
      <Frame
        open={asking}
        onClose={() => setAsking(false)}
        title="Pause payouts?"
        description={
          <p>
            Nothing more is signed or sent until an admin presses "Resume payouts". Approvals and payments made
            meanwhile wait, unsigned, on this page; a payment already sent still settles. The public faucet keeps taking
            requests.
          </p>
        }
      >
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => setAsking(false)}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass({ variant: "danger" })}
            disabled={pause.isPending}
            onClick={() => pause.mutate(undefined, { onSettled: () => setAsking(false) })}
          >
            Pause payouts
          </button>
        </div>
      </Frame>
    </div>
  );
}

type Outgoing = NonNullable<ReturnType<typeof useWalletPayouts>["data"]>["payouts"][number];

// Every payout of the wallet, newest first, 50 a page (the page in the URL, as the other lists keep theirs).
function OutgoingPayments() {
  const list = useListParams({}, "sent-");
  const page = Math.max(1, Number(list.get("page")) || 1);
  const listed = useWalletPayouts(page);
  const c = columnsFor<Outgoing>();
  const columns: Column<Outgoing>[] = [
    c.display({
      id: "for",
      header: "For",
      cell: ({ row: { original: p } }) =>
        p.requestId !== null ? (
          `${payoutKindWords(p.kind)} #${p.requestId}`
        ) : p.userId !== null ? (
          <Link to={`/admin/users/${p.userId}`} className="text-brand-700 underline">
            {payoutKindWords(p.kind)}, {p.username ?? `user #${p.userId}`}
          </Link>
        ) : (
          payoutKindWords(p.kind)
        ),
    }),
    c.display({
      id: "to",
      header: "To",
      cell: ({ row: { original: p } }) => (
        <span className="font-mono" title={p.destination}>
          {shortAddress(p.destination)}
          {p.destinationTag !== null && <span className="text-slate-500"> tag {p.destinationTag}</span>}
        </span>
      ),
    }),
    c.display({ id: "amount", header: "Amount", cell: ({ row: { original: p } }) => readableXrp(p.amount) }),
    c.display({
      id: "status",
      header: "Status",
      cell: ({ row: { original: p } }) => <Badge tone={payoutTone(p.status)}>{statusWords(p.status)}</Badge>,
    }),
    c.display({
      id: "hash",
      header: "Transaction",
      cell: ({ row: { original: p } }) => (p.txHash ? <TxHash hash={p.txHash} /> : "Not signed yet"),
    }),
    c.display({ id: "date", header: "Date", cell: ({ row: { original: p } }) => when(p.createdAt) }),
  ];
  return (
    <Panel title="Outgoing payments" id="outgoing-payments-title">
      {listed.isPending ? (
        <Loading />
      ) : listed.isError ? (
        <p className="text-red-700">{listed.error.message}</p>
      ) : listed.data.payouts.length === 0 ? (
        <Empty>No payment has been sent from the hot wallet yet.</Empty>
      ) : (
        <>
          <DataTable
            label="Outgoing payments, newest first"
            columns={columns}
            data={listed.data.payouts}
            rowKey={(p) => p.id}
          />
          <Pager
            list={list}
            total={listed.data.total}
            pageSize={listed.data.pageSize}
            label="Pages of outgoing payments"
          />
        </>
      )}
    </Panel>
  );
}

export function WalletScreen() {
  return (
    <div className="space-y-6">
      <WalletCard />
      <PausePayouts />
      <HeldPayouts />
      <OutgoingPayments />
      <LedgerPayments />
    </div>
  );
}
