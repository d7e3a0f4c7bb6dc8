// createApp(deps): the app's composition. The services are built in order (app-services.ts), the
// HTTP policy put in its places in Elysia's lifecycle (app-http.ts), then every feature's routes.
// It starts no timer: main.ts starts the schedules (app-schedules.ts). Tests build it around a
// temporary database and a fake clock.
import { Elysia } from "elysia";
import type { AppDeps } from "./app-deps.ts";
import { createHttpPolicy } from "./app-http.ts";
import { createServices } from "./app-services.ts";
import { optimizeQueryPlanner } from "./db/open.ts";
import { createClientIpResolver } from "./http/client-ip.ts";
import type { ContextDeps } from "./http/context.ts";
import { openApiDocument } from "./http/openapi.ts";
import { createWebPages } from "./http/page-data.ts";
import { createPublicReads } from "./http/public-reads.ts";
import { createSiteOrigin } from "./http/site-origin.ts";
import { robotsTxt } from "./http/web-assets.ts";
import { HttpError, jsonError } from "./lib/errors.ts";
import type { IpGrouping } from "./lib/ip-group.ts";
import { createRequestLog } from "./lib/request-log.ts";
import { accountRoutes } from "./modules/account/routes.ts";
import { addressSignalRoutes } from "./modules/address-signals/routes.ts";
import { adRoutes } from "./modules/ads/routes.ts";
import { advertisingRoutes } from "./modules/advertising/routes.ts";
import { alertRoutes } from "./modules/alerts/routes.ts";
import { atAGlanceRoutes } from "./modules/at-a-glance/routes.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { backOfficeRoutes } from "./modules/back-office/routes.ts";
import { backupRoutes } from "./modules/backups/routes.ts";
import { blockedPartyCheck } from "./modules/blocklist/guard.ts";
import { blocklistRoutes } from "./modules/blocklist/routes.ts";
import { blogRoutes } from "./modules/blog/routes.ts";
import { contactRoutes } from "./modules/contact/routes.ts";
import { explorerRoutes } from "./modules/explorer/routes.ts";
import { exportRoutes } from "./modules/exports/routes.ts";
import { faucetRoutes } from "./modules/faucet/routes.ts";
import { healthRoutes } from "./modules/health/routes.ts";
import { metricsRoutes } from "./modules/metrics/routes.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { passwordResetRoutes } from "./modules/password-reset/routes.ts";
import { payoutRoutes } from "./modules/payouts/routes.ts";
import { powRoutes } from "./modules/pow/routes.ts";
import { reviewRoutes } from "./modules/reviews/routes.ts";
import { rewardRoutes } from "./modules/rewards/routes.ts";
import { sandboxRoutes } from "./modules/sandbox/routes.ts";
import { sessionRoutes } from "./modules/sessions/routes.ts";
import { liveRoutes } from "./modules/live/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { signupRoutes } from "./modules/signups/routes.ts";
import { siteRoutes } from "./modules/site/routes.ts";
import { socialRoutes } from "./modules/social/routes.ts";
import { statsRoutes } from "./modules/stats/routes.ts";
import { twoFactorRoutes } from "./modules/two-factor/routes.ts";
import { uploadRoutes } from "./modules/uploads/routes.ts";
import { walletRoutes } from "./modules/wallet/routes.ts";

export type { AppDeps } from "./app-deps.ts";
export { BODY_DEADLINE_MS, BODY_TOO_LARGE, MAX_BODY_BYTES } from "./app-http.ts";

