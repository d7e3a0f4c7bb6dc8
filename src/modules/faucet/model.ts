// What the faucet's calls accept and answer: body schemas with the product's messages, the views
// of a faucet request, and the faucet's own errors.
import { t } from "elysia";
import type { FaucetRequest } from "../../db/schema.ts";
import { jsonBody, text } from "../../http/body.ts";
import { appError, tooManyRequests } from "../../lib/errors.ts";
import { formatXrp } from "../../shared/money.ts";
import { INVALID_ADDRESS, type LedgerAddress, parseLedgerAddress } from "../../lib/ledger-address.ts";
import { iso } from "../../lib/time.ts";
import { said } from "../i18n/messages.ts";
import { hourIn } from "../i18n/values.ts";
import type { Language } from "../../shared/languages.ts";
import type { AddressEvidence } from "../address-signals/model.ts";
import { auditEntryView } from "../audit/model.ts";
import type { AuditLogEntry } from "../../db/schema.ts";
import type { SameAddressRow } from "./request-file-repository.ts";

export { INVALID_ADDRESS };
export const FAUCET_OFFLINE = "The faucet is offline right now. Please try again later.";
export const BUDGET_REACHED = "The faucet has given out today's XRP. Please come back after midnight UTC.";
// The day's budget is released an hour at a time: "More opens at 14:00 UTC".
export const sliceReached = (nextAt: number) => said("server.faucet.sliceReached", { time: hourIn(nextAt) });
export const SURGE_NOTICE =
  "Many more requests than usual are arriving right now: a person will review yours before it is paid.";
export const BONUS_BUDGET_REACHED = "Today's bonus budget has been given out. Please try again after midnight UTC.";
const bonusSliceReached = (nextAt: number) => said("server.faucet.bonusSliceReached", { time: hourIn(nextAt) });

export const faucetRequestBody = jsonBody({ address: text(200, INVALID_ADDRESS) });

// The ledger address a request or a lookup names (classic or X-address), or the faucet's refusal.
export function requestedAddress(address: unknown): LedgerAddress {
  const parsed = parseLedgerAddress(address);
  if (!parsed) throw faucetErrors.invalidAddress();
  return parsed;
}

// The admin list's filters (lib/list-filter.ts): the statuses a request goes through, the sorts.
export const FAUCET_STATUSES = ["PENDING", "APPROVED", "PROCESSED", "REJECTED"] as const;
export const FAUCET_LIST = { statuses: FAUCET_STATUSES, risk: true, sorts: ["createdAt", "amount", "risk"] } as const;

// Why a visitor waits for their next request, in the words of the refusal they would get (`said`),
// and in English.
export const waitReasonsSaid = {
  address: () => said("server.faucet.addressReason"),
  network: (max: number) => said("server.faucet.networkReason", { max }),
  device: (max: number) => said("server.faucet.deviceReason", { max }),
};
export const waitReasons = {
  address: waitReasonsSaid.address().text,
  network: (max: number) => waitReasonsSaid.network(max).text,
  device: (max: number) => waitReasonsSaid.device(max).text,
};
export type WaitLimit = keyof typeof waitReasons;

// Why a visitor's request can no longer be withdrawn, by its status.
const NOT_WITHDRAWABLE = {
  APPROVED: () => said("server.faucet.alreadyApproved"),
  PROCESSED: () => said("server.faucet.alreadyPaid"),
  REJECTED: () => said("server.faucet.alreadyRejected"),
};

