// The whole data model. Money is integer XRP drops (`*Drops`); times are epoch milliseconds.
import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const id = () => integer("id").primaryKey({ autoIncrement: true });
const createdAt = () => integer("created_at").notNull();

export const users = sqliteTable(
  "users",
  {
    id: id(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    xrpAddress: text("xrp_address"),
    // the destination tag payments to xrpAddress carry (account settings), or none
    xrpDestinationTag: integer("xrp_destination_tag"),
    // The API calls this `drops`, but it is a points balance, not XRP.
    points: integer("points").notNull().default(0),
    // XRP granted (approved rewards) and not yet paid.
    totalClaimedDrops: integer("total_claimed_drops").notNull().default(0),
    dailyStreak: integer("daily_streak").notNull().default(0),
    lastClaimAt: integer("last_claim_at"),
    // The network it registered from (lib/ip-group.ts), for the new-accounts-per-network limit;
    // null for accounts made before it and by the command line.
    ipGroup: text("ip_group"),
    // The wider network (IPv6 /48, IPv4 /24) and the device it registered from: new accounts are
    // limited per network too, and bonuses per registration network and device.
    ipNetwork: text("ip_network"),
    deviceId: text("device_id"),
    // The provider's width (IPv6 /32, IPv4 /16): never a limit, only counted (accounts registered
    // from its other networks around the same time raise the account's bonus claims' risk score).
    ipWide: text("ip_wide"),
    // Two-factor sign-in (TOTP): the secret sealed with the data directory's key (auth/secret-box.ts),
    // the one being set up, when it was turned on, and the last 30 s step a code was accepted for
    // (a code is refused the second time).
    totpSecret: text("totp_secret"),
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabledAt: integer("totp_enabled_at"),
    totpLastStep: integer("totp_last_step"),
    // When an admin disabled the account (null: it may sign in); its sessions ended then.
    disabledAt: integer("disabled_at"),
    // The admins' own note on the user, shown in the user's file only.
    adminNote: text("admin_note"),
    // The language the user chose (a code of src/shared/languages.ts), their e-mails' (null: none chosen).
    language: text("language"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower").on(sql`lower(${t.username})`),
    index("users_xrp_address").on(t.xrpAddress),
    index("users_ip_group_time").on(t.ipGroup, t.createdAt),
    index("users_ip_network_time").on(t.ipNetwork, t.createdAt),
    index("users_ip_wide_time").on(t.ipWide, t.createdAt),
  ],
);

// Lucia-style sessions: the id is the SHA-256 of the token the cookie carries.
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    // where it signed in from and was last seen (the sessions list), and when a two-factor code was
    // last entered in it (money actions need one in the last 5 minutes)
    ip: text("ip"),
    ipNetwork: text("ip_network"),
    deviceId: text("device_id"),
    userAgent: text("user_agent"),
    lastSeenAt: integer("last_seen_at"),
    steppedUpAt: integer("stepped_up_at"),
    // where it was last used (written with last_seen_at, and at once from a place new to it)
    lastIp: text("last_ip"),
    lastIpNetwork: text("last_ip_network"),
    lastUserAgent: text("last_user_agent"),
    // the places its owner confirmed with a code besides the one it began on (auth/sessions.ts)
    confirmedNetworks: text("confirmed_networks", { mode: "json" }).$type<string[]>(),
    confirmedUserAgents: text("confirmed_user_agents", { mode: "json" }).$type<string[]>(),
    // used from a network or device neither begun on nor confirmed: where, and since when (null: not)
    elsewhereIp: text("elsewhere_ip"),
    elsewhereIpNetwork: text("elsewhere_ip_network"),
    elsewhereUserAgent: text("elsewhere_user_agent"),
    elsewhereAt: integer("elsewhere_at"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
);

// One-time recovery codes for two-factor sign-in, stored as SHA-256 hashes (each is random enough).
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user").on(t.userId)],
);

// The one-time code --seed-admin prints for an admin's first two-factor setup on a server paying a
// real ledger (SHA-256; one per admin, replaced by the next --seed-admin, deleted once used).
export const twoFactorSetupCodes = sqliteTable("two_factor_setup_codes", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  expiresAt: integer("expires_at").notNull(),
  createdAt: createdAt(),
});

