// What the notification calls accept and answer, and the product's words for each notification: a
// user's faucet request approved, paid or rejected, a reward approved, paid or denied.
import { t } from "elysia";
import type { Notification } from "../../db/schema.ts";
import { jsonBody } from "../../http/body.ts";
import type { Said } from "../../lib/errors.ts";
import type { Language } from "../../shared/languages.ts";
import { said, translate } from "../i18n/messages.ts";
import { xrpIn } from "../i18n/values.ts";

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

// A reward as a notification names it: "social share reward (Facebook)"; a type the catalog does not
// name is said in its own words ("streak reward").
const rewardName = (type: string, platform: string | null) => (language: Language) => {
  if (type === "SOCIAL_SHARE" && platform) return translate(language, "server.notify.shareReward", { platform });
  const kind = type.toLowerCase().replace(/_/g, " ");
  return platform ? `${kind} reward (${platform})` : `${kind} reward`;
};
// (the admin's reason, when there is one, as the admin wrote it)
const reasonOf = (reason: string | null | undefined) => reason?.trim() || null;

// Each notification's words, said in the user's language when it is written (notify).
export const notificationSaid = {
  requestApproved: (id: number, drops: number) => said("server.notify.requestApproved", { id, amount: xrpIn(drops) }),
  requestPaid: (id: number, drops: number) => said("server.notify.requestPaid", { id, amount: xrpIn(drops) }),
  requestRejected: (id: number, reason: string | null) => {
    const why = reasonOf(reason);
    return why
      ? said("server.notify.requestRejectedBecause", { id, reason: why })
      : said("server.notify.requestRejected", { id });
  },
  rewardApproved: (type: string, platform: string | null, drops: number) =>
    said("server.notify.rewardApproved", { reward: rewardName(type, platform), amount: xrpIn(drops) }),
  rewardPaid: (type: string, platform: string | null, drops: number) =>
    said("server.notify.rewardPaid", { reward: rewardName(type, platform), amount: xrpIn(drops) }),
  rewardsPaid: (drops: number) => said("server.notify.rewardsPaid", { amount: xrpIn(drops) }),
  rewardDenied: (type: string, platform: string | null, reason: string | null) => {
    const why = reasonOf(reason);
    const reward = rewardName(type, platform);
    return why
      ? said("server.notify.rewardDeniedBecause", { reward, reason: why })
      : said("server.notify.rewardDenied", { reward });
  },
  wrongCodes: (count: number, network: string) => said("server.notify.wrongCodes", { count, network }),
  failedSignIns: (count: number, network: string) => said("server.notify.failedSignIns", { count, network }),
} satisfies Record<string, (...args: never[]) => Said>;

// ... and in English.
type InEnglish<T> = { [K in keyof T]: T[K] extends (...args: infer A) => Said ? (...args: A) => string : never };
export const notificationText = Object.fromEntries(
  Object.entries(notificationSaid).map(([name, say]) => [
    name,
    (...args: never[]) => (say as (...a: never[]) => Said)(...args).text,
  ]),
) as InEnglish<typeof notificationSaid>;

export const notificationView = (n: Notification) => ({
  id: n.id,
  kind: n.kind as NotificationKind,
  message: n.message,
  txHash: n.txHash,
  createdAt: new Date(n.createdAt).toISOString(),
  read: n.readAt !== null,
});
export type NotificationView = ReturnType<typeof notificationView>;
