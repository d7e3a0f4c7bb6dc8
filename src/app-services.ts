// Every service of the app, built once and in order: a service that needs another is built after
// it and given it.
import { dirname, join } from "node:path";
import type { AppDeps } from "./app-deps.ts";
import { createSessionReader } from "./auth/current-user.ts";
import { createHashGate } from "./auth/hash-gate.ts";
import { createSecretBox } from "./auth/secret-box.ts";
import { createSessionService } from "./auth/sessions.ts";
import { createLoginThrottle } from "./auth/throttle.ts";
import { createGroupCommit } from "./db/group-commit.ts";
import type { FaucetRequest } from "./db/schema.ts";
import { type IpGrouping, ipNetworks } from "./lib/ip-group.ts";
import type { RequestLog } from "./lib/request-log.ts";
import { createCurrentPassword } from "./modules/account/current-password.ts";
import { createFailedSignInAlert } from "./modules/account/failed-sign-ins.ts";
import { createMailer } from "./modules/account/mail.ts";
import { createAccountService } from "./modules/account/service.ts";
import { createAddressSignals } from "./modules/address-signals/service.ts";
import { createAdService } from "./modules/ads/service.ts";
import { createAdvertisingService } from "./modules/advertising/service.ts";
import { createAuditService } from "./modules/audit/service.ts";
import { createAutoApprover } from "./modules/auto-approve/service.ts";
import { createBackOfficeService } from "./modules/back-office/service.ts";
import { createBackupService } from "./modules/backups/service.ts";
import { createBlocklistService } from "./modules/blocklist/service.ts";
import { createBlogService } from "./modules/blog/service.ts";
import { createContactService } from "./modules/contact/service.ts";
import { createExplorerService } from "./modules/explorer/service.ts";
import { createExportService } from "./modules/exports/service.ts";
import { createAdminList } from "./modules/faucet/admin-list.ts";
import { createAdminListRepository } from "./modules/faucet/admin-list-repository.ts";
import { createRequestFile } from "./modules/faucet/request-file.ts";
import { createRequestFileRepository } from "./modules/faucet/request-file-repository.ts";
import { createRequestStatus } from "./modules/faucet/request-status.ts";
import { createFaucetService } from "./modules/faucet/service.ts";
import { createHealth } from "./modules/health/service.ts";
import { createNotificationService } from "./modules/notifications/service.ts";
import { createPasswordResetService } from "./modules/password-reset/service.ts";
import { createPayoutService } from "./modules/payouts/service.ts";
import { createProofOfWork } from "./modules/pow/service.ts";
import { createReviewService } from "./modules/reviews/service.ts";
import { createRewardService } from "./modules/rewards/service.ts";
import { createSandboxService } from "./modules/sandbox/service.ts";
import { createSessionListService } from "./modules/sessions/service.ts";
import { createSettingsService } from "./modules/settings/service.ts";
import { createLive } from "./modules/live/service.ts";
import { createFormLimit, createSignupService } from "./modules/signups/service.ts";
import { createSiteService } from "./modules/site/service.ts";
import { createSocialService } from "./modules/social/service.ts";
import { createStatsService } from "./modules/stats/service.ts";
import { createTwoFactorService } from "./modules/two-factor/service.ts";
import { createUploadService } from "./modules/uploads/service.ts";
import { createWalletStatus } from "./modules/wallet/service.ts";
import { createOperations } from "./app-operations.ts";

