// /admin/users/:id: one user's whole file: profile, owed and paid totals, every faucet request,
// reward and payout (with hashes), the IPs and devices seen, the audit entries about them; and the
// actions: pay (confirmed), block the address, an IP or a device, create a password-reset link,
// disable or enable the account, reset its two-factor sign-in (confirmed), the admins' note.
import { useMutation } from "@tanstack/react-query";
import { ArrowLeft, Check, Copy } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { api, unwrap } from "../../../api/client";
import { buttonClass } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { TxHash } from "../../../components/ui/TxHash";
import { toast } from "../../../components/ui/use-toast";
import { errorText } from "../../../lib/errors";
import { userFileKey, useUserFile } from "../api";
import { claimTypeWords, payoutKindWords, payoutTone, readableXrp, statusWords } from "../../../components/admin/words";
import { useCurrentUser } from "../../../api/session";
import { AccountActions } from "../components/AccountActions";
import {
  Badge,
  type Column,
  columnsFor,
  DataTable,
  DeviceId,
  Empty,
  Loading,
  Panel,
  RiskCell,
  shortAddress,
  when,
} from "../../../components/admin/ui";
import { usePayUser } from "./Users";
import { WideNeighbours } from "../components/WideNeighbours";
import { LedgerEvidence } from "../../address-signals";
import { blockLink } from "../../blocklist";

type File = NonNullable<ReturnType<typeof useUserFile>["data"]>;

const smallLink = "text-sm text-brand-700 underline";

