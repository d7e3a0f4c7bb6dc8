// /admin/wallet: the hot wallet (its card, as on the overview) and the transactions its history on
// the ledger shows that no payout of this database accounts for: sent outside the faucet (by hand,
// by another program), or paid by this faucet for a payout this database does not have (a request
// made after the backup it was restored from). They are listed to be seen, never to be paid.
import { Badge, type Column, columnsFor, DataTable, Empty, Loading, Panel, shortAddress, when } from "../../../components/admin/ui";
import { TxHash } from "../../../components/ui/TxHash";
import { useLedgerPayments } from "../api";
import { WalletCard } from "../components/WalletCard";

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
          <Badge tone={p.origin === "outside" ? "red" : "yellow"}>{p.origin === "outside" ? "Sent outside the faucet" : "Not in this database"}</Badge>
          <span className="block text-xs text-slate-600">{p.description}</span>
        </span>
      ),
    }),
    c.display({ id: "type", header: "Type", cell: ({ row: { original: p } }) => (p.result === "tesSUCCESS" ? p.type : `${p.type} (${p.result})`) }),
    c.display({ id: "to", header: "To", cell: ({ row: { original: p } }) => (p.destination ? <span className="font-mono" title={p.destination}>{shortAddress(p.destination)}</span> : "") }),
    c.display({ id: "amount", header: "Amount", cell: ({ row: { original: p } }) => (p.amount === null ? "" : `${p.amount} XRP`) }),
    c.display({ id: "hash", header: "Hash", cell: ({ row: { original: p } }) => <TxHash hash={p.hash} /> }),
    c.display({ id: "ledger", header: "Ledger", cell: ({ row: { original: p } }) => `${p.ledgerIndex} (Sequence ${p.sequence})` }),
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
        <DataTable label="Transactions on the ledger not paid by this database" columns={columns} data={listed.data.payments} rowKey={(p) => p.hash} />
      )}
      <p className="mt-4 text-sm text-slate-600">
        Before it signs anything, the faucet reads the hot wallet's history on the ledger. A payment it made that this database had not recorded (a restored
        backup) is marked paid, "found on the ledger", and never sent again; the others are listed here. Their Sequence numbers are never reused.
      </p>
    </Panel>
  );
}

export function WalletScreen() {
  return (
    <div className="space-y-6">
      <WalletCard />
      <LedgerPayments />
    </div>
  );
}