export const faucetErrors = {
  invalidAddress: () => appError(400, "INVALID_ADDRESS", INVALID_ADDRESS),
  offline: () => appError(503, "FAUCET_OFFLINE", FAUCET_OFFLINE),
  budgetReached: (retryAfterSeconds: number) => tooManyRequests(BUDGET_REACHED, retryAfterSeconds, "BUDGET_REACHED"),
  sliceReached: (nextAt: number, retryAfterSeconds: number) =>
    tooManyRequests(sliceReached(nextAt), retryAfterSeconds, "BUDGET_REACHED"),
  bonusBudgetReached: (nextAt: number | null, retryAfterSeconds: number) =>
    tooManyRequests(
      nextAt === null ? BONUS_BUDGET_REACHED : bonusSliceReached(nextAt),
      retryAfterSeconds,
      "BONUS_BUDGET_REACHED",
    ),
  // (`wait`: the wait in words in a language, shared/waits.ts)
  addressWaits: (wait: (language: Language) => string, retryAfterSeconds: number) =>
    tooManyRequests(said("server.faucet.addressWaits", { wait }), retryAfterSeconds, "ADDRESS_LIMIT"),
  networkLimit: (max: number, wait: (language: Language) => string, retryAfterSeconds: number) =>
    tooManyRequests(said("server.faucet.networkLimit", { max, wait }), retryAfterSeconds, "NETWORK_LIMIT"),
  deviceLimit: (max: number, wait: (language: Language) => string, retryAfterSeconds: number) =>
    tooManyRequests(said("server.faucet.deviceLimit", { max, wait }), retryAfterSeconds, "DEVICE_LIMIT"),
  // a visitor's withdrawal: the same answer for no such request and another visitor's (nothing leaks)
  notYours: () => appError(404, "NOT_FOUND", "No request of yours has this number."),
  notWithdrawable: (status: string) =>
    appError(
      409,
      "NOT_PENDING",
      (NOT_WITHDRAWABLE[status as keyof typeof NOT_WITHDRAWABLE] ?? NOT_WITHDRAWABLE.REJECTED)(),
    ),
  approvalPassesBudget: (leftXrp: string) =>
    appError(
      409,
      "BUDGET_REACHED",
      `Approving this request would pass today's budget (${leftXrp} XRP left). ` +
        "Raise the daily limit or approve it after midnight UTC.",
    ),
};

// A pool's budget now: the day's total, its hourly slices and what is used (budget-pools.ts).
export interface BudgetView {
  totalDrops: number;
  sliceDrops: number;
  releasedDrops: number;
  usedDrops: number;
  leftDrops: number; // released and not used
  nextSliceAt: number | null; // null when the whole day is released
}

// A day's budget as the admin's settings show it (budget-pools.ts), in XRP.
export function budgetPoolView(b: BudgetView & { refusedRequests?: number; refusedDrops?: number }) {
  return {
    total: formatXrp(b.totalDrops),
    slice: formatXrp(b.sliceDrops),
    released: formatXrp(b.releasedDrops),
    used: formatXrp(b.usedDrops),
    left: formatXrp(b.leftDrops),
    nextSliceAt: iso(b.nextSliceAt),
    refusedRequests: b.refusedRequests ?? 0,
    refused: formatXrp(b.refusedDrops ?? 0),
  };
}
export function budgetTodayView(b: { faucet: BudgetView; bonus: BudgetView; autoApprove: BudgetView }) {
  return {
    faucet: budgetPoolView(b.faucet),
    bonus: budgetPoolView(b.bonus),
    autoApprove: budgetPoolView(b.autoApprove),
  };
}

// A faucet request as its requester sees it (product.md).
export function faucetRequestView(
  row: Pick<
    FaucetRequest,
    "id" | "status" | "amountDrops" | "address" | "destinationTag" | "reason" | "createdAt" | "txHash"
  >,
) {
  return {
    id: row.id,
    status: row.status,
    amount: formatXrp(row.amountDrops),
    address: row.address,
    destinationTag: row.destinationTag,
    reason: row.reason,
    createdAt: new Date(row.createdAt).toISOString(),
    txHash: row.txHash,
  };
}

// A request as anyone may look it up by its address (or its device): never the IP, device, user
// or risk. A rejected one says why, in the admin's words (written for the person who asked). Its
// address (already known to whoever looks it up, or the device's own) makes its status link.
export type PublicFaucetRequestRow = Pick<
  FaucetRequest,
  "id" | "address" | "status" | "amountDrops" | "createdAt" | "processedAt" | "txHash" | "rejectReason"
>;
export function publicFaucetRequestView(r: PublicFaucetRequestRow) {
  return {
    id: r.id,
    address: r.address,
    status: r.status,
    amount: formatXrp(r.amountDrops),
    createdAt: iso(r.createdAt)!,
    processedAt: iso(r.processedAt),
    txHash: r.txHash,
    rejectReason: r.status === "REJECTED" ? r.rejectReason : null,
  };
}
export const LOOKUP_LIMIT = 20;
export const lookupQuery = t.Object(
  {
    address: t.Optional(t.String({ maxLength: 200, error: INVALID_ADDRESS })),
    mine: t.Optional(t.String({ maxLength: 5, error: "mine must be 1 (this device's requests)" })),
  },
  { additionalProperties: true },
);

