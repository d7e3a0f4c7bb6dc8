// Notifications: what happened to a user's money, written by the services that make it happen, inside
// their own transaction (the caller's immediate() or the settlement's), so a decision and its
// notification land together. Anonymous faucet requests have nobody to tell. No Elysia types here.
import type { Db } from "../../db/client.ts";
import type { Said } from "../../lib/errors.ts";
import { DEFAULT_LANGUAGE, languageOf } from "../../shared/languages.ts";
import { sayIn } from "../i18n/messages.ts";
import { type NotificationKind, NOTIFICATIONS_LIMIT, notificationSaid, notificationView } from "./model.ts";
import { createNotificationRepository, type NotificationRepository } from "./repository.ts";

// The statements are prepared once per database, whichever service writes the first entry.
const repositories = new WeakMap<Db, NotificationRepository>();
function repositoryOf(db: Db): NotificationRepository {
  let repo = repositories.get(db);
  if (!repo) repositories.set(db, (repo = createNotificationRepository(db)));
  return repo;
}

export interface NotificationEntry {
  userId: number;
  kind: NotificationKind;
  // a message of the catalog, written in the user's language (an admin's alert: English text)
  message: Said | string;
  txHash?: string | null;
  target?: { type: "faucet_request" | "reward" | "payout"; id: number };
}

export function notify(db: Db, entry: NotificationEntry, now: number): void {
  const repo = repositoryOf(db);
  const message =
    typeof entry.message === "string"
      ? entry.message
      : sayIn(languageOf(repo.languageOf(entry.userId)) ?? DEFAULT_LANGUAGE, entry.message);
  repo.insert({
    userId: entry.userId,
    kind: entry.kind,
    message,
    txHash: entry.txHash ?? null,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    createdAt: now,
  });
}

// A faucet request approved, paid or rejected: its user is told (nobody for an anonymous request).
export function notifyFaucetRequest(
  db: Db,
  requestId: number,
  event:
    | { kind: "REQUEST_APPROVED" }
    | { kind: "REQUEST_PAID"; txHash: string }
    | { kind: "REQUEST_REJECTED"; reason: string | null },
  now: number,
): void {
  const request = repositoryOf(db).requestOwner(requestId);
  if (!request?.userId) return;
  const message =
    event.kind === "REQUEST_APPROVED"
      ? notificationSaid.requestApproved(requestId, request.amountDrops)
      : event.kind === "REQUEST_PAID"
        ? notificationSaid.requestPaid(requestId, request.amountDrops)
        : notificationSaid.requestRejected(requestId, event.reason);
  notify(
    db,
    {
      userId: request.userId,
      kind: event.kind,
      message,
      txHash: event.kind === "REQUEST_PAID" ? event.txHash : null,
      target: { type: "faucet_request", id: requestId },
    },
    now,
  );
}

// An admin's decision on a reward: approved (now owed), marked paid (outside the app) or denied.
export function notifyRewardDecision(
  db: Db,
  reward: { id: number; userId: number; type: string; platform: string | null; amountDrops: number },
  decision: "APPROVED" | "PAID" | "DENIED",
  reason: string | null,
  now: number,
): void {
  const { type, platform, amountDrops } = reward;
  const [kind, message] =
    decision === "APPROVED"
      ? (["REWARD_APPROVED", notificationSaid.rewardApproved(type, platform, amountDrops)] as const)
      : decision === "PAID"
        ? (["REWARD_PAID", notificationSaid.rewardPaid(type, platform, amountDrops)] as const)
        : (["REWARD_DENIED", notificationSaid.rewardDenied(type, platform, reason)] as const);
  notify(db, { userId: reward.userId, kind, message, target: { type: "reward", id: reward.id } }, now);
}

// A payout validated on the ledger (told by its settlement, modules/payouts/settlement.ts): a faucet
// request paid, or the rewards a user was owed paid in one payment.
export function notifyPayoutPaid(
  db: Db,
  payout: { id: number; kind: string; faucet_request_id: number | null; user_id: number | null; amount_drops: number },
  txHash: string,
  now: number,
): void {
  if (payout.kind === "FAUCET_REQUEST") {
    if (payout.faucet_request_id !== null)
      notifyFaucetRequest(db, payout.faucet_request_id, { kind: "REQUEST_PAID", txHash }, now);
    return;
  }
  if (payout.user_id === null) return;
  notify(
    db,
    {
      userId: payout.user_id,
      kind: "REWARD_PAID",
      message: notificationSaid.rewardsPaid(payout.amount_drops),
      txHash,
      target: { type: "payout", id: payout.id },
    },
    now,
  );
}

export function createNotificationService({ db, clock }: { db: Db; clock: () => number }) {
  const repo = repositoryOf(db);
  return {
    // The user's latest notifications, newest first, and how many are unread.
    list(userId: number) {
      return { unread: repo.unread(userId), items: repo.latest(userId, NOTIFICATIONS_LIMIT).map(notificationView) };
    },
    // Marks the given notifications of this user read (all of them when `ids` is null); other users'
    // ids are ignored. Answers what is left unread.
    markRead(userId: number, ids: number[] | null) {
      repo.markRead(userId, ids, clock());
      return { unread: repo.unread(userId) };
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
