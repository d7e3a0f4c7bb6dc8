// createApp(deps) is the one place where the pieces are wired; tests build it around a
// temporary database and a fake clock.
import { openapi } from "@elysiajs/openapi";
import { Elysia } from "elysia";
import { createSessionReader, requireAdmin } from "./auth/current-user.ts";
import { cookieJar } from "./http/cookies.ts";
import { createGroupCommit } from "./db/group-commit.ts";
import { createPayoutService } from "./payouts/service.ts";
import { createWalletStatus, type PayoutRuntime } from "./payouts/wallet-status.ts";
import { createRewardService } from "./modules/rewards/service.ts";
import type { PasswordCost } from "./auth/passwords.ts";
import { authRoutes } from "./auth/routes.ts";
import { createAccountService } from "./auth/service.ts";
import { createSessionService } from "./auth/sessions.ts";
import { createLoginThrottle } from "./auth/throttle.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import { createClientIpResolver, type ClientIpResolver } from "./http/client-ip.ts";
import { HttpError, jsonError } from "./http/errors.ts";
import { createErrorLog } from "./http/error-log.ts";
import { isCrossSiteWrite } from "./http/origin.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { robotsTxt, serveWebAsset } from "./http/web-assets.ts";
import { adminRoutes } from "./modules/admin/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { createHealth, isWriteFailure } from "./modules/health/service.ts";
import { createSettingsService } from "./modules/settings/service.ts";
import { powRoutes } from "./modules/pow/index.ts";
import { createProofOfWork } from "./modules/pow/service.ts";
import { faucetRoutes } from "./modules/faucet/index.ts";
import { createFaucetService } from "./modules/faucet/service.ts";
import { createAdvertisingService } from "./modules/advertising/service.ts";
import { reviewRoutes } from "./modules/reviews/index.ts";
import { createReviewService } from "./modules/reviews/service.ts";
import { signupRoutes } from "./modules/signups/index.ts";
import { createSignupService } from "./modules/signups/service.ts";
import { createStatsService } from "./modules/stats/service.ts";
import { createAccountHistory } from "./modules/account/service.ts";
import { userRoutes } from "./modules/social/index.ts";
import { createSocialService } from "./modules/social/service.ts";

export const MAX_BODY_BYTES = 64 * 1024;

export interface AppDeps {
  db: Db;
  config: Pick<Config, "publicUrl" | "trustProxy">;
  clock?: () => number;
  clientIp?: ClientIpResolver;
  passwordCost?: PasswordCost;
  version?: string;
  random?: () => number;
  // The payout engine and its ledger, when a wallet is configured (main.ts builds them).
  payouts?: PayoutRuntime | null;
  // How long POST /api/admin/pay waits for the ledger's verdict before answering 202.
  payWaitMs?: number;
  log?: (line: string) => void;
}

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