export function createServices(deps: AppDeps, clock: () => number, log: (line: string) => void, requests: RequestLog) {
  const { db, config } = deps;
  const runtime = deps.payouts ?? null;

  // the back office's event stream: the features below tell it what changed
  const live = createLive(deps.live);
  const changed = live.changed;
  const settings = createSettingsService({ db, clock });
  const pow = createProofOfWork({ clock, difficulty: () => settings.get().powDifficulty });
  const networksOf = (ip: string) => ipNetworks(ip, settings.get().ipGrouping as IpGrouping);
  const mailer = config.mail ? createMailer(config.mail) : null;

  // Who is signed in: the sessions, the list of them (which alerts the admins to a session used
  // elsewhere), two-factor sign-in and the accounts.
  const sessions = createSessionService({ db, clock });
  const sessionList = createSessionListService({ db, clock, sessions, mailer, log });
  const cookieOptions = { secure: config.publicUrl?.startsWith("https:") ?? false };
  const currentUser = createSessionReader(sessions, cookieOptions, (user, where) =>
    sessionList.usedElsewhere(user, where),
  );
  // one count of wrong passwords and wrong two-factor codes, per username and network
  const throttle = createLoginThrottle(clock, { keysPerTier: deps.throttleKeysPerTier });
  // one line of password hashing for logins, registrations, password changes and reset links
  const hashGate = createHashGate();
  // what a failed sign-in tells the account's owner, and the check of a signed-in user's password
  // that the accounts and two-factor share
  const failedSignIn = createFailedSignInAlert({ db, clock, mailer, log });
  const currentPassword = createCurrentPassword({ throttle, hashGate, networksOf, failedSignIn });
  // the site's name, logo and contact address (the authenticator app names the site by it)
  const site = createSiteService({ db, clock });
  const twoFactor = createTwoFactorService({
    db,
    clock,
    siteName: () => site.get().name,
    box: createSecretBox(deps.secretKey),
    sessions,
    throttle,
    networksOf,
    requiredForAdmins: deps.adminTwoFactorRequired ?? false,
    confirmPassword: currentPassword.confirmPassword,
    mailer,
    log,
  });
  const accounts = createAccountService({
    db,
    clock,
    sessions,
    throttle,
    hashGate,
    passwordCost: deps.passwordCost,
    limits: () => settings.get(),
    secondFactor: twoFactor,
    currentPassword,
    failedSignIn,
    onSignIn: (user, origin) => sessionList.signedIn(user, origin),
    refusalHoldMs: deps.loginRefusalHoldMs,
  });
  const passwordReset = createPasswordResetService({
    db,
    clock,
    hashGate,
    passwordCost: deps.passwordCost,
    ipGrouping: () => settings.get().ipGrouping,
    mailer,
    log,
  });

  // The faucet, the block list it reads and the address signals that rescore its requests.
  const blocklist = createBlocklistService({ db, clock });
  // (a request whose party was blocked during its hold waits for a person)
  const blockedRequest = (r: FaucetRequest) =>
    blocklist.matches({ ip: r.requesterIp ?? "", deviceId: r.deviceId, address: r.address }).length > 0;
  // a request's state after it is made, written only through the faucet's transitions
  const requestStatus = createRequestStatus(db, changed);
  const faucet = createFaucetService({
    db,
    clock,
    settings,
    requests: requestStatus,
    changed,
    groupCommit: createGroupCommit(db.sqlite),
    random: deps.random,
  });
  // what the ledger says of requested addresses, read in the background through the payouts' ledger
  const addressSignals = createAddressSignals({
    db,
    clock,
    log,
    ledger: () => runtime?.ledger ?? null,
    faucetAccount: () => runtime?.engine.account ?? null,
    applyAddressRisk: (id, points, reasons) => faucet.applyAddressRisk(id, points, reasons),
    blockAddresses: (addresses, note, actor) => blocklist.addAddresses(addresses, note, actor),
  });
  // the admin's list of requests and one request's file, each with whether its party is blocked
  // and its address's evidence
  const adminListRepository = createAdminListRepository(db);
  const faucetAdminList = createAdminList({
    repo: adminListRepository,
    blocked: blockedRequest,
    addressEvidence: addressSignals.evidence,
  });
  const requestFile = createRequestFile({
    list: adminListRepository,
    repo: createRequestFileRepository(db),
    blocked: blockedRequest,
    addressEvidence: addressSignals.evidence,
  });
  const payouts = createPayoutService({
    db,
    clock,
    engine: () => runtime?.engine ?? null,
    budget: faucet,
    requests: requestStatus,
    blockedAddress: (address) => blocklist.addressBlocked(address),
  });
  const autoApprove = createAutoApprover({
    db,
    clock,
    settings,
    faucet,
    payouts,
    requests: requestStatus,
    log,
    blocked: blockedRequest,
  });
  const reviews = createReviewService({ db, clock, faucet, requests: requestStatus, changed });
  const social = createSocialService({ db, clock, settings, faucet, changed });
  const rewards = createRewardService({
    db,
    clock,
    publicUsersByIds: (ids) => accounts.publicUsersByIds(ids),
    faucet,
    changed,
  });

  // the newsletter, earning-alert and advertiser forms share one limit per IP
  const formLimit = createFormLimit(clock);
  const signups = createSignupService({ db, clock, formLimit, changed });
  const advertising = createAdvertisingService({ db, clock, formLimit, changed });
  // the operator's content: posts, ad slots, the contact inbox, the site's name and logo, images
  const blog = createBlogService({ db, clock });
  const ads = createAdService({ db, clock });
  const contact = createContactService({ db, clock, formLimit, changed });
  const uploadsDir = deps.uploadsDir ?? join(dirname(db.sqlite.filename), "uploads");
  const uploads = createUploadService({ dir: uploadsDir, db, clock, quota: deps.uploadQuota });

  const stats = createStatsService({ db, clock });
  const audit = createAuditService({ db });
  const csvExports = createExportService({ db });
  const notifications = createNotificationService({ db, clock });
  const backOffice = createBackOfficeService({
    db,
    clock,
    endSessions: (userId) => sessions.invalidateAllForUser(userId),
    pendingRewards: () => rewards.pending(),
    addressEvidence: addressSignals.evidence,
    unreadMessages: () => contact.unread(),
  });
  const wallet = createWalletStatus({ db, runtime });
  const health = createHealth({ db, clock });
  const explorer = createExplorerService({ explorerUrl: config.explorerUrl ?? null, runtime });
  const sandbox = createSandboxService({ runtime });
  // (its lines, a backup made or failed, go to the standard output unless deps.backups.log says otherwise)
  const backups = createBackupService({
    db,
    dbPath: db.sqlite.filename,
    uploadsDir,
    clock,
    ...deps.backups,
    settings: deps.backups?.settings ?? null,
  });

  // What the operator watches: the alerts, the admin's health strip, the metrics, and what a
  // settled payout does (app-operations.ts).
  const operations = createOperations(deps, clock, log, {
    mailer,
    requests,
    requestStatus,
    settings,
    faucet,
    rewards,
    wallet,
    health,
    backups,
    contact,
    live,
  });

  return {
    currentUser,
    cookieOptions,
    sessions,
    sessionList,
    twoFactor,
    accounts,
    passwordReset,
    settings,
    pow,
    blocklist,
    faucet,
    faucetAdminList,
    requestFile,
    addressSignals,
    payouts,
    autoApprove,
    reviews,
    social,
    rewards,
    signups,
    advertising,
    blog,
    ads,
    contact,
    site,
    uploads,
    stats,
    audit,
    csvExports,
    notifications,
    backOffice,
    wallet,
    health,
    explorer,
    sandbox,
    backups,
    live,
    ...operations,
  };
}

export type Services = ReturnType<typeof createServices>;
