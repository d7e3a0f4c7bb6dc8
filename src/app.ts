// createApp(deps) is the one place where the pieces are wired; tests build it around a
// temporary database and a fake clock.
import { Elysia } from "elysia";
import { createSessionReader } from "./auth/current-user.ts";
import { createGroupCommit } from "./db/group-commit.ts";
import { OPTIMIZE_EVERY_MS, optimizeQueryPlanner } from "./db/open.ts";
import { createPayoutService } from "./modules/payouts/service.ts";
import { createSettlementOutcomes } from "./modules/payouts/settlement.ts";
import type { PayoutRuntime } from "./payouts/runtime.ts";
import { createWalletStatus } from "./modules/wallet/service.ts";
import { createRewardService, type RewardService } from "./modules/rewards/service.ts";
import { rewardRoutes } from "./modules/rewards/routes.ts";
import { walletRoutes } from "./modules/wallet/routes.ts";
import type { PasswordCost } from "./auth/passwords.ts";
import { createSessionService } from "./auth/sessions.ts";
import { createLoginThrottle } from "./auth/throttle.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { FaucetRequest } from "./db/schema.ts";
import { createClientIpResolver, type ClientIpResolver, forwardedIpRefused } from "./http/client-ip.ts";
import { createBodyReads, IS_JSON_TYPE, readBody, readBytes } from "./http/body.ts";
import { type ContextDeps, createVisitor, visitingAdmin } from "./http/context.ts";
import { errorHeaders, HttpError, INTERNAL_ERROR, jsonError } from "./lib/errors.ts";
import { type IpGrouping, ipGroup, ipNetworks } from "./lib/ip-group.ts";
import { newDeviceCookie } from "./http/device.ts";
import { createErrorLog } from "./http/error-log.ts";
import { openApiDocument } from "./http/openapi.ts";
import { isCrossSiteWrite } from "./http/origin.ts";
import { createPublicReads, hasSessionCookie } from "./http/public-reads.ts";
import { createFastPosts } from "./http/fast-posts.ts";
import { badHostAnswer, hostIsValid } from "./http/host.ts";
import { createSiteOrigin } from "./http/site-origin.ts";
import { createRequestLog } from "./lib/request-log.ts";
import type { AccessEntry } from "./lib/log.ts";
import type { MetricsSources } from "./modules/metrics/model.ts";
import { metricsRoutes } from "./modules/metrics/routes.ts";
import { createMetrics } from "./modules/metrics/service.ts";
import { lazy } from "./lib/lazy.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { type PageMeta, robotsTxt, serveWebAsset, serveWebPage } from "./http/web-assets.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { createHealth, isWriteFailure } from "./modules/health/service.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { createSettingsService } from "./modules/settings/service.ts";
import { powRoutes } from "./modules/pow/routes.ts";
import { createProofOfWork } from "./modules/pow/service.ts";
import { faucetRoutes } from "./modules/faucet/routes.ts";
import { payoutRoutes } from "./modules/payouts/routes.ts";
import { createFaucetService } from "./modules/faucet/service.ts";
import { advertisingRoutes } from "./modules/advertising/routes.ts";
import { createAdvertisingService } from "./modules/advertising/service.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { createAuditService } from "./modules/audit/service.ts";
import { exportRoutes } from "./modules/exports/routes.ts";
import { createExportService } from "./modules/exports/service.ts";
import { reviewRoutes } from "./modules/reviews/routes.ts";
import { createReviewService } from "./modules/reviews/service.ts";
import { signupRoutes } from "./modules/signups/routes.ts";
import { createFormLimit, createSignupService } from "./modules/signups/service.ts";
import { statsRoutes } from "./modules/stats/routes.ts";
import { createStatsService } from "./modules/stats/service.ts";
import { accountRoutes } from "./modules/account/routes.ts";
import { type AccountService, createAccountService } from "./modules/account/service.ts";
import { createHashGate } from "./auth/hash-gate.ts";
import { passwordResetRoutes } from "./modules/password-reset/routes.ts";
import { createPasswordResetService } from "./modules/password-reset/service.ts";
import { createMailer } from "./modules/account/mail.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { createNotificationService } from "./modules/notifications/service.ts";
import { socialRoutes } from "./modules/social/routes.ts";
import { explorerRoutes } from "./modules/explorer/routes.ts";
import { createExplorerService } from "./modules/explorer/service.ts";
import { sandboxRoutes } from "./modules/sandbox/routes.ts";
import { createSandboxService } from "./modules/sandbox/service.ts";
import { AUTO_APPROVE_EVERY_MS, createAutoApprover } from "./modules/auto-approve/service.ts";
import { createSocialService } from "./modules/social/service.ts";
import { blockedPartyCheck } from "./modules/blocklist/guard.ts";
import { blocklistRoutes } from "./modules/blocklist/routes.ts";
import { createBlocklistService } from "./modules/blocklist/service.ts";
import { backOfficeRoutes } from "./modules/back-office/routes.ts";
import { createSecretBox } from "./auth/secret-box.ts";
import { twoFactorRoutes } from "./modules/two-factor/routes.ts";
import { createTwoFactorService } from "./modules/two-factor/service.ts";
import { sessionRoutes } from "./modules/sessions/routes.ts";
import { backupRoutes } from "./modules/backups/routes.ts";
import { type BackupOptions, createBackupService } from "./modules/backups/service.ts";
import * as alertChecks from "./modules/alerts/checks.ts";
import type { BackupState, DiskSpace } from "./modules/alerts/checks.ts";
import { ALERTS_EVERY_MS, WALLET_DAYS_DEFAULT } from "./modules/alerts/model.ts";
import { alertRoutes } from "./modules/alerts/routes.ts";
import { createAlertService } from "./modules/alerts/service.ts";
import { createSessionListService } from "./modules/sessions/service.ts";
import { createBackOfficeService } from "./modules/back-office/service.ts";
import { blogRoutes } from "./modules/blog/routes.ts";
import { createBlogService } from "./modules/blog/service.ts";
import { adRoutes } from "./modules/ads/routes.ts";
import { createAdService } from "./modules/ads/service.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { createContactService } from "./modules/contact/service.ts";
import { siteRoutes } from "./modules/site/routes.ts";
import { createSiteService } from "./modules/site/service.ts";
import { uploadRoutes } from "./modules/uploads/routes.ts";
import { createUploadService } from "./modules/uploads/service.ts";
import { MAX_UPLOAD_BYTES, UPLOAD_ROUTE, type UploadQuota, uploadErrors } from "./modules/uploads/model.ts";
import { dirname, join } from "node:path";
import { atAGlanceRoutes } from "./modules/at-a-glance/routes.ts";
import { createAtAGlance } from "./modules/at-a-glance/service.ts";
import { FLOWS_PASS_EVERY_MS, SIGNALS_EVERY_MS } from "./modules/address-signals/model.ts";
import { addressSignalRoutes } from "./modules/address-signals/routes.ts";
import { createAddressSignals } from "./modules/address-signals/service.ts";