// Wrong two-factor codes entered for an account, from any network (modules/two-factor/guesses.ts):
// how many in the current streak and when the last one came. Past a few, each further code waits
// longer before it is checked; a streak ends after 15 quiet minutes.
export const codeGuesses = sqliteTable("code_guesses", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  failures: integer("failures").notNull(),
  lastFailedAt: integer("last_failed_at").notNull(),
});

export const faucetRequests = sqliteTable(
  "faucet_requests",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    address: text("address").notNull(),
    destinationTag: integer("destination_tag"),
    amountDrops: integer("amount_drops").notNull(),
    reason: text("reason"),
    // PENDING -> APPROVED | REJECTED; APPROVED -> PROCESSED once the ledger validated the payment.
    status: text("status").notNull().default("PENDING"),
    riskScore: integer("risk_score"),
    riskReasons: text("risk_reasons", { mode: "json" }).$type<string[]>(),
    requesterIp: text("requester_ip"),
    ipGroup: text("ip_group"),
    // the IPv6 /48 or IPv4 /24 (caps count here too) and the IPv6 /32 or IPv4 /16 (velocity only)
    ipNetwork: text("ip_network"),
    ipWide: text("ip_wide"),
    deviceId: text("device_id"),
    userAgent: text("user_agent"),
    reviewId: integer("review_id").references(() => reviews.id, { onDelete: "set null" }),
    rejectReason: text("reject_reason"),
    payoutError: text("payout_error"),
    processedBy: integer("processed_by").references(() => users.id, { onDelete: "set null" }),
    processedAt: integer("processed_at"),
    txHash: text("tx_hash"),
    // The UTC day whose budget holds this request's amount; null while it holds none (a high-risk
    // request waiting for review, or a rejected one).
    budgetDay: text("budget_day"),
    // Approved by the auto-approve rule (faucet_settings.auto_approve_*), not by a person.
    autoApproved: integer("auto_approved", { mode: "boolean" }).notNull().default(false),
    // Why the auto-approve rule left it for a person (it then holds no budget and the rule does not
    // look at it again); null while the rule may still pay it.
    autoApproveSkip: text("auto_approve_skip"),
    // The address signals' part of risk_score (modules/address-signals; negative for a long history
    // of its own) and their reasons, which risk_reasons holds too.
    addressPoints: integer("address_points").notNull().default(0),
    addressReasons: text("address_reasons", { mode: "json" }).$type<string[]>(),
    // The signals of its own network, device and address that its score last counted (risk.ts:
    // OWN_SIGNALS, in that order): a new request from another network of its wide network changes
    // none of them, so it scores this one again from them and the counts they share.
    riskSignals: text("risk_signals", { mode: "json" }).$type<number[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("faucet_requests_address_time").on(t.address, t.createdAt),
    index("faucet_requests_network_time").on(t.ipNetwork, t.createdAt),
    // (with the network, the status and the score: the wide network's count of other networks' requests,
    // and the newest of them still waiting below the top score, read the index alone)
    index("faucet_requests_wide_time").on(t.ipWide, t.createdAt, t.ipNetwork, t.status, t.riskScore),
    index("faucet_requests_device_time").on(t.deviceId, t.createdAt),
    index("faucet_requests_time").on(t.createdAt),
    index("faucet_requests_status_time").on(t.status, t.createdAt),
    index("faucet_requests_user_time").on(t.userId, t.createdAt),
    uniqueIndex("faucet_requests_review").on(t.reviewId).where(sql`review_id is not null`),
    // whether a wide network got a request approved today (a risk signal): approved and paid rows only,
    // so a new request writes nothing here and a farm's waiting rows are not read
    index("faucet_requests_wide_approved").on(t.ipWide, t.processedAt).where(sql`status in ('APPROVED', 'PROCESSED')`),
    // the admin's "most recently processed" list
    index("faucet_requests_processed").on(t.processedAt).where(sql`processed_at is not null`),
  ],
);

