// One request's file, opened from its row on /admin/requests: everything about it in one panel (its
// risk and what the ledger says of its address, who asked, its address's other requests and what
// was paid, its audit trail), with the row's actions. A sheet on the right; the whole screen on a
// phone. Radix Dialog: focus moves into it and back to the row's button, Escape closes it.
import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Link } from "react-router";
import { AddressCell } from "../../../components/admin/AddressCell";
import { Badge, DeviceId, Empty, Loading, RiskCell, when } from "../../../components/admin/ui";
import { statusWords } from "../../../components/admin/words";
import { buttonClass } from "../../../components/ui/button";
import { TxHash } from "../../../components/ui/TxHash";
import { rememberFocus } from "../../../lib/return-focus";
import { LedgerEvidence } from "../../address-signals";
import { blockLink } from "../../blocklist";
import { adminRequestsKey, type RequestFileData, useRequestFile } from "../admin-api";

type Listed = RequestFileData["request"];

// One detail an audit entry keeps (its reason, its amount), as text; null when it has none.
const detailOf = (details: unknown, key: string): string | null => {
  const value = details && typeof details === "object" ? (details as Record<string, unknown>)[key] : undefined;
  return value === undefined || value === null || value === "" ? null : String(value);
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="mb-1 text-sm font-semibold tracking-wide text-slate-900 uppercase">{title}</h3>
      {children}
    </section>
  );
}

export function RequestFile({
  id,
  onClose,
  actions,
  status,
}: {
  id: number | null;
  onClose: () => void;
  // the row's own buttons (approve, reject, retry), as the table shows them
  actions: (r: Listed) => ReactNode;
  // the request's status as the table shows it
  status: (r: Listed) => ReactNode;
}) {
  // the request last opened: still named while the panel closes
  const shown = useRef(id);
  if (id !== null) shown.current = id;
  const file = useRequestFile(id);
  // back to the row's button that opened it (lib/return-focus.ts)
  const giveBack = useRef<() => boolean>(() => false);
  const r = file.data?.request;
  return (
    <Dialog.Root open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            giveBack.current = rememberFocus();
          }}
          onCloseAutoFocus={(event) => {
            if (giveBack.current()) event.preventDefault();
          }}
          className="fixed inset-y-0 right-0 z-50 w-full overflow-y-auto bg-white p-5 shadow-xl focus:outline-none sm:max-w-xl"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-bold text-slate-900">Request #{shown.current}</Dialog.Title>
            <Dialog.Close className={buttonClass({ variant: "ghost", size: "sm" })} aria-label="Close request">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-slate-600">
            Everything about this request: its risk, who asked, its address's other requests and what was done to it.
          </Dialog.Description>
          {file.isPending ? (
            <Loading />
          ) : file.isError ? (
            <p role="alert" className="mt-4 text-red-700">
              {file.error.message}
            </p>
          ) : r ? (
            <>
              <div className="mt-4 flex flex-wrap items-center gap-2">{actions(r)}</div>
              <Section title="The request">
                <dl className="text-sm">
                  <Row label="Status">{status(r)}</Row>
                  <Row label="Amount">
                    {r.amount} XRP{r.reason && <span className="text-slate-600"> ({r.reason})</span>}
                  </Row>
                  <Row label="Address">
                    <AddressCell address={r.destinationAddress} tag={r.destinationTag} />
                  </Row>
                  <Row label="Requested">{when(r.createdAt)}</Row>
                  {r.processedAt && (
                    <Row label="Decided">
                      {when(r.processedAt)}
                      {r.processedBy && ` by ${r.processedBy}`}
                    </Row>
                  )}
                  {r.rejectReason && <Row label="Reason">{r.rejectReason}</Row>}
                  {r.txHash && (
                    <Row label="Transaction">
                      <TxHash hash={r.txHash} />
                    </Row>
                  )}
                  {r.payoutError && <Row label="Payout">{r.payoutError}</Row>}
                </dl>
              </Section>
              <Section title="Risk">
                <RiskCell score={r.riskScore} reasons={r.riskReasons} />
                <LedgerEvidence ledger={r.ledger} requestId={r.id} refresh={[adminRequestsKey]} />
                {r.blocked && (
                  <p className="mt-1 text-sm font-semibold text-red-700">
                    On the block list: reject it, or unblock first
                  </p>
                )}
              </Section>
              <Section title="Who asked">
                <dl className="text-sm">
                  <Row label="User">{r.userName ? `${r.userName} (${r.userEmail ?? "no e-mail"})` : "A visitor"}</Row>
                  <Row label="IP">
                    {r.requesterIp ?? "Unknown"}
                    {r.ipNetwork && <span className="text-slate-600"> (network {r.ipNetwork})</span>}
                  </Row>
                  <Row label="Device">
                    <DeviceId id={r.deviceId} />
                  </Row>
                  {r.userAgent && <Row label="Browser">{r.userAgent}</Row>}
                </dl>
                <div className="mt-2 flex flex-wrap gap-3 text-sm">
                  <Link
                    to={blockLink("address", r.destinationAddress, `Request #${r.id}`)}
                    className="text-brand-700 underline"
                  >
                    Block this address
                  </Link>
                  {r.requesterIp && (
                    <Link to={blockLink("ip", r.requesterIp, `Request #${r.id}`)} className="text-brand-700 underline">
                      Block this IP
                    </Link>
                  )}
                  {r.deviceId && (
                    <Link to={blockLink("device", r.deviceId, `Request #${r.id}`)} className="text-brand-700 underline">
                      Block this device
                    </Link>
                  )}
                </div>
              </Section>
              <Section title="The address's other requests">
                {file.data.sameAddress.length === 0 ? (
                  <Empty>No other request from this address</Empty>
                ) : (
                  <ul className="divide-y divide-slate-100 text-sm">
                    {file.data.sameAddress.map((o) => (
                      <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                        <span className="font-medium">#{o.id}</span>
                        <Badge tone={o.status === "REJECTED" ? "red" : o.status === "PROCESSED" ? "green" : "yellow"}>
                          {statusWords(o.status)}
                        </Badge>
                        <span>{o.amount} XRP</span>
                        <span className="text-slate-600">{when(o.createdAt)}</span>
                        {o.txHash && <TxHash hash={o.txHash} />}
                        {o.rejectReason && <span className="text-slate-600">{o.rejectReason}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </Section>
              <Section title="What was done">
                {file.data.trail.length === 0 ? (
                  <Empty>Nothing yet: nobody has decided on it</Empty>
                ) : (
                  <ol className="divide-y divide-slate-100 text-sm">
                    {file.data.trail.map((e) => (
                      <li key={e.id} className="py-2">
                        <span className="font-medium">{e.actionText}</span> by {e.actorName}
                        <span className="text-slate-600"> · {when(e.createdAt)}</span>
                        {detailOf(e.details, "reason") && (
                          <span className="block text-slate-700">Reason: {detailOf(e.details, "reason")}</span>
                        )}
                        {detailOf(e.details, "amount") && (
                          <span className="block text-slate-700">Amount: {detailOf(e.details, "amount")} XRP</span>
                        )}
                      </li>
                    ))}
                  </ol>
                )}
              </Section>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