export const MAX_BODY_BYTES = 64 * 1024;
export const BODY_TOO_LARGE = "The request body is too large (at most 64 KiB)";
// Bun.serve answers a body over its own maxRequestBodySize itself, with an empty 413 the app never
// sees. Its limit is therefore far above ours and the app enforces MAX_BODY_BYTES: a declared
// Content-Length in onRequest, the bytes actually read in onParse (chunked bodies). A body nobody
// reads is not buffered: Bun discards it, and `connection: close` on the 413 ends the upload.
const SERVER_BODY_LIMIT = Number.MAX_SAFE_INTEGER;
const bodyTooLarge = () => new HttpError(413, BODY_TOO_LARGE, { connection: "close" });
// A body must arrive within this (64 KiB in 10 s is a very slow line); a network may send this many at once.
export const BODY_DEADLINE_MS = 10_000;
const bodyTooSlow = () => new HttpError(408, "The request body took too long to arrive", { connection: "close" });
const bodiesAtOnce = () =>
  new HttpError(429, "Too many requests at once from your network. Please try again in a moment.", {
    connection: "close",
    "retry-after": "2",
  });

export interface AppDeps {
  db: Db;
  // explorerUrl: --explorer-url (absent in tests that do not set it)
  config: Pick<Config, "publicUrl" | "trustProxy"> & Partial<Pick<Config, "explorerUrl" | "mail">>;
  clock?: () => number;
  clientIp?: ClientIpResolver;
  passwordCost?: PasswordCost;
  version?: string;
  random?: () => number;
  // The payout engine and its ledger, when a wallet is configured (main.ts builds them).
  payouts?: PayoutRuntime | null;
  // How long POST /api/admin/pay waits for the ledger's verdict before answering 202.
  payWaitMs?: number;
  // How long a request body may take to arrive (BODY_DEADLINE_MS; tests shorten it).
  bodyDeadlineMs?: number;
  // How often the auto-approve rule runs (with payouts on); null: never (tests call it themselves).
  autoApproveEveryMs?: number | null;
  // How often new requests' addresses are read from the ledger (with payouts on; paid addresses every
  // FLOWS_PASS_EVERY_MS); null: never (tests call app.services.addressSignals themselves).
  addressSignalsEveryMs?: number | null;
  log?: (line: string) => void;
  // --log-format json: one access line per request (each answer then carries its x-request-id)
  accessLog?: ((entry: AccessEntry) => void) | null;
  // GET /metrics: the operator's --metrics-token (none: this machine only), the metrics other
  // modules own, and the socket's peer address (tests give another; never X-Forwarded-For)
  metrics?: { token?: string | null; sources?: MetricsSources; peerIp?: ClientIpResolver };
  // the key that seals two-factor secrets (auth/secret-box.ts: the data directory's secret.key)
  secretKey: Uint8Array;
  // admins must use two-factor sign-in: the server pays on a real ledger (--xrpl-url)
  adminTwoFactorRequired?: boolean;
  // keys the login throttle keeps in each tier of its memory (THROTTLE_KEYS_PER_TIER; tests shrink it)
  throttleKeysPerTier?: number;
  // how long a refused login is held before its answer (the server: LOGIN_REFUSAL_HOLD_MS; default 0)
  loginRefusalHoldMs?: number;
  // --backup-dir and the rest (main.ts starts the schedule once the app answers); absent: backups
  // are off (the admin calls say so)
  backups?: BackupOptions;
  // what the alerts read besides the app's own services, and how often they run (null: never;
  // tests call alerts.evaluate themselves)
  alerts?: {
    everyMs?: number | null;
    diskSpace?: () => DiskSpace;
    backups?: () => BackupState | null;
    walletDays?: number;
    walletFloorDrops?: number;
  };
  // where uploaded images are kept (default: uploads/ beside the database, in the data directory)
  uploadsDir?: string;
  // how many images and bytes the uploads folder holds at most (default UPLOAD_QUOTA; tests shrink it)
  uploadQuota?: UploadQuota;
}

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