export function createApp(deps: AppDeps) {
  const { db, config } = deps;
  const clock = deps.clock ?? Date.now;
  const log = deps.log ?? ((line: string) => console.error(line));
  const clientIp = deps.clientIp ?? createClientIpResolver(config.trustProxy);
  // every answer counted (by route and status) for GET /metrics, and logged with --log-format json
  const requestLog = createRequestLog({ access: deps.accessLog });
  const services = createServices(deps, clock, log, requestLog);
  const { settings, pow, accounts, twoFactor, blocklist, faucet, site } = services;
  // the query planner's statistics for this database, before the first request (app-schedules.ts
  // keeps them up to date)
  optimizeQueryPlanner(db.sqlite, true);

  // who is asking, for the features' `visitor` and `admin` contexts
  const context: ContextDeps = {
    currentUser: services.currentUser,
    clientIp,
    clock,
    secureCookies: services.cookieOptions.secure,
    ipGrouping: () => settings.get().ipGrouping as IpGrouping,
    adminTwoFactorRequired: deps.adminTwoFactorRequired ?? false,
  };
  const http = createHttpPolicy({
    config,
    context,
    clientIp,
    requestLog,
    clock,
    log,
    bodyDeadlineMs: deps.bodyDeadlineMs,
    noteWriteFailure: () => services.health.noteWriteFailure(),
  });
  const { apiHeaders, baseHeaders } = http;
  // the forms that create something refuse a blocked party (each declares it, as its proof of work)
  const blocked = blockedPartyCheck({ context, blocklist });
  // the anonymous reads every page polls, each answer built once (http/public-reads.ts)
  const reads = createPublicReads(apiHeaders);
  const { webPage, webAsset } = createWebPages({
    reads,
    publicUrl: config.publicUrl,
    clock,
    secureCookies: context.secureCookies,
    frameOrigins: () => services.ads.frameOrigins(),
    siteName: () => site.get().name,
  });
  // the feeds' and share tags' links (without --public-url the Host's: said once in the log)
  const origin = createSiteOrigin(config.publicUrl, log);
  // (the document describes the app being built here: read at the first request for it)
  const apiDocument = openApiDocument(deps.version ?? "dev", () => app);

  // The operator's own site (posts, ads, contact, name and logo, uploads), in one plugin: one more
  // `.use` each in the app's chain made its type too deep for TypeScript. The app's hooks apply alike.
  const siteContent = new Elysia()
    .use(
      blogRoutes({
        context,
        blog: services.blog,
        siteName: () => site.get().name,
        origin,
        page: webPage,
        headers: baseHeaders,
      }),
    )
    .use(adRoutes({ context, ads: services.ads, headers: apiHeaders }))
    .use(contactRoutes({ context, contact: services.contact, pow, blocked }))
    .use(siteRoutes({ context, site, reads }))
    .use(uploadRoutes({ context, uploads: services.uploads, headers: baseHeaders }));

  // normalize: false: bodies are checked as sent. Elysia's default first rewrites a body to the
  // schema's shape (a string where an object is expected becomes {}), which hides wrong shapes.
  const app = new Elysia({ serve: http.serve, normalize: false })
    .error({ HttpError })
    // (counts every answer: request-log.ts)
    .wrap((handle) => (request: Request) => requestLog.observeElysia(handle as (request: Request) => unknown, request))
    .onError(http.onError)
    // Default headers of every answer; the web assets set their own cache-control.
    .headers(apiHeaders)
    .onRequest(({ request }) => http.atTheDoor(request))
    .onParse(http.onParse)
    // the route pattern a request matched, for its count (an error names it in onError)
    .onTransform(({ request, route }) => requestLog.label(request, route))
    .onBeforeHandle(http.adminGuard)
    // The OpenAPI document of every route, for admins (the guard above; http/openapi.ts).
    .get("/api/docs/json", () => apiDocument(), { detail: { hide: true } })
    .use(healthRoutes({ health: services.health, clock, version: deps.version ?? "dev", reads }))
    .use(powRoutes({ context, pow, loginProofFactor: (username) => accounts.loginProofFactor(username) }))
    .use(blocklistRoutes({ context, blocklist }))
    .use(addressSignalRoutes({ context, addressSignals: services.addressSignals }))
    .use(backOfficeRoutes({ context, backOffice: services.backOffice }))
    .use(accountRoutes({ context, accounts, pow, blocked, reads }))
    .use(
      passwordResetRoutes({
        context,
        passwordReset: services.passwordReset,
        pow,
        blocked,
        publicUrl: config.publicUrl,
      }),
    )
    .use(payoutRoutes({ context, payouts: services.payouts, payWaitMs: deps.payWaitMs ?? 15_000 }))
    .use(notificationRoutes({ context, notifications: services.notifications }))
    .use(twoFactorRoutes({ context, twoFactor }))
    .use(sessionRoutes({ context, sessionList: services.sessionList }))
    .use(liveRoutes({ context, live: services.live, sessions: services.sessions }))
    .use(
      backupRoutes({
        context,
        backups: services.backups,
        // (a download is confirmed with the password, and with two-factor sign-in a code)
        handOver: {
          password: (user, password, ip) => accounts.confirmPassword(user, password, ip),
          code: (user, session, code, ip, ua) => twoFactor.stepUp(user, session, { code }, ip, ua),
        },
      }),
    )
    .use(alertRoutes({ context, alerts: services.alerts }))
    .use(
      faucetRoutes({
        context,
        faucet,
        adminList: services.faucetAdminList,
        requestFile: services.requestFile,
        pow,
        blocked,
        reads,
      }),
    )
    .use(socialRoutes({ context, social: services.social, blocked, pow, reads }))
    .use(reviewRoutes({ context, reviews: services.reviews, pow, blocked, reads }))
    .use(signupRoutes({ context, signups: services.signups, pow, blocked }))
    .use(advertisingRoutes({ context, advertising: services.advertising, pow, blocked }))
    .use(siteContent)
    .use(statsRoutes({ context, stats: services.stats, reads }))
    .use(settingsRoutes({ context, settings }))
    .use(auditRoutes({ context, audit: services.audit }))
    .use(exportRoutes({ context, csvExports: services.csvExports }))
    .use(rewardRoutes({ context, rewards: services.rewards }))
    .use(walletRoutes({ context, wallet: services.wallet }))
    .use(atAGlanceRoutes({ context, atAGlance: services.atAGlance }))
    .use(explorerRoutes({ explorer: services.explorer }))
    .all("/api/*", ({ path, request }) => jsonError(404, http.noRoute(path, request), apiHeaders))
    .use(
      metricsRoutes({
        metrics: services.metrics,
        token: deps.metrics?.token ?? null,
        peerIp: deps.metrics?.peerIp ?? createClientIpResolver(false),
        notFound: webAsset,
        headers: apiHeaders,
      }),
    )
    .get("/robots.txt", () => robotsTxt(baseHeaders, config.publicUrl))
    // the sandbox ledger's transaction page, where sandbox hashes link to (404 off sandbox mode)
    .use(sandboxRoutes({ sandbox: services.sandbox, headers: baseHeaders }))
    // a first visit's page brings the device cookie, before the visitor's first faucet request
    .get("/*", ({ request }) => webAsset(request));

  app.onStop(() => http.stop());
  return Object.assign(app, { services });
}

export type App = ReturnType<typeof createApp>;