function ResetLink({ userId }: { userId: number }) {
  const [copied, setCopied] = useState(false);
  const create = useMutation({
    mutationFn: () => unwrap(api.admin.users({ id: userId })["reset-link"].post()),
    onSuccess: () =>
      toast({ title: "Password-reset link created", description: "Send it to the user yourself; it works once." }),
    onError: (error) => toast({ variant: "destructive", title: "Update Failed", description: errorText(error) }),
  });
  const link = create.data;
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={buttonClass({ variant: "outline", size: "sm" })}
        onClick={() => create.mutate()}
        disabled={create.isPending}
      >
        Create password-reset link
      </button>
      {link && (
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <label htmlFor="reset-link" className="block font-medium text-slate-800">
            Password-reset link (until {when(link.expiresAt)})
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="reset-link"
              readOnly
              value={link.url}
              className="h-9 min-w-0 flex-1 rounded border border-slate-300 bg-white px-2 font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              className={buttonClass({ size: "sm", variant: "outline" })}
              onClick={() =>
                void navigator.clipboard.writeText(link.url).then(
                  () => setCopied(true),
                  () => {},
                )
              }
            >
              {copied ? (
                <Check aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Copy aria-hidden="true" className="h-4 w-4" />
              )}
              {copied ? "Copied" : "Copy link"}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

export function UserFileScreen() {
  const id = Number(useParams().id);
  const file = useUserFile(id);
  const me = useCurrentUser().data;
  const { ask, pay, dialog } = usePayUser();
  if (!Number.isInteger(id) || id < 1)
    return (
      <Panel title="User">
        <Empty>User not found</Empty>
      </Panel>
    );
  if (file.isPending)
    return (
      <Panel title="User">
        <Loading />
      </Panel>
    );
  if (file.isError)
    return (
      <Panel title="User">
        <p role="alert" className="text-red-700">
          {file.error.message}
        </p>
      </Panel>
    );
  const {
    user,
    registration,
    registrationWide,
    riskScore,
    riskReasons,
    faucetRequests,
    rewards,
    payouts,
    ipsSeen,
    devicesSeen,
    audit,
  } = file.data;

  const r = columnsFor<File["faucetRequests"][number]>();
  const requestColumns = [
    r.display({ id: "id", header: "#", cell: ({ row: { original: q } }) => q.id }),
    r.display({
      id: "amount",
      header: "Amount",
      cell: ({ row: { original: q } }) => `${readableXrp(q.amount)}${q.reason ? ` (${q.reason})` : ""}`,
    }),
    r.display({
      id: "address",
      header: "Address",
      cell: ({ row: { original: q } }) => (
        <span className="font-mono" title={q.destinationAddress}>
          {shortAddress(q.destinationAddress)}
        </span>
      ),
    }),
    r.display({
      id: "risk",
      header: "Risk",
      cell: ({ row: { original: q } }) => (
        <>
          <RiskCell score={q.riskScore} reasons={q.riskReasons} />
          <LedgerEvidence ledger={q.ledger} requestId={q.id} refresh={[userFileKey]} />
        </>
      ),
    }),
    r.display({
      id: "status",
      header: "Status",
      cell: ({ row: { original: q } }) => (
        <Badge tone={q.status === "REJECTED" ? "red" : q.status === "PENDING" ? "yellow" : "green"}>
          {statusWords(q.status)}
        </Badge>
      ),
    }),
    r.display({
      id: "hash",
      header: "Hash or reason",
      cell: ({ row: { original: q } }) => (q.txHash ? <TxHash hash={q.txHash} /> : (q.rejectReason ?? "")),
    }),
    r.display({ id: "createdAt", header: "Requested", cell: ({ row: { original: q } }) => when(q.createdAt) }),
  ] as Column<File["faucetRequests"][number]>[];
  const w = columnsFor<File["rewards"][number]>();
  const rewardColumns = [
    w.display({ id: "id", header: "#", cell: ({ row: { original: x } }) => x.id }),
    w.display({
      id: "type",
      header: "Type",
      cell: ({ row: { original: x } }) => claimTypeWords(x.type, x.platform),
    }),
    w.display({ id: "amount", header: "Amount", cell: ({ row: { original: x } }) => readableXrp(x.amount) }),
    w.display({
      id: "status",
      header: "Status",
      cell: ({ row: { original: x } }) => (
        <Badge tone={x.status === "DENIED" ? "red" : x.status === "PENDING" ? "yellow" : "green"}>
          {statusWords(x.status)}
        </Badge>
      ),
    }),
    w.display({ id: "reason", header: "Reason", cell: ({ row: { original: x } }) => x.denyReason ?? "" }),
    w.display({
      id: "hash",
      header: "Hash",
      cell: ({ row: { original: x } }) => (x.txHash ? <TxHash hash={x.txHash} /> : ""),
    }),
    w.display({ id: "createdAt", header: "Date", cell: ({ row: { original: x } }) => when(x.createdAt) }),
  ] as Column<File["rewards"][number]>[];
  const p = columnsFor<File["payouts"][number]>();
  const payoutColumns = [
    p.display({ id: "id", header: "#", cell: ({ row: { original: x } }) => x.id }),
    p.display({ id: "kind", header: "For", cell: ({ row: { original: x } }) => payoutKindWords(x.kind) }),
    p.display({ id: "amount", header: "Amount", cell: ({ row: { original: x } }) => readableXrp(x.amount) }),
    p.display({
      id: "to",
      header: "To",
      cell: ({ row: { original: x } }) => (
        <span className="font-mono" title={x.destination}>
          {shortAddress(x.destination)}
          {x.destinationTag !== null ? ` tag ${x.destinationTag}` : ""}
        </span>
      ),
    }),
    p.display({
      id: "status",
      header: "Status",
      cell: ({ row: { original: x } }) => <Badge tone={payoutTone(x.status)}>{statusWords(x.status)}</Badge>,
    }),
    p.display({
      id: "hash",
      header: "Hash",
      cell: ({ row: { original: x } }) => (x.txHash ? <TxHash hash={x.txHash} /> : (x.error ?? "")),
    }),
    p.display({ id: "ledger", header: "Ledger", cell: ({ row: { original: x } }) => x.ledgerIndex ?? "" }),
    p.display({ id: "createdAt", header: "Date", cell: ({ row: { original: x } }) => when(x.createdAt) }),
  ] as Column<File["payouts"][number]>[];
  const s = columnsFor<{ value: string; count: number; lastSeen: string; kind: "ip" | "device" }>();
  const seenColumns = [
    s.display({
      id: "value",
      header: "Seen",
      cell: ({ row: { original: x } }) => <span className="font-mono break-all">{x.value}</span>,
    }),
    s.display({ id: "count", header: "Requests", cell: ({ row: { original: x } }) => x.count }),
    s.display({ id: "lastSeen", header: "Last seen", cell: ({ row: { original: x } }) => when(x.lastSeen) }),
    s.display({
      id: "block",
      header: "Block",
      cell: ({ row: { original: x } }) => (
        <Link to={blockLink(x.kind, x.value, `User ${user.username}`)} className={smallLink}>
          {x.kind === "ip" ? "Block IP" : "Block device"}
        </Link>
      ),
    }),
  ];
  const a = columnsFor<File["audit"][number]>();
  const auditColumns = [
    a.display({ id: "when", header: "When", cell: ({ row: { original: e } }) => when(e.createdAt) }),
    a.display({ id: "admin", header: "Admin", cell: ({ row: { original: e } }) => e.actorName }),
    a.display({ id: "action", header: "Action", cell: ({ row: { original: e } }) => e.actionText }),
    a.display({
      id: "target",
      header: "Target",
      cell: ({ row: { original: e } }) => e.target,
    }),
  ] as Column<File["audit"][number]>[];

  const owed = Number(user.owed) > 0;
  return (
    <>
      <Link to="/admin/users" className={smallLink}>
        <ArrowLeft aria-hidden="true" className="mr-1 inline h-4 w-4" />
        All users
      </Link>
      <Card className="space-y-4 p-4 sm:p-6">
        <h2 className="text-xl font-bold text-slate-900">
          {user.username}
          {user.isAdmin && <span className="ml-2 text-base font-normal text-slate-500">(Admin)</span>}
          {user.disabledAt && (
            <span className="ml-2 align-middle">
              <Badge tone="red">Disabled {when(user.disabledAt)}</Badge>
            </span>
          )}
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          {(
            [
              ["Email", user.email],
              [
                "XRP address",
                user.xrpAddress ? (
                  <span key="a" className="font-mono break-all">
                    {user.xrpAddress}
                  </span>
                ) : (
                  "No Address Set"
                ),
              ],
              ["Joined", when(user.createdAt)],
              ["Points", user.points],
              ["Owed", readableXrp(user.owed)],
              ["Paid", readableXrp(user.paid)],
              [
                "Registered from",
                // (null for accounts registered before it was stored)
                registration.ipNetwork || registration.deviceId ? (
                  <span key="r" className="font-normal">
                    <span className="font-mono text-xs break-all">
                      {registration.ipNetwork ?? "Network not recorded"}
                    </span>
                    <DeviceId id={registration.deviceId} />
                    <WideNeighbours
                      ipWide={registrationWide.ipWide}
                      accounts={registrationWide.accountsFromOtherNetworks}
                    />
                  </span>
                ) : (
                  "Not recorded"
                ),
              ],
              [
                "Risk",
                <span key="k" className="font-normal">
                  <RiskCell score={riskScore} reasons={riskReasons} />
                </span>,
              ],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap items-start gap-3">
          {owed && user.xrpAddress && (
            <button
              type="button"
              className={buttonClass({ size: "sm" })}
              disabled={pay.isPending}
              aria-label={`Pay ${readableXrp(user.owed)} to ${user.username}`}
              onClick={() =>
                ask({ id: user.id, username: user.username, xrpAddress: user.xrpAddress, tag: null, owed: user.owed })
              }
            >
              Pay {readableXrp(user.owed)}
            </button>
          )}
          {user.xrpAddress && (
            <Link
              to={blockLink("address", user.xrpAddress, `User ${user.username}`)}
              className={buttonClass({ size: "sm", variant: "outline" })}
            >
              Block address
            </Link>
          )}
          <ResetLink userId={user.id} />
        </div>
        <AccountActions key={user.id} account={user} self={me?.id === user.id} />
      </Card>
      <Panel
        title={`Faucet requests (${faucetRequests.length})`}
        actions={
          faucetRequests.length > 0 && (
            <Link to={`/admin/requests?${new URLSearchParams({ q: user.username })}`} className={smallLink}>
              Decide them in Faucet requests
            </Link>
          )
        }
      >
        {faucetRequests.length === 0 ? (
          <Empty>No faucet requests</Empty>
        ) : (
          <DataTable
            label="User's faucet requests"
            columns={requestColumns}
            data={faucetRequests}
            rowKey={(q) => q.id}
          />
        )}
      </Panel>
      <Panel
        title={`Rewards (${rewards.length})`}
        actions={
          rewards.some((x) => x.status === "PENDING") && (
            <Link to={`/admin/claims?${new URLSearchParams({ q: user.username })}`} className={smallLink}>
              Decide them in Claims
            </Link>
          )
        }
      >
        {rewards.length === 0 ? (
          <Empty>No rewards</Empty>
        ) : (
          <DataTable label="User's rewards" columns={rewardColumns} data={rewards} rowKey={(x) => x.id} />
        )}
      </Panel>
      <Panel title={`Payouts (${payouts.length})`}>
        {payouts.length === 0 ? (
          <Empty>No payouts</Empty>
        ) : (
          <DataTable label="User's payouts" columns={payoutColumns} data={payouts} rowKey={(x) => x.id} />
        )}
      </Panel>
      <Panel title="IPs and devices seen">
        {ipsSeen.length + devicesSeen.length === 0 ? (
          <Empty>None seen</Empty>
        ) : (
          <DataTable
            label="IPs and devices seen"
            columns={seenColumns}
            data={[
              ...ipsSeen.map((x) => ({ value: x.ip, count: x.count, lastSeen: x.lastSeen, kind: "ip" as const })),
              ...devicesSeen.map((x) => ({
                value: x.deviceId,
                count: x.count,
                lastSeen: x.lastSeen,
                kind: "device" as const,
              })),
            ]}
            rowKey={(x) => `${x.kind}:${x.value}`}
          />
        )}
      </Panel>
      <Panel title="Audit entries">
        {audit.length === 0 ? (
          <Empty>No admin actions about this user</Empty>
        ) : (
          <DataTable label="Audit entries about the user" columns={auditColumns} data={audit} rowKey={(e) => e.id} />
        )}
      </Panel>
      {dialog}
    </>
  );
}
