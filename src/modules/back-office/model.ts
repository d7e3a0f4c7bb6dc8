// What the back office's own reads answer: the counts beside the sidebar's sections, and a user's
// whole file (profile, totals, requests, rewards, payouts, the IPs and devices seen, audit entries);
// the admin's list of users with its totals and the payments made to users.
import { t } from "elysia";
import { flag, jsonBody, textField } from "../../http/body.ts";
import type { AuditLogEntry, Payout, User } from "../../db/schema.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { formatXrp } from "../../shared/money.ts";
import { payoutStatus } from "../payouts/model.ts";
import { type PublicUserRow, publicUser } from "../account/model.ts";
import { auditEntryView } from "../audit/model.ts";
import { type AdminFaucetRequestRow, adminFaucetRequestView } from "../faucet/model.ts";
import { type RewardRow, rewardView } from "../rewards/model.ts";
import { iso } from "../../lib/time.ts";

// How many of each list a user's file holds (newest first).
export const USER_FILE_LIMIT = 200;

export const backOfficeErrors = {
  userNotFound: () => notFound("User not found"),
  nothingToChange: () => badRequest("Send disabled (true or false) or note to change", "NOTHING_TO_CHANGE"),
  disableSelf: () => badRequest("You cannot disable your own account", "DISABLE_SELF"),
};

// PATCH /api/admin/users/:id: disable or enable the account, the admins' note on it (empty: none).
export const NOTE_MAX = 2000;
export const userUpdateBody = jsonBody({
  disabled: flag("disabled must be true or false"),
  note: textField("note", NOTE_MAX),
});
export type UserUpdate = NonNullable<typeof userUpdateBody.static>;

// What an update did, in words the admin's toast shows.
export const userUpdateMessage = (username: string, change: { disabled?: boolean; ended: number; noted: boolean }) =>
  [
    change.disabled === true
      ? `${username} can no longer sign in${change.ended ? ` and ${change.ended === 1 ? "their session" : `their ${change.ended} sessions`} ended` : ""}.`
      : change.disabled === false
        ? `${username} can sign in again.`
        : null,
    change.noted ? "The note is saved." : null,
  ]
    .filter(Boolean)
    .join(" ") || "Nothing changed.";

export interface WaitingCounts {
  pendingRequests: number;
  pendingClaims: number;
  heldReviews: number;
  newEnquiries: number;
  // the contact form's messages no admin has opened or marked read
  unreadMessages: number;
}

export type UserFilePayoutRow = Pick<
  Payout,
  | "id"
  | "kind"
  | "amountDrops"
  | "destination"
  | "destinationTag"
  | "status"
  | "txHash"
  | "ledgerIndex"
  | "error"
  | "createdAt"
>;
export interface SeenRow {
  key: string;
  n: number;
  last: number;
}

export interface UserFile {
  user: Pick<
    User,
    | "id"
    | "username"
    | "email"
    | "xrpAddress"
    | "xrpDestinationTag"
    | "isAdmin"
    | "points"
    | "totalClaimedDrops"
    | "createdAt"
    | "disabledAt"
    | "adminNote"
    | "totpEnabledAt"
  >;
  // the network (IPv6 /48, IPv4 /24) and device it registered from; null before they were stored
  registration: Pick<User, "ipNetwork" | "deviceId">;
  // its wide network (IPv6 /32, IPv4 /16; null before it was stored) and the accounts registered from
  // its other networks within 24 h of it (at most social/risk.ts's WIDE_ACCOUNTS_COUNTED)
  registrationWide: { ipWide: string | null; accounts: number };
  // the accounts that share its registration network, device or payout addresses (social/risk.ts)
  risk: { score: number; reasons: string[] };
  paidDrops: number;
  faucetRequests: AdminFaucetRequestRow[];
  rewards: RewardRow[];
  payouts: UserFilePayoutRow[];
  ips: SeenRow[];
  devices: SeenRow[];
  audit: AuditLogEntry[];
}

export const userFileView = (f: UserFile) => ({
  user: {
    id: f.user.id,
    username: f.user.username,
    email: f.user.email,
    xrpAddress: f.user.xrpAddress,
    // the tag a payment to their address carries (the Pay dialog states it)
    destinationTag: f.user.xrpDestinationTag,
    isAdmin: f.user.isAdmin,
    points: f.user.points,
    owed: formatXrp(f.user.totalClaimedDrops),
    paid: formatXrp(f.paidDrops),
    createdAt: iso(f.user.createdAt),
    // when an admin disabled the account (null: it may sign in)
    disabledAt: iso(f.user.disabledAt),
    note: f.user.adminNote,
    twoFactor: f.user.totpEnabledAt !== null,
  },
  registration: { ipNetwork: f.registration.ipNetwork, deviceId: f.registration.deviceId },
  registrationWide: { ipWide: f.registrationWide.ipWide, accountsFromOtherNetworks: f.registrationWide.accounts },
  riskScore: f.risk.score,
  riskReasons: f.risk.reasons,
  faucetRequests: f.faucetRequests.map(adminFaucetRequestView),
  rewards: f.rewards.map(rewardView),
  payouts: f.payouts.map((p) => ({
    id: p.id,
    kind: p.kind,
    amount: formatXrp(p.amountDrops),
    destination: p.destination,
    destinationTag: p.destinationTag,
    status: payoutStatus(p.status),
    state: p.status,
    txHash: p.txHash,
    ledgerIndex: p.ledgerIndex,
    error: p.error,
    createdAt: iso(p.createdAt),
  })),
  ipsSeen: f.ips.map((s) => ({ ip: s.key, count: s.n, lastSeen: iso(s.last) })),
  devicesSeen: f.devices.map((s) => ({ deviceId: s.key, count: s.n, lastSeen: iso(s.last) })),
  audit: f.audit.map(auditEntryView),
});

// The admin's list of users: a page number (anything else reads as page 1) and a search text.
export const usersQuery = t.Object(
  {
    page: t.Optional(t.String({ error: "page must be a number" })),
    search: t.Optional(t.String({ error: "search must be text" })),
  },
  { additionalProperties: true },
);

// A user in the admin's list: as the API shows them, their payout address's destination tag (for
// the Pay dialog), when and where they registered (the network, the wide network and the accounts
// registered from its other networks within 24 h: `wideAccounts`, from the service).
export type AdminUserRow = PublicUserRow &
  Pick<User, "xrpDestinationTag" | "createdAt" | "ipNetwork" | "ipWide" | "disabledAt">;
export const adminUserView = ({
  createdAt,
  disabledAt,
  xrpDestinationTag,
  ipNetwork,
  ipWide,
  wideAccounts,
  ...user
}: AdminUserRow & { wideAccounts: number }) => ({
  ...publicUser(user),
  destinationTag: xrpDestinationTag,
  createdAt: iso(createdAt),
  disabled: disabledAt !== null,
  registration: { ipNetwork, ipWide, accountsFromOtherNetworks: wideAccounts },
});

// The totals the admin's user cards show.
export interface UserSummaryRow {
  owed: number | null;
  users: number;
  wallets: number | null;
  active: number | null;
  pendingRewards: number;
}
export const userSummaryView = (s: UserSummaryRow) => ({
  totalOwed: formatXrp(s.owed ?? 0),
  totalUsers: s.users,
  usersWithWallet: s.wallets ?? 0,
  activeUsers: s.active ?? 0,
  pendingRewards: s.pendingRewards,
});

// The payments to users the admin's list of users shows, newest first.
export const PAYMENTS_LIMIT = 200;
export const USERS_PAGE_SIZE = 100;