export function createApp(deps: AppDeps) {
  const { db, config } = deps;
  const clock = deps.clock ?? Date.now;
  const log = deps.log ?? ((line: string) => console.error(line));
  const clientIp = deps.clientIp ?? createClientIpResolver(config.trustProxy);
  const sessions = createSessionService({ db, clock });
  const accounts = createAccountService({ db, clock, throttle: createLoginThrottle(clock), passwordCost: deps.passwordCost });
  const cookieOptions = { secure: config.publicUrl?.startsWith("https:") ?? false };
  const currentUser = createSessionReader(sessions, cookieOptions);
  const settings = createSettingsService({ db, clock });
  const pow = createProofOfWork({ clock, difficulty: () => settings.get().powDifficulty });
  const groupCommit = createGroupCommit(db.sqlite);
  const faucet = createFaucetService({ db, clock, settings, groupCommit, random: deps.random });
  const reviews = createReviewService({ db, clock, faucet });
  const signups = createSignupService({ db, clock });
  const advertising = createAdvertisingService({ db, clock });
  const stats = createStatsService({ db, clock });
  const social = createSocialService({ db, clock });
  const history = createAccountHistory({ db });
  const payouts = createPayoutService({ db, clock, engine: () => deps.payouts?.engine ?? null, budget: faucet });
  const rewards = createRewardService({ db, clock });
  const wallet = createWalletStatus({ db, runtime: deps.payouts ?? null });
  const health = createHealth({ db, clock });
  const errors = createErrorLog({ log, clock });
  const baseHeaders = securityHeaders(config.publicUrl);
  const apiHeaders = { ...baseHeaders, "cache-control": "no-store" };

  const app = new Elysia({ serve: { maxRequestBodySize: MAX_BODY_BYTES } })
    .error({ HttpError })
    .onError(({ code, error, path, request }) => {
      const headers = isApiPath(path) ? apiHeaders : baseHeaders;
      switch (code) {
        case "HttpError":
          return jsonError(error.status, error.message, { ...headers, ...error.headers });
        case "NOT_FOUND":
          return jsonError(404, `Not found: ${path}`, headers);
        case "PARSE": {
          const cause = (error as Error).cause;
          if (cause instanceof HttpError) return jsonError(cause.status, cause.message, headers);
          return jsonError(400, "The request body is not valid JSON", headers);
        }
        case "VALIDATION":
          return jsonError(400, validationMessage(error), headers);
        case "INVALID_COOKIE_SIGNATURE":
        case "INVALID_FILE_TYPE":
          return jsonError(400, "The request could not be read", headers);
        default: {
          const status = (error as { status?: unknown })?.status;
          if (typeof status === "number" && status >= 400 && status < 500) {
            return jsonError(status, "The request could not be processed", headers);
          }
          if (isWriteFailure(error)) health.noteWriteFailure();
          errors.error(`${request.method} ${path}`, error);
          return jsonError(500, "Something went wrong on our side. Please try again.", headers);
        }
      }
    })
    // Default headers of every answer; the web assets set their own cache-control.
    .headers(apiHeaders)
    .onRequest(({ request }) => {
      if (request.method !== "GET" && isCrossSiteWrite(request, config.publicUrl, config.trustProxy)) {
        return jsonError(403, "Cross-site request refused", apiHeaders);
      }
    })
    // JSON only: a cross-site HTML form (form-encoded or multipart) must never reach a route.
    .onParse(async ({ request, contentType }) => {
      const body = await request.text();
      if (!body.trim()) return null;
      if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? "")) {
        throw new HttpError(415, "Send the request body as JSON (Content-Type: application/json)");
      }
      try {
        return JSON.parse(body);
      } catch {
        throw new HttpError(400, "The request body is not valid JSON");
      }
    })
    // One guard for every /api/admin route (and the API's own description), whatever the route declares.
    .onBeforeHandle(({ path, request, set }) => {
      if (path.startsWith("/api/admin/") || path === "/api/admin" || path.startsWith("/api/docs")) requireAdmin(currentUser, cookieJar(request, set));
    })
    // The OpenAPI document of every route, for admins: GET /api/docs/json.
    .use(
      openapi({
        path: "/api/docs",
        specPath: "/api/docs/json",
        provider: null,
        exclude: { paths: ["/*", "/api/*"] },
        documentation: { info: { title: "xrp-faucet API", version: deps.version ?? "dev" } },
      }),
    )
    .use(healthRoutes({ health, clock, version: deps.version ?? "dev" }))
    .use(powRoutes({ pow, clientIp, clock }))
    .use(authRoutes({ accounts, sessions, currentUser, cookieOptions, clientIp, pow }))
    .use(faucetRoutes({ faucet, currentUser, clientIp, clock, secureCookies: cookieOptions.secure, pow }))
    .use(userRoutes({ social, history, currentUser }))
    .use(reviewRoutes({ reviews, currentUser, clientIp, clock, secureCookies: cookieOptions.secure, pow }))
    .use(signupRoutes({ signups, advertising, clientIp, clock, pow }))
    .get("/api/stats/payouts", () => ({ totalPayouts: stats.totalPayouts() }))
    .use(adminRoutes({ db, clock, settings, currentUser, clientIp, payouts, rewards, reviews, wallet, payWaitMs: deps.payWaitMs ?? 15_000 }))
    .all("/api/*", ({ path }) => jsonError(404, `Not found: ${path}`, apiHeaders))
    .get("/robots.txt", () => robotsTxt(baseHeaders))
    .get("/*", ({ request }) => serveWebAsset(request, baseHeaders));

  app.onStop(() => errors.stop());
  return Object.assign(app, { services: { sessions, accounts, settings, faucet, reviews } });
}

export type App = ReturnType<typeof createApp>;

function validationMessage(error: unknown): string {
  const first = (error as { all?: { path?: string; message?: string; schema?: { error?: unknown } }[] }).all?.[0];
  if (first?.schema && typeof first.schema.error === "string") return first.schema.error;
  const field = first?.path?.replace(/^\//, "").replace(/\//g, ".");
  return field ? `Invalid value for '${field}'` : "Invalid request";
}