export function createApp(deps: AppDeps) {
  const { db, config } = deps;
  const clock = deps.clock ?? Date.now;
  const log = deps.log ?? ((line: string) => console.error(line));
  const clientIp = deps.clientIp ?? createClientIpResolver(config.trustProxy);
  const bodyReads = createBodyReads();
  // The services are built on first use (lib/lazy.ts): building one prepares its statements, about
  // 100 ms for all of them, which a start would otherwise spend before its first answer.
  const sessions = lazy(() => createSessionService({ db, clock }));
  const cookieOptions = { secure: config.publicUrl?.startsWith("https:") ?? false };
  // (a session found used elsewhere: the sessions feature alerts the admins)
  const currentUser = createSessionReader(sessions, cookieOptions, (user, where) =>
    sessionList.usedElsewhere(user, where),
  );
  const settings = lazy(() => createSettingsService({ db, clock }));
  const pow = createProofOfWork({ clock, difficulty: () => settings.get().powDifficulty });
  const groupCommit = createGroupCommit(db.sqlite);
  const faucet = lazy(() =>
    createFaucetService({
      db,
      clock,
      settings,
      groupCommit,
      random: deps.random,
      blocked: (r) => blockedRequest(r),
      addressEvidence: (addresses) => addressSignals.evidence(addresses),
    }),
  );
  const reviews = lazy(() => createReviewService({ db, clock, faucet }));
  // the newsletter, earning-alert and advertiser forms share one limit per IP
  const formLimit = createFormLimit(clock);
  const signups = lazy(() => createSignupService({ db, clock, formLimit }));
  const advertising = lazy(() => createAdvertisingService({ db, clock, formLimit }));
  // the operator's content: posts, ad slots, the contact inbox, the site's name and logo, images
  const blog = lazy(() => createBlogService({ db, clock }));
  const ads = lazy(() => createAdService({ db, clock }));
  const contact = lazy(() => createContactService({ db, clock, formLimit }));
  const site = lazy(() => createSiteService({ db, clock }));
  const uploadsDir = deps.uploadsDir ?? join(dirname(db.sqlite.filename), "uploads");
  const uploads = createUploadService({ dir: uploadsDir, db, clock, quota: deps.uploadQuota });
  const stats = lazy(() => createStatsService({ db, clock }));
  const audit = lazy(() => createAuditService({ db }));
  const csvExports = lazy(() => createExportService({ db }));
  const social = lazy(() => createSocialService({ db, clock, settings, faucet }));
  const payouts = lazy(() =>
    createPayoutService({
      db,
      clock,
      engine: () => deps.payouts?.engine ?? null,
      budget: faucet,
      blockedAddress: (address) => blocklist.addressBlocked(address),
    }),
  );
  // (the rewards ask the accounts for users, and the accounts the rewards for claims: both typed)
  const rewards: RewardService = lazy(() =>
    createRewardService({ db, clock, publicUsersByIds: (ids) => accounts.publicUsersByIds(ids), faucet }),
  );
  // What a settled payout does to a faucet request or a user's rewards, in the engine's transaction.
  // (transactions sent from the wallet outside the faucet: the alerts look at once, not at their next minute)
  const settlementOutcomes = {
    ...createSettlementOutcomes({ db, faucet, rewards }),
    outsidePayment: () => void alerts.evaluate(),
    anotherServer: () => void alerts.evaluate(),
  };
  deps.payouts?.settleWith(settlementOutcomes);
  // one count of wrong passwords and wrong two-factor codes, per username and network
  const throttle = createLoginThrottle(clock, { keysPerTier: deps.throttleKeysPerTier });
  const mailer = config.mail ? createMailer(config.mail) : null;
  const networksOf = (ip: string) => ipNetworks(ip, settings.get().ipGrouping as IpGrouping);
  const twoFactor = lazy(() =>
    createTwoFactorService({
      db,
      clock,
      box: createSecretBox(deps.secretKey),
      sessions,
      throttle,
      networksOf,
      requiredForAdmins: deps.adminTwoFactorRequired ?? false,
      confirmPassword: (user, password, ip) => accounts.confirmPassword(user, password, ip),
      mailer,
      log,
    }),
  );
  // One line of password hashing for logins, registrations, password changes and reset links.
  const hashGate = createHashGate();
  const sessionList = lazy(() => createSessionListService({ db, clock, sessions, mailer, log }));
  const accounts: AccountService = lazy(() =>
    createAccountService({
      db,
      clock,
      sessions,
      throttle,
      hashGate,
      passwordCost: deps.passwordCost,
      limits: () => settings.get(),
      secondFactor: twoFactor,
      onSignIn: (user, origin) => sessionList.signedIn(user, origin),
      mailer,
      log,
      refusalHoldMs: deps.loginRefusalHoldMs,
    }),
  );
  const passwordReset = lazy(() =>
    createPasswordResetService({
      db,
      clock,
      hashGate,
      passwordCost: deps.passwordCost,
      ipGrouping: () => settings.get().ipGrouping,
      mailer,
      log,
    }),
  );
  const notifications = lazy(() => createNotificationService({ db, clock }));
  const blocklist = lazy(() => createBlocklistService({ db, clock }));
  const backOffice = lazy(() =>
    createBackOfficeService({
      db,
      pendingRewards: () => rewards.pending(),
      addressEvidence: (addresses) => addressSignals.evidence(addresses),
      unreadMessages: () => contact.unread(),
    }),
  );
  // What the ledger says of requested addresses, read in the background through the payouts' ledger.
  const addressSignals = lazy(() =>
    createAddressSignals({
      db,
      clock,
      log,
      ledger: () => deps.payouts?.ledger ?? null,
      faucetAccount: () => deps.payouts?.engine.account ?? null,
      applyAddressRisk: (id, points, reasons) => faucet.applyAddressRisk(id, points, reasons),
      blockAddresses: (addresses, note, actor) => blocklist.addAddresses(addresses, note, actor),
    }),
  );
  const wallet = lazy(() => createWalletStatus({ db, runtime: deps.payouts ?? null }));
  const health = createHealth({ db, clock });
  const explorer = createExplorerService({ explorerUrl: config.explorerUrl ?? null, runtime: deps.payouts ?? null });
  const sandbox = createSandboxService({ runtime: deps.payouts ?? null });
  // (its lines, a backup made or failed, go to the standard output unless deps.backups.log says otherwise)
  const backups = createBackupService({
    db,
    dbPath: db.sqlite.filename,
    uploadsDir,
    clock,
    ...deps.backups,
    settings: deps.backups?.settings ?? null,
  });
  // (a request whose party was blocked during its hold waits for a person)
  const blockedRequest = (r: FaucetRequest) =>
    blocklist.matches({ ip: r.requesterIp ?? "", deviceId: r.deviceId, address: r.address }).length > 0;
  const autoApprove = lazy(() =>
    createAutoApprover({ db, clock, settings, faucet, payouts, log, blocked: blockedRequest }),
  );
  // the auto-approve rule on a timer, while payouts are on (it reads its settings at every run)
  const autoApproveEveryMs = deps.autoApproveEveryMs === undefined ? AUTO_APPROVE_EVERY_MS : deps.autoApproveEveryMs;
  const autoApproveTimer =
    deps.payouts && autoApproveEveryMs !== null ? setInterval(() => autoApprove.run(), autoApproveEveryMs) : null;
  autoApproveTimer?.unref();
  const signalsEveryMs = deps.addressSignalsEveryMs === undefined ? SIGNALS_EVERY_MS : deps.addressSignalsEveryMs;
  let signalTicks = 0;
  const signalsTimer =
    deps.payouts && signalsEveryMs !== null
      ? setInterval(() => {
          void addressSignals.readNewRequests();
          if (signalTicks++ % Math.max(1, Math.round(FLOWS_PASS_EVERY_MS / signalsEveryMs)) === 0)
            void addressSignals.readPaidAddresses();
        }, signalsEveryMs)
      : null;
  signalsTimer?.unref();
  // Alerts (modules/alerts): each condition checked once a minute.
  const alertOptions = deps.alerts ?? {};
  const startedAt = clock();
  const alerts = lazy(() =>
    createAlertService({
      db,
      clock,
      mailer,
      log,
      checks: [
        ...(deps.payouts
          ? [
              alertChecks.walletLow({
                db,
                clock,
                spendable: () => wallet.spendableDrops(),
                days: alertOptions.walletDays ?? WALLET_DAYS_DEFAULT,
                floorDrops: alertOptions.walletFloorDrops ?? 0,
                oneRequestDrops: () => settings.get().maxAmountDrops,
              }),
              alertChecks.payoutsPaused(() => deps.payouts?.engine.status().paused ?? null),
              alertChecks.anotherServer(() => deps.payouts?.engine.status().paused ?? null),
              alertChecks.payoutWaiting({ db, clock }),
              alertChecks.outsidePayments({ db, clock }),
              alertChecks.ledgerStalled({
                clock,
                validatedIndex: async () => (await deps.payouts!.ledger.facts()).validatedIndex,
              }),
            ]
          : []),
        ...(alertOptions.diskSpace ? [alertChecks.diskLow(alertOptions.diskSpace)] : []),
        alertChecks.databaseReadOnly(() => health.database()),
        alertChecks.backupFailing({ clock, backups: alertOptions.backups ?? (() => backups.alertState()), startedAt }),
        alertChecks.surge(() => faucet.surge()),
        alertChecks.budgetUsedEarly({
          clock,
          faucetBudget: () => ({ ...faucet.budgetToday().faucet, minDrops: settings.get().minAmountDrops }),
        }),
      ],
    }),
  );
  // the health strip on every /admin page and the start-here checklist
  const atAGlance = lazy(() =>
    createAtAGlance({
      db,
      clock,
      runtime: deps.payouts ?? null,
      wallet,
      settings,
      backups,
      alerts,
      unreadMessages: () => contact.unread(),
      config: { publicUrl: config.publicUrl ?? null, mailOn: Boolean(config.mail) },
    }),
  );
  const alertsEveryMs = alertOptions.everyMs === undefined ? ALERTS_EVERY_MS : alertOptions.everyMs;
  const alertsTimer = alertsEveryMs !== null ? setInterval(() => void alerts.evaluate(), alertsEveryMs) : null;
  alertsTimer?.unref();
  optimizeQueryPlanner(db.sqlite, true);
  const optimizeTimer = setInterval(() => optimizeQueryPlanner(db.sqlite), OPTIMIZE_EVERY_MS);
  optimizeTimer.unref();
  const stopTimers = () => {
    clearInterval(optimizeTimer);
    if (autoApproveTimer) clearInterval(autoApproveTimer);
    if (signalsTimer) clearInterval(signalsTimer);
    if (alertsTimer) clearInterval(alertsTimer);
    void backups.stop();
  };
  // who is asking, for the features' `visitor` and `admin` contexts
  const adminTwoFactorRequired = deps.adminTwoFactorRequired ?? false;
  const context: ContextDeps = {
    currentUser,
    clientIp,
    clock,
    secureCookies: cookieOptions.secure,
    ipGrouping: () => settings.get().ipGrouping as IpGrouping,
    adminTwoFactorRequired,
  };
  // the forms that create something refuse a blocked party (each declares it, as its proof of work)
  const blocked = blockedPartyCheck({ context, blocklist });
  const errors = createErrorLog({ log, clock });
  const baseHeaders = securityHeaders(config.publicUrl);
  const apiHeaders = { ...baseHeaders, "cache-control": "no-store" };
  // The anonymous reads every page polls answer from Bun's router, this app behind them for the
  // requests they decline (src/http/public-reads.ts).
  // Every answer counted (by route and status) for GET /metrics, and logged with --log-format json.
  const requestLog = createRequestLog({ access: deps.accessLog });
  const reads = createPublicReads(apiHeaders, (request) => app.fetch(request), requestLog);
  const metrics = lazy(() =>
    createMetrics({
      db,
      requests: requestLog,
      budgetToday: () => faucet.budgetToday(),
      payouts: deps.payouts ?? null,
      keptLedger: () => wallet.keptLedger(),
      // the backups' and the alerts' own figures (as the alerts read them); a test may give others
      sources: {
        backupAgeSeconds: () => {
          const state = (alertOptions.backups ?? (() => backups.alertState()))();
          return state?.lastSuccessAt == null ? null : Math.max(0, (clock() - state.lastSuccessAt) / 1000);
        },
        openAlerts: () => alerts.open().length,
        ...deps.metrics?.sources,
      },
    }),
  );
  // The pages allow the frames of the ad networks the admin placed (their https origins).
  let framed = { origins: "", headers: baseHeaders };
  const pageHeaders = () => {
    const origins = ads.frameOrigins();
    if (origins.join(" ") !== framed.origins)
      framed = { origins: origins.join(" "), headers: securityHeaders(config.publicUrl, origins) };
    return framed.headers;
  };
  const deviceCookie = (page: Request) => newDeviceCookie(page, clock(), cookieOptions.secure);
  // The public reads a page's first render shows, in its HTML (web/src/api/page-data.ts): the
  // header's and the badge's on every page, and on the home page its figures, feed and reviews.
  const EVERY_PAGE = ["/api/site", "/api/faucet/status"];
  const FIRST_READS: Record<string, string[]> = {
    "/": [...EVERY_PAGE, "/api/stats/payouts", "/api/stats/recent-payouts", "/api/reviews"],
    "/reviews": [...EVERY_PAGE, "/api/reviews"],
  };
  const pageData = async (request: Request) => {
    const paths = FIRST_READS[new URL(request.url).pathname] ?? EVERY_PAGE;
    const answers = await Promise.all(
      paths.map(async (path) => `${JSON.stringify(path)}:${(await reads.json(path)) ?? "null"}`),
    );
    return `{"session":${hasSessionCookie(request)},"reads":{${answers.join(",")}}}`;
  };
  const webPage = async (request: Request, meta?: PageMeta, status = 200) =>
    serveWebPage(request, pageHeaders(), status, {
      cookie: deviceCookie(request),
      meta,
      data: await pageData(request),
    });
  const webAsset = (request: Request) =>
    serveWebAsset(request, pageHeaders(), (page, status) => webPage(page, undefined, status));
  // the feeds' and share tags' links (without --public-url the Host's: said once in the log)
  const origin = createSiteOrigin(config.publicUrl, log);
  const apiDocument = openApiDocument(deps.version ?? "dev", () => app);

  // The app's checks before any route: a missing or malformed Host (http/host.ts), a declared body
  // over the limit, a cross-site write, a forged X-Forwarded-For each get their answer here.
  const atTheDoor = (request: Request): Response | undefined => {
    if (!hostIsValid(request)) return badHostAnswer(request, apiHeaders, baseHeaders);
    const declared = request.headers.get("content-length");
    // (the path is read only for a body over the usual limit: an upload may be larger)
    if (declared !== null && !(Number(declared) <= MAX_BODY_BYTES)) {
      const upload = new URL(request.url).pathname === UPLOAD_ROUTE;
      if (!upload || !(Number(declared) <= MAX_UPLOAD_BYTES)) {
        const error = upload ? uploadErrors.tooLarge() : bodyTooLarge();
        return jsonError(error.status, error.message, { ...apiHeaders, ...error.headers }, error.errorCode);
      }
    }
    if (request.method !== "GET" && isCrossSiteWrite(request, config.publicUrl, config.trustProxy)) {
      return jsonError(403, "Cross-site request refused", apiHeaders);
    }
    if (forwardedIpRefused(request, config.trustProxy)) {
      return jsonError(400, "The forwarded client address is not an IP address", apiHeaders);
    }
  };
  // A request body: JSON only (a cross-site HTML form, form-encoded or multipart, must never reach
  // a route), at most MAX_BODY_BYTES, arriving within the deadline; null without one.
  const parseBody = async (
    request: Request,
    contentType: string | null | undefined,
    server: unknown,
    ip = clientIp(request, server),
  ): Promise<unknown> => {
    const network = ipGroup(ip, settings.get().ipGrouping as IpGrouping);
    if (!bodyReads.enter(network)) throw bodiesAtOnce();
    let body: string;
    try {
      body = await readBody(
        request,
        MAX_BODY_BYTES,
        bodyTooLarge,
        deps.bodyDeadlineMs ?? BODY_DEADLINE_MS,
        bodyTooSlow,
      );
    } finally {
      bodyReads.leave(network);
    }
    if (!body.trim()) return null;
    if (!IS_JSON_TYPE.test(contentType ?? "")) {
      throw new HttpError(415, "Send the request body as JSON (Content-Type: application/json)");
    }
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      throw new HttpError(400, "The request body is not valid JSON");
    }
    // Every route takes a JSON object (its schema types each field it reads). Elysia does not
    // check an optional body that is not an object, so a list, text or a number stops here.
    if (value !== null && (typeof value !== "object" || Array.isArray(value)))
      throw new HttpError(400, "The request body must be a JSON object");
    return value;
  };
  // A route's error: an HttpError with its status, code and headers; any other error 500, logged
  // (its repeats counted by `route`, the pattern matched, when known: http/error-log.ts).
  const apiErrorHeaders = errorHeaders(apiHeaders);
  const baseErrorHeaders = errorHeaders(baseHeaders);
  const errorAnswer = (error: unknown, request: Request, path: string, route?: string): Response => {
    const api = isApiPath(path);
    const headers = api ? apiHeaders : baseHeaders;
    if (error instanceof HttpError)
      return jsonError(
        error.status,
        error.message,
        api ? apiErrorHeaders : baseErrorHeaders,
        error.errorCode,
        error.headers,
      );
    const status = (error as { status?: unknown })?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      return jsonError(status, "The request could not be processed", headers);
    }
    return fault(`${request.method} ${path}`, error, headers, route && `${request.method} ${route}`);
  };
  const fault = (where: string, error: unknown, headers: Record<string, string>, group?: string): Response => {
    if (isWriteFailure(error)) health.noteWriteFailure();
    errors.error(where, error, group);
    return jsonError(500, INTERNAL_ERROR, headers);
  };
  // The faucet's request form answers from Bun's router too, around the same route (src/http/fast-posts.ts).
  const posts = createFastPosts(reads, {
    context,
    headers: apiHeaders,
    fallback: (request) => app.fetch(request),
    refusedAtTheDoor: (request) => atTheDoor(request) !== undefined,
    parseBody,
    errorAnswer,
    validationMessage,
    requests: requestLog,
  });

  // normalize: false: bodies are checked as sent. Elysia's default first rewrites a body to the
  // schema's shape (a string where an object is expected becomes {}), which hides wrong shapes.
  // The operator's own site (posts, ads, contact, name and logo, uploads), in one plugin: one more
  // `.use` each in the app's chain made its type too deep for TypeScript. The app's hooks apply alike.
  const siteContent = new Elysia()
    .use(blogRoutes({ context, blog, siteName: () => site.get().name, origin, page: webPage, headers: baseHeaders }))
    .use(adRoutes({ context, ads, headers: apiHeaders }))
    .use(contactRoutes({ context, contact, pow, blocked }))
    .use(siteRoutes({ context, site, reads }))
    .use(uploadRoutes({ context, uploads, headers: baseHeaders }));

  // Never Bun's development mode, whatever NODE_ENV says (Elysia's default follows it): its page for
  // a fault shows the error, its stack and the source around it. A fault that no route caught (a
  // handler of Bun's router that throws) gets the generic 500 and the log, as a route's does.
  const serve = {
    maxRequestBodySize: SERVER_BODY_LIMIT,
    routes: reads.routes,
    development: false,
    error: (error: unknown) => fault("a request no route answered", error, apiHeaders),
  };
  const app = new Elysia({ serve, normalize: false })
    .error({ HttpError })
    // (counts every answer Elysia gives: request-log.ts)
    .wrap((handle) => (request: Request) => requestLog.observeElysia(handle as (request: Request) => unknown, request))
    .onError(({ code, error, path, request, route }) => {
      requestLog.label(request, route);
      const headers = isApiPath(path) ? apiHeaders : baseHeaders;
      switch (code) {
        case "HttpError":
          return errorAnswer(error, request, path);
        case "NOT_FOUND":
          return jsonError(404, `Not found: ${path}`, headers);
        case "PARSE": {
          const cause = (error as Error).cause;
          // (with the error's own code: an upload's NOT_AN_IMAGE or UPLOAD_TOO_LARGE, not the status's default)
          if (cause instanceof HttpError)
            return jsonError(cause.status, cause.message, { ...headers, ...cause.headers }, cause.errorCode);
          return jsonError(400, "The request body is not valid JSON", headers);
        }
        case "VALIDATION":
          return jsonError(400, validationMessage(error), headers);
        case "INVALID_COOKIE_SIGNATURE":
        case "INVALID_FILE_TYPE":
          return jsonError(400, "The request could not be read", headers);
        default:
          return errorAnswer(error, request, path, route);
      }
    })
    // Default headers of every answer; the web assets set their own cache-control.
    .headers(apiHeaders)
    .onRequest(({ request }) => atTheDoor(request))
    .onParse(async ({ request, contentType, server, set, path }) => {
      // An admin's image upload (modules/uploads): its bytes, read only once the admin is known.
      if (path === UPLOAD_ROUTE) {
        visitingAdmin(context, createVisitor(context, request, server, set));
        if (!/^image\/(?:png|jpeg|webp)$/i.test(contentType ?? "")) throw uploadErrors.notAnImage();
        return await readBytes(
          request,
          MAX_UPLOAD_BYTES,
          uploadErrors.tooLarge,
          deps.bodyDeadlineMs ?? BODY_DEADLINE_MS,
          bodyTooSlow,
        );
      }
      return parseBody(request, contentType, server);
    })
    // the route pattern a request matched, for its count (an error names it in onError)
    .onTransform(({ request, route }) => requestLog.label(request, route))
    // One guard for every /api/admin route (and the API's own description), whatever the route declares.
    .onBeforeHandle(({ path, request, server, set }) => {
      if (path.startsWith("/api/admin/") || path === "/api/admin" || path.startsWith("/api/docs"))
        visitingAdmin(context, createVisitor(context, request, server, set));
    })
    // The OpenAPI document of every route, for admins (the guard above; http/openapi.ts).
    .get("/api/docs/json", () => apiDocument(), { detail: { hide: true } })
    .use(healthRoutes({ health, clock, version: deps.version ?? "dev", reads }))
    .use(powRoutes({ context, pow, loginProofFactor: (username) => accounts.loginProofFactor(username) }))
    .use(blocklistRoutes({ context, blocklist }))
    .use(addressSignalRoutes({ context, addressSignals }))
    .use(backOfficeRoutes({ context, backOffice }))
    .use(accountRoutes({ context, accounts, pow, blocked, reads }))
    .use(passwordResetRoutes({ context, passwordReset, pow, blocked, publicUrl: config.publicUrl }))
    .use(payoutRoutes({ context, payouts, payWaitMs: deps.payWaitMs ?? 15_000 }))
    .use(notificationRoutes({ context, notifications }))
    .use(twoFactorRoutes({ context, twoFactor }))
    .use(sessionRoutes({ context, sessionList }))
    .use(
      backupRoutes({
        context,
        backups,
        // (a download is confirmed with the password, and with two-factor sign-in a code)
        handOver: {
          password: (user, password, ip) => accounts.confirmPassword(user, password, ip),
          code: (user, session, code, ip, ua) => twoFactor.stepUp(user, session, { code }, ip, ua),
        },
      }),
    )
    .use(alertRoutes({ context, alerts }))
    .use(faucetRoutes({ context, faucet, pow, blocked, reads, posts }))
    .use(socialRoutes({ context, social, blocked, pow, reads }))
    .use(reviewRoutes({ context, reviews, pow, blocked, reads }))
    .use(signupRoutes({ context, signups, pow, blocked }))
    .use(advertisingRoutes({ context, advertising, pow, blocked }))
    .use(siteContent)
    .use(statsRoutes({ context, stats, reads }))
    .use(settingsRoutes({ context, settings }))
    .use(auditRoutes({ context, audit }))
    .use(exportRoutes({ context, csvExports }))
    .use(rewardRoutes({ context, rewards }))
    .use(walletRoutes({ context, wallet }))
    .use(atAGlanceRoutes({ context, atAGlance }))
    .use(explorerRoutes({ explorer }))
    .all("/api/*", ({ path }) => jsonError(404, `Not found: ${path}`, apiHeaders))
    .use(
      metricsRoutes({
        metrics,
        token: deps.metrics?.token ?? null,
        peerIp: deps.metrics?.peerIp ?? createClientIpResolver(false),
        notFound: webAsset,
        headers: apiHeaders,
      }),
    )
    .get("/robots.txt", () => robotsTxt(baseHeaders, config.publicUrl))
    // the sandbox ledger's transaction page, where sandbox hashes link to (404 off sandbox mode)
    .use(sandboxRoutes({ sandbox, headers: baseHeaders }))
    // a first visit's page brings the device cookie, before the visitor's first faucet request
    .get("/*", ({ request }) => webAsset(request));

  app.onStop(() => {
    errors.stop();
    stopTimers();
  });
  return Object.assign(app, {
    services: {
      sessions,
      accounts,
      settings,
      faucet,
      reviews,
      autoApprove,
      addressSignals,
      alerts,
      backups,
      settlementOutcomes,
      stopTimers,
    },
  });
}

export type App = ReturnType<typeof createApp>;

// The message of a refused body: the failing field's own message, else its name. Only the first
// error is read (`valueError`): Elysia's `all` formats every offending value into a string, which
// throws for a value like {"toString": null}.
function validationMessage(error: unknown): string {
  try {
    const first = (error as { valueError?: { path?: unknown; schema?: { error?: unknown } } }).valueError;
    if (first?.schema && typeof first.schema.error === "string") return first.schema.error;
    const field = typeof first?.path === "string" ? first.path.replace(/^\//, "").replace(/\//g, ".") : "";
    return field ? `Invalid value for '${field.slice(0, 100)}'` : "Invalid request";
  } catch {
    return "Invalid request";
  }
}