// What the faucet accepted per UTC day, kept with each request so the budget check is one read.
export const faucetDailyTotals = sqliteTable("faucet_daily_totals", {
  day: text("day").primaryKey(), // YYYY-MM-DD (UTC)
  amountDrops: integer("amount_drops").notNull().default(0),
  requests: integer("requests").notNull().default(0),
  // what the day's bonus budget holds (social and reviewer bonuses)
  bonusDrops: integer("bonus_drops").notNull().default(0),
});

// What each UTC hour took from the day's budgets (holds less what was given back within the hour)
// and how many faucet requests it accepted: an hour's slice is what the day had left at its start
// spread over the hours left (faucet/budget-pools.ts), and the usual rate of each hour of the day is read
// from these rows (faucet/surge.ts). `hour`: whole hours since 1970-01-01 UTC.
export const faucetHourlyTotals = sqliteTable("faucet_hourly_totals", {
  hour: integer("hour").primaryKey(),
  amountDrops: integer("amount_drops").notNull().default(0),
  bonusDrops: integer("bonus_drops").notNull().default(0),
  requests: integer("requests").notNull().default(0),
});

export const rewards = sqliteTable(
  "rewards",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // SOCIAL_SHARE, REVIEW, STREAK, ...
    type: text("type").notNull(),
    amountDrops: integer("amount_drops").notNull(),
    // PENDING -> APPROVED | PAID | DENIED; APPROVED -> PAID when the user is paid.
    status: text("status").notNull().default("PENDING"),
    platform: text("platform"),
    address: text("address"),
    sharedUrl: text("shared_url"),
    sharedContent: text("shared_content", { mode: "json" }).$type<{ title?: string; description?: string }>(),
    reason: text("reason"),
    // Why an admin denied it; the user sees it in their history.
    denyReason: text("deny_reason"),
    payoutId: integer("payout_id").references(() => payouts.id, { onDelete: "set null" }),
    processedBy: integer("processed_by").references(() => users.id, { onDelete: "set null" }),
    processedAt: integer("processed_at"),
    txHash: text("tx_hash"),
    // Where the claim came from and what that says (shown to the admin beside it)
    ip: text("ip"),
    ipNetwork: text("ip_network"),
    deviceId: text("device_id"),
    riskScore: integer("risk_score"),
    riskReasons: text("risk_reasons", { mode: "json" }).$type<string[]>(),
    // The UTC day whose bonus budget holds its amount; null once it holds none (denied)
    budgetDay: text("budget_day"),
    createdAt: createdAt(),
  },
  (t) => [
    index("rewards_user_time").on(t.userId, t.createdAt),
    index("rewards_status_time").on(t.status, t.createdAt),
    index("rewards_user_type_platform_time").on(t.userId, t.type, t.platform, t.createdAt),
    index("rewards_address_time").on(t.address, t.createdAt),
    index("rewards_network_time").on(t.ipNetwork, t.createdAt),
    index("rewards_device_time").on(t.deviceId, t.createdAt),
  ],
);

// Shares a logged-in user made from the site: the dashboard's bonus claim, which names no
// platform, counts for the platform shared on last.
export const socialShares = sqliteTable(
  "social_shares",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("social_shares_user_time").on(t.userId, t.createdAt)],
);