// Why the auto-approve rule left a request for a person (faucet_requests.auto_approve_skip), in words.
const LEFT_FOR_A_PERSON: Record<string, string> = {
  over_daily_cap: "Auto-approve left it for you: its daily cap was used",
  over_budget: "Auto-approve left it for you: today's budget could not cover it",
  risk: "Auto-approve left it for you: its risk rose during the hold",
  network_paid_today: "Auto-approve left it for you: its network was paid today",
  blocked: "Auto-approve left it for you: blocked during its hold",
  surge: "Made during a surge: a person reviews each",
  // (modules/payouts: its payout was withdrawn before it was signed, and a person decides again)
  withdrawn: "Its payout was withdrawn before anything was sent: decide again",
};

// A faucet request as the admin's list shows it: who asked, from where, the risk and the payout.
// processedByName: the admin who approved or rejected it (null for the auto-approve rule; absent
// from a query that does not join the processing admin)
// ledger: what the ledger says of its address (modules/address-signals; null before it is read)
export type AdminFaucetRequestRow = FaucetRequest & {
  userName: string | null;
  userEmail: string | null;
  payoutState: string | null;
  payoutMessage: string | null;
  processedByName?: string | null;
  blocked?: boolean;
  reviewHeld?: number | null;
  ledger?: AddressEvidence | null;
};
export function adminFaucetRequestView(r: AdminFaucetRequestRow) {
  return {
    id: r.id,
    userId: r.userId,
    userName: r.userName ?? null,
    userEmail: r.userEmail ?? null,
    amount: formatXrp(r.amountDrops),
    destinationAddress: r.address,
    destinationTag: r.destinationTag,
    reason: r.reason,
    // a reviewer bonus for a review that still waits for moderation (paying it pays for an unread review)
    reviewAwaitingModeration: r.reviewHeld === 1,
    riskScore: r.riskScore,
    riskReasons: r.riskReasons ?? [],
    // what the ledger says of the address: its activation, balance, cluster and sink (null: not read yet)
    ledger: r.ledger ?? null,
    // its address, IP or device is on the block list now (approving it is refused)
    blocked: r.blocked ?? false,
    requesterIp: r.requesterIp,
    // the IPv6 /48 or IPv4 /24 it came from (caps count there)
    ipNetwork: r.ipNetwork ?? null,
    deviceId: r.deviceId,
    userAgent: r.userAgent,
    status: r.status,
    rejectReason: r.rejectReason,
    payoutStatus: r.payoutState ?? null,
    payoutError: r.payoutError ?? r.payoutMessage ?? null,
    // approved by the auto-approve rule, not by a person
    autoApproved: r.autoApproved,
    // why the auto-approve rule left it for a person, in words (null: it did not, or has not yet)
    leftForPerson:
      r.autoApproveSkip === null ? null : (LEFT_FOR_A_PERSON[r.autoApproveSkip] ?? "Auto-approve left it for you"),
    // who decided: an admin's username, 'Auto' for the auto-approve rule, null while pending
    processedBy: r.autoApproved ? "Auto" : (r.processedByName ?? null),
    createdAt: iso(r.createdAt),
    processedAt: iso(r.processedAt),
    txHash: r.txHash,
  };
}

// GET /api/admin/faucet/requests/:id: the request's file (request-file.ts).
export function requestFileView(file: {
  request: AdminFaucetRequestRow;
  sameAddress: SameAddressRow[];
  trail: AuditLogEntry[];
}) {
  return {
    request: adminFaucetRequestView(file.request),
    // the address's other requests, newest first, each with what was paid
    sameAddress: file.sameAddress.map((o) => ({
      id: o.id,
      status: o.status,
      amount: formatXrp(o.amountDrops),
      riskScore: o.riskScore,
      payoutStatus: o.payoutState ?? null,
      txHash: o.txHash,
      rejectReason: o.rejectReason,
      createdAt: iso(o.createdAt)!,
      processedAt: iso(o.processedAt),
    })),
    // what was done to it, newest first
    trail: file.trail.map(auditEntryView),
  };
}
