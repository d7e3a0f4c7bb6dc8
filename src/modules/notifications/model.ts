// What the notification calls accept and answer, and the product's words for each notification: a
// user's faucet request approved, paid or rejected, a reward approved, paid or denied.
import { t } from "elysia";
import type { Notification } from "../../db/schema.ts";
import { jsonBody } from "../../http/body.ts";
import { formatXrp } from "../../shared/money.ts";

export const NOTIFICATIONS_LIMIT = 50;
// (ALERT: an operator alert, to admins: modules/alerts; WRONG_CODES: wrong two-factor codes for the
// user's account, modules/two-factor/guesses.ts; WRONG_PASSWORDS: failed sign-ins to it from any
// networks, modules/account)
export const NOTIFICATION_KINDS = [
  "REQUEST_APPROVED",
  "REQUEST_PAID",
  "REQUEST_REJECTED",
  "REWARD_APPROVED",
  "REWARD_PAID",
  "REWARD_DENIED",
  "ALERT",
  "WRONG_CODES",
  "WRONG_PASSWORDS",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const IDS_INVALID = "ids must be a list of notification ids";
// POST /api/user/notifications/read: the ids to mark read, or none for all.
export const markReadBody = jsonBody({
  ids: t.Optional(t.Union([t.Array(t.Integer({ minimum: 1 }), { maxItems: 500 }), t.Null()], { error: IDS_INVALID })),
});

// "5.000000" -> "5", "0.005000" -> "0.005": amounts in sentences.
const xrp = (drops: number) => `${formatXrp(drops).replace(/\.?0+$/, "")} XRP`;
const because = (reason: string | null | undefined) => (reason?.trim() ? `: ${reason.trim()}` : ".");
const rewardName = (type: string, platform: string | null) => {
  const kind = type.toLowerCase().replace(/_/g, " ");
  return platform ? `${kind} reward (${platform})` : `${kind} reward`;
};

export const notificationText = {
  requestApproved: (id: number, drops: number) =>
    `Your faucet request #${id} for ${xrp(drops)} was approved. It is being sent to your address.`,
  requestPaid: (id: number, drops: number) => `${xrp(drops)} from your faucet request #${id} was paid to your address.`,
  requestRejected: (id: number, reason: string | null) => `Your faucet request #${id} was rejected${because(reason)}`,
  rewardApproved: (type: string, platform: string | null, drops: number) =>
    `Your ${rewardName(type, platform)} of ${xrp(drops)} was approved. It is owed to you until it is paid.`,
  rewardPaid: (type: string, platform: string | null, drops: number) =>
    `Your ${rewardName(type, platform)} of ${xrp(drops)} was marked paid.`,
  rewardsPaid: (drops: number) => `${xrp(drops)} of rewards owed to you was paid to your address.`,
  rewardDenied: (type: string, platform: string | null, reason: string | null) =>
    `Your ${rewardName(type, platform)} was denied${because(reason)}`,
  wrongCodes: (count: number, network: string) =>
    `${count} wrong two-factor codes in a row were entered for your account, the last from the network ${network}. A code is asked for only after your password or in a signed-in session: if this was not you, change your password and end your other sessions. Until the wrong codes stop, each further code is checked only after a wait.`,
  failedSignIns: (count: number, network: string) =>
    `${count} sign-ins to your account failed within 15 minutes, the last from the network ${network}: wrong passwords, or the right one without its two-factor code. Nobody is locked out by them. If they were not you, someone is trying to sign in as you: change your password to a long one you use nowhere else.`,
};

export const notificationView = (n: Notification) => ({
  id: n.id,
  kind: n.kind as NotificationKind,
  message: n.message,
  txHash: n.txHash,
  createdAt: new Date(n.createdAt).toISOString(),
  read: n.readAt !== null,
});
export type NotificationView = ReturnType<typeof notificationView>;