// One row per thing being paid; see docs/payouts.md for the state machine.
export const payouts = sqliteTable(
  "payouts",
  {
    id: id(),
    // FAUCET_REQUEST or USER_PAYMENT
    kind: text("kind").notNull(),
    faucetRequestId: integer("faucet_request_id").references(() => faucetRequests.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    destination: text("destination").notNull(),
    destinationTag: integer("destination_tag"),
    amountDrops: integer("amount_drops").notNull(),
    // queued, preflight_refused, withdrawn (by an admin, before signing), sequence_assigned, in_flight,
    // paid, failed_on_ledger, needs_attention
    status: text("status").notNull().default("queued"),
    account: text("account"),
    sequence: integer("sequence"),
    txHash: text("tx_hash"),
    ledgerIndex: integer("ledger_index"),
    error: text("error"),
    // the payout's name in its payment's Memo and InvoiceID: random, made with the row (identity.ts)
    ledgerRef: text("ledger_ref"),
    // paid as the wallet's history on the ledger showed it (a restored or copied database), not as this database sent it
    foundOnLedger: integer("found_on_ledger", { mode: "boolean" }).notNull().default(false),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("payouts_faucet_request").on(t.faucetRequestId).where(sql`faucet_request_id is not null`),
    uniqueIndex("payouts_account_sequence").on(t.account, t.sequence).where(sql`sequence is not null`),
    uniqueIndex("payouts_ledger_ref").on(t.ledgerRef),
    // At most one open payment per user: a second "pay" while one is open is a no-op.
    uniqueIndex("payouts_open_user_payment")
      .on(t.userId)
      .where(sql`kind = 'USER_PAYMENT' and status in ('queued', 'sequence_assigned', 'in_flight', 'needs_attention')`),
    index("payouts_status").on(t.status),
    // what was paid in the last days (the wallet's days left, the 30-day chart)
    index("payouts_status_time").on(t.status, t.updatedAt),
    index("payouts_user_time").on(t.userId, t.createdAt),
    // the public feed of the latest payouts, newest settled first
    index("payouts_paid_time").on(t.updatedAt).where(sql`status = 'paid'`),
  ],
);

// Every signed transaction for a payout; all attempts of one payout share its Sequence.
export const payoutAttempts = sqliteTable(
  "payout_attempts",
  {
    id: id(),
    payoutId: integer("payout_id")
      .notNull()
      .references(() => payouts.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    txHash: text("tx_hash").notNull(),
    signedBlob: text("signed_blob").notNull(),
    feeDrops: integer("fee_drops").notNull(),
    minLedger: integer("min_ledger").notNull(),
    lastLedgerSequence: integer("last_ledger_sequence").notNull(),
    // signed, submitted, validated, expired
    status: text("status").notNull().default("signed"),
    engineResult: text("engine_result"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("payout_attempts_hash").on(t.txHash),
    index("payout_attempts_payout").on(t.payoutId),
    // the Sequences the ledger took from this faucet since the engine last read the wallet's history
    index("payout_attempts_sequence").on(t.sequence),
  ],
);

// A single row (id = 1): this installation's id (made by its migration, so a backup or a copy of the
// database carries it; its payments name it on the ledger) and the last validated ledger up to which
// the engine has read the hot wallet's history (null: not yet).
export const installation = sqliteTable("installation", {
  id: integer("id").primaryKey(),
  installationId: text("installation_id").notNull(),
  reconciledLedger: integer("reconciled_ledger"),
  // the hash of the ledger reconciled_ledger names, as the server showed it then
  reconciledHash: text("reconciled_hash"),
  // the network id of the ledger the faucet pays on, from its first payout tick
  networkId: integer("network_id"),
  // what a new database read back from a used wallet's history (JSON, wallet/model.ts shows it)
  rebuilt: text("rebuilt"),
});

// Transactions of the hot wallet the ledger shows and no payout of this database accounts for:
// sent outside the faucet (origin 'outside'), or of this installation for a payout this database
// never had ('unknown_payout': a request made after the backup it was restored from).
export const walletLedgerPayments = sqliteTable(
  "wallet_ledger_payments",
  {
    id: id(),
    txHash: text("tx_hash").notNull(),
    origin: text("origin").notNull(),
    transactionType: text("transaction_type").notNull(),
    result: text("result").notNull(),
    destination: text("destination"),
    amountDrops: integer("amount_drops"),
    sequence: integer("sequence").notNull(),
    ledgerIndex: integer("ledger_index").notNull(),
    // what the payment's memo names (e.g. faucet_request:12), for the installation's own
    payoutKey: text("payout_key"),
    foundAt: integer("found_at").notNull(),
  },
  (t) => [
    uniqueIndex("wallet_ledger_payments_hash").on(t.txHash),
    index("wallet_ledger_payments_found").on(t.origin, t.foundAt),
  ],
);

// One signer per hot wallet across processes.
export const signerLeases = sqliteTable("signer_leases", {
  account: text("account").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

// A single row (id = 1): the settings the faucet runs on.
export const faucetSettings = sqliteTable("faucet_settings", {
  id: integer("id").primaryKey(),
  dailyLimitDrops: integer("daily_limit_drops").notNull().default(100_000_000),
  minAmountDrops: integer("min_amount_drops").notNull().default(5_000_000),
  maxAmountDrops: integer("max_amount_drops").notNull().default(20_000_000),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
  perIpDaily: integer("per_ip_daily").notNull().default(3),
  perDeviceDaily: integer("per_device_daily").notNull().default(3),
  // "address": each IP counts alone; "subnet": IPv4 /24 and IPv6 /64 count as one
  ipGrouping: text("ip_grouping").notNull().default("subnet"),
  // Key derivations a browser must try before a public form is accepted; 0 turns the check off
  powDifficulty: integer("pow_difficulty").notNull().default(2000),
  // New accounts one network (ip_grouping) may register in an hour and in 24 hours
  accountsPerHour: integer("accounts_per_hour").notNull().default(5),
  accountsPerDay: integer("accounts_per_day").notNull().default(20),
  // null: the faucet's minAmount
  reviewerBonusDrops: integer("reviewer_bonus_drops"),
  // Auto-approve (off by default): a request whose risk score stays at or below the threshold for
  // the hold time is approved and paid by the engine, up to a daily total.
  autoApproveEnabled: integer("auto_approve_enabled", { mode: "boolean" }).notNull().default(false),
  autoApproveMaxRiskScore: integer("auto_approve_max_risk_score").notNull().default(20),
  autoApproveHoldMinutes: integer("auto_approve_hold_minutes").notNull().default(10),
  autoApproveMaxPerDayDrops: integer("auto_approve_max_per_day_drops").notNull().default(50_000_000),
  // The day's budget for social and reviewer bonuses, released through the day like the faucet's
  bonusDailyLimitDrops: integer("bonus_daily_limit_drops").notNull().default(50_000_000),
  // A bonus needs an account at least this old
  bonusMinAccountAgeHours: integer("bonus_min_account_age_hours").notNull().default(24),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: integer("updated_at").notNull(),
});

export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    rating: integer("rating").notNull(),
    content: text("content").notNull(),
    name: text("name"),
    approved: integer("approved", { mode: "boolean" }).notNull().default(true),
    // When an admin rejected it (hidden, no longer waiting for moderation); null while shown or waiting.
    rejectedAt: integer("rejected_at"),
    ipAddress: text("ip_address"),
    // the reviewer bonus may only be claimed from the device that wrote the review
    deviceId: text("device_id"),
    userAgent: text("user_agent"),
    // the IPv6 /48 or IPv4 /24 it came from: a burst from one network is held for moderation
    ipNetwork: text("ip_network"),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_approved_time").on(t.approved, t.createdAt),
    index("reviews_ip_time").on(t.ipAddress, t.createdAt),
    index("reviews_network_time").on(t.ipNetwork, t.createdAt),
  ],
);

export const newsletterSignups = sqliteTable(
  "newsletter_signups",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name"),
    // PENDING, APPROVED, DENIED, SUBSCRIBED
    status: text("status").notNull().default("SUBSCRIBED"),
    source: text("source"),
    notes: text("notes"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [uniqueIndex("newsletter_signups_email").on(sql`lower(${t.email})`)],
);

export const earningAlertSignups = sqliteTable(
  "earning_alert_signups",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name"),
    phone: text("phone"),
    alertTypes: text("alert_types", { mode: "json" }).notNull().$type<string[]>(),
    // PENDING, APPROVED, DENIED, ACTIVE
    status: text("status").notNull().default("ACTIVE"),
    source: text("source"),
    notes: text("notes"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [uniqueIndex("earning_alert_signups_email").on(sql`lower(${t.email})`)],
);

export const advertisingRequests = sqliteTable(
  "advertising_requests",
  {
    id: id(),
    companyName: text("company_name").notNull(),
    email: text("email").notNull(),
    budget: text("budget").notNull(),
    website: text("website"),
    message: text("message"),
    // PENDING, CONTACTED, APPROVED, REJECTED
    status: text("status").notNull().default("PENDING"),
    notes: text("notes"),
    adminName: text("admin_name"),
    processedBy: integer("processed_by").references(() => users.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    processedAt: integer("processed_at"),
  },
  (t) => [index("advertising_requests_status_time").on(t.status, t.createdAt)],
);

// Who did what, when, from where: every admin action that changes something.
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: text("details", { mode: "json" }),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_time").on(t.createdAt),
    index("audit_log_target").on(t.targetType, t.targetId),
    // the audit log's filters (by action, by admin), newest first
    index("audit_log_action").on(t.action),
    index("audit_log_actor").on(t.actorName),
  ],
);

// Parties the admin refuses: an XRP address, an IP address or network (CIDR), or a device id.
// A refusal answers with a neutral message and counts here.
export const blockList = sqliteTable(
  "block_list",
  {
    id: id(),
    // address | ip | device
    kind: text("kind").notNull(),
    // the address, the device id, or an IP as written: "203.0.113.7", "203.0.113.0/24", "2001:db8::/48"
    value: text("value").notNull(),
    note: text("note"),
    expiresAt: integer("expires_at"),
    refusals: integer("refusals").notNull().default(0),
    lastRefusedAt: integer("last_refused_at"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("block_list_kind_value").on(t.kind, t.value)],
);

// What happened to a user's money, for the header's bell.
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // REQUEST_APPROVED, REQUEST_PAID, REQUEST_REJECTED, REWARD_APPROVED, REWARD_PAID, REWARD_DENIED
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    txHash: text("tx_hash"),
    // faucet_request | reward | payout, and its id
    targetType: text("target_type"),
    targetId: integer("target_id"),
    readAt: integer("read_at"),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_time").on(t.userId, t.createdAt)],
);

// One-time password-reset links; the id is the SHA-256 of the token the link carries.
export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    // the admin who made the link; null when it was emailed from "Forgot password?"
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user").on(t.userId)],
);

// Rows as the repositories return them.
export type User = typeof users.$inferSelect;
export type FaucetRequest = typeof faucetRequests.$inferSelect;
export type NewFaucetRequest = typeof faucetRequests.$inferInsert;
export type Reward = typeof rewards.$inferSelect;
export type Payout = typeof payouts.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type NewsletterSignup = typeof newsletterSignups.$inferSelect;
export type EarningAlertSignup = typeof earningAlertSignups.$inferSelect;
export type AdvertisingRequest = typeof advertisingRequests.$inferSelect;
export type AuditLogEntry = typeof auditLog.$inferSelect;
export type NewAuditLogEntry = typeof auditLog.$inferInsert;
export type BlockListEntry = typeof blockList.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type PasswordReset = typeof passwordResets.$inferSelect;
export type CodeGuesses = typeof codeGuesses.$inferSelect;

// One row at a time, written and deleted by GET /api/health to prove the database takes writes.
export const healthProbe = sqliteTable("health_probe", {
  id: integer("id").primaryKey(),
  checkedAt: integer("checked_at").notNull(),
  filler: blob("filler"),
});

// Conditions the operator must hear about (modules/alerts): one open row per kind until it clears;
// admins are emailed once when it is raised.
export const alerts = sqliteTable(
  "alerts",
  {
    id: id(),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    raisedAt: integer("raised_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    clearedAt: integer("cleared_at"),
    emailedAt: integer("emailed_at"),
  },
  (t) => [
    uniqueIndex("alerts_open_kind").on(t.kind).where(sql`${t.clearedAt} is null`),
    index("alerts_raised").on(t.raisedAt),
  ],
);
export type Alert = typeof alerts.$inferSelect;
export type WalletLedgerPayment = typeof walletLedgerPayments.$inferSelect;

// The operator's content (migration 0020): blog posts, the three ad slots and their clicks, the
// contact form's inbox, and the site's name, logo and contact address.
export const posts = sqliteTable(
  "posts",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    // Markdown (shared/markdown.ts renders it, escaping all HTML)
    body: text("body").notNull(),
    // an uploaded image, /uploads/<name>
    featuredImage: text("featured_image"),
    author: text("author").notNull(),
    // draft or published; a published post is public from published_at on (a later one is scheduled)
    status: text("status").notNull().default("draft"),
    publishedAt: integer("published_at"),
    // the post's language (a code of src/shared/languages.ts): /blog lists it only in that language;
    // null: in every language
    language: text("language"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("posts_slug").on(t.slug), index("posts_status_published").on(t.status, t.publishedAt)],
);
export type Post = typeof posts.$inferSelect;

// One row per filled slot (leaderboard, skyscraper, rectangle): an image and a link, or an iframe.
export const adSlots = sqliteTable("ad_slots", {
  slot: text("slot").primaryKey(),
  imageUrl: text("image_url"),
  linkUrl: text("link_url"),
  iframeUrl: text("iframe_url"),
  alt: text("alt").notNull().default(""),
  updatedAt: integer("updated_at").notNull(),
});
export type AdSlotRow = typeof adSlots.$inferSelect;

// The clicks on image ads, counted (ads/clicks.ts says which count): one row per slot and hour, from
// the hour's start, or from the ad's save in the hour it was saved (a slot's count since its save
// sums the rows from then on).
export const adClickCounts = sqliteTable(
  "ad_click_counts",
  {
    slot: text("slot").notNull(),
    startsAt: integer("starts_at").notNull(),
    clicks: integer("clicks").notNull(),
  },
  (t) => [primaryKey({ columns: [t.slot, t.startsAt] })],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    ipAddress: text("ip_address").notNull(),
    userAgent: text("user_agent"),
    // the networks it came from (lib/ip-group.ts): the form's limit counts at the network (IPv6 /48,
    // IPv4 /24), a burst is one wide network's (IPv6 /32, IPv4 /16); null for messages from before
    // they were stored (migration 0027), which are never counted nor in a burst
    ipNetwork: text("ip_network"),
    ipWide: text("ip_wide"),
    // one of 3 or more from its wide network within 10 minutes (contact/model.ts): the inbox may hide it
    inBurst: integer("in_burst", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    readAt: integer("read_at"),
  },
  (t) => [
    index("contact_messages_time").on(t.createdAt),
    index("contact_messages_unread").on(t.createdAt).where(sql`${t.readAt} is null`),
    index("contact_messages_network_time").on(t.ipNetwork, t.createdAt),
    index("contact_messages_wide_time").on(t.ipWide, t.createdAt),
    index("contact_messages_calm_time").on(t.createdAt).where(sql`${t.inBurst} = 0`),
  ],
);
export type ContactMessage = typeof contactMessages.$inferSelect;

// One row (id 1): what the header, the footer and the shared links call the site.
export const siteSettings = sqliteTable("site_settings", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  logoUrl: text("logo_url"),
  contactEmail: text("contact_email"),
  updatedAt: integer("updated_at").notNull(),
});
export type SiteSettings = typeof siteSettings.$inferSelect;

// What the ledger says about a requested address (modules/address-signals), read in the background:
// whether it exists, when and by which account it was activated, its balance and the transactions it
// sent; `sink`: the account its XRP goes on to (it feeds it, or the sink or a feeder activated it).
export const addressSignals = sqliteTable(
  "address_signals",
  {
    address: text("address").primaryKey(),
    found: integer("found", { mode: "boolean" }).notNull(),
    activatedAt: integer("activated_at"),
    activatedBy: text("activated_by"),
    balanceDrops: integer("balance_drops"),
    txCount: integer("tx_count"),
    sink: text("sink"),
    checkedAt: integer("checked_at").notNull(),
    // when its payments out were last read (addresses this faucet paid, for some days)
    flowsCheckedAt: integer("flows_checked_at"),
  },
  (t) => [
    index("address_signals_activator").on(t.activatedBy, t.activatedAt),
    index("address_signals_sink").on(t.sink).where(sql`sink is not null`),
  ],
);
export type AddressSignal = typeof addressSignals.$inferSelect;

// Payments out of addresses this faucet paid: one row per address and destination.
export const addressFlows = sqliteTable(
  "address_flows",
  {
    address: text("address").notNull(),
    destination: text("destination").notNull(),
    amountDrops: integer("amount_drops").notNull(),
    firstAt: integer("first_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.address, t.destination] }),
    index("address_flows_destination").on(t.destination, t.address),
  ],
);

// Destinations that several paid addresses send their XRP on to.
export const addressSinks = sqliteTable("address_sinks", {
  account: text("account").primaryKey(),
  feeders: integer("feeders").notNull(),
  foundAt: integer("found_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});
export type AddressSink = typeof addressSinks.$inferSelect;
