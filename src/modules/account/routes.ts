// The account's calls: registering, logging in and out, who is logged in, their settings, password
// and history. (Reset links: modules/password-reset.)
import { Elysia } from "elysia";
import { sessionCookieAttributes } from "../../auth/current-user.ts";
import { type ContextDeps, visitorContext } from "../../http/context.ts";
import { type CookieJar, SESSION_COOKIE } from "../../http/cookies.ts";
import { formGuards } from "../../http/form-guards.ts";
import { asJson, hasSessionCookie, type PublicReads } from "../../http/public-reads.ts";
import { LOGIN_FORM } from "../../shared/forms.ts";
import { requestLanguage, sayTo, spoken } from "../../http/language.ts";
import { LANGUAGE_COOKIE } from "../../shared/languages.ts";
import type { BlockedPartyCheck } from "../blocklist/guard.ts";
import { proofRequired } from "../pow/guard.ts";
import { POW_HEADER, type ProofOfWork } from "../pow/service.ts";
import {
  faucetRequestHistoryView,
  LOGGED_OUT,
  loginBody,
  NOT_LOGGED_IN,
  languageBody,
  passwordChangeBody,
  registerBody,
  rewardHistoryView,
  settingsBody,
} from "./model.ts";
import type { AccountService, Session } from "./service.ts";

export interface AccountRouteDeps {
  context: ContextDeps;
  accounts: AccountService;
  pow: ProofOfWork;
  blocked: BlockedPartyCheck;
  reads: PublicReads;
}

// The page's language cookie as the web app writes it (web/src/i18n/i18n.ts): a year, every path,
// readable by the page (not httpOnly).
const languageCookie = (secure: boolean) => ({
  httpOnly: false,
  sameSite: "lax" as const,
  path: "/",
  secure,
  expires: new Date(Date.now() + 365 * 24 * 3600 * 1000),
});

export function accountRoutes({ context, accounts, pow, blocked, reads }: AccountRouteDeps) {
  // Every page asks who is logged in; without a session cookie the answer is the same 401 for all
  // (a public read). With one, the route below checks the session.
  const answer = reads.cached();
  const loggedOut = reads.add("/api/user", (request: Request) =>
    hasSessionCookie(request) ? undefined : answer(NOT_LOGGED_IN, () => ({ message: NOT_LOGGED_IN }), 401),
  );

  // A login for a username many sign-ins failed for lately needs a proof of work for that username,
  // at its difficulty now (auth/throttle.ts proofFactor), checked before the login is counted or its
  // password hashed; alike for a right and a wrong password. None while the admin has the check off.
  const loginProof = {
    beforeHandle: ({
      body,
      request,
      visitor,
    }: {
      body: { username?: unknown } | null | undefined;
      request: Request;
      visitor: { networks: { group: string } };
    }) => {
      const username = typeof body?.username === "string" ? body.username.trim() : "";
      const factor = accounts.loginProofFactor(username);
      if (factor === 0 || !pow.enabled()) return;
      return pow.verify(request.headers.get(POW_HEADER), {
        group: visitor.networks.group,
        form: LOGIN_FORM,
        login: { username, factor },
      });
    },
  };

  const cookie = (cookies: CookieJar, session: Session | null) =>
    cookies.set(
      SESSION_COOKIE,
      session?.token ?? "",
      sessionCookieAttributes({ secure: context.secureCookies }, session?.expiresAt ?? 0),
    );

  const visitorRoutes = new Elysia()
    .use(visitorContext(context))
    .post(
      "/api/register",
      async ({ body, request, visitor, set }) => {
        const { user, session } = await accounts.register(
          body ?? {},
          visitor.ip,
          visitor.device.deviceId,
          visitor.userAgent,
        );
        accounts.setLanguage(user.id, requestLanguage(request));
        cookie(visitor.cookies, session);
        set.status = 201;
        return { user };
      },
      { body: registerBody, ...formGuards(blocked({ address: false }), proofRequired(pow, "register")) },
    )
    .post(
      "/api/login",
      async ({ body, visitor }) => {
        const { user, session } = await accounts.login(body ?? {}, visitor.ip, {
          deviceId: visitor.device.deviceId,
          userAgent: visitor.userAgent,
        });
        cookie(visitor.cookies, session);
        // a browser that has not chosen a language gets the user's own
        const language = visitor.cookies.get(LANGUAGE_COOKIE) ? null : accounts.languageOf(user.id);
        if (language) visitor.cookies.set(LANGUAGE_COOKIE, language, languageCookie(context.secureCookies));
        return { user };
      },
      { body: loginBody, ...loginProof },
    )
    .post("/api/logout", ({ request, visitor }) => {
      accounts.logout(visitor.cookies.get(SESSION_COOKIE));
      cookie(visitor.cookies, null);
      return { message: sayTo(request, LOGGED_OUT) };
    })
    // Polled by every page: a logged-out answer is returned, not thrown, to keep it cheap.
    .get("/api/user", ({ request, visitor, status }) => {
      const anonymous = loggedOut(request);
      if (anonymous) return status(401, asJson(anonymous));
      const user = visitor.user;
      if (!user) return status(401, { message: NOT_LOGGED_IN });
      return accounts.me(user);
    })
    // Account settings: email, payout address and destination tag.
    // (a blocked network or device, or a blocked payout address, is refused like the forms)
    .patch("/api/user", ({ body, visitor }) => accounts.updateSettings(visitor.requireUser(), body ?? {}, visitor.ip), {
      body: settingsBody,
      beforeHandle: blocked({ address: "xrpAddress" }).beforeHandle,
    })
    .post(
      "/api/user/password",
      async ({ body, request, visitor }) =>
        spoken(
          request,
          await accounts.changePassword(
            visitor.requireUser(),
            body ?? {},
            visitor.ip,
            visitor.cookies.get(SESSION_COOKIE) ?? "",
          ),
        ),
      { body: passwordChangeBody },
    )
    // The user's own language (their e-mails' and, at a login, the page's): PUT { language }.
    .put(
      "/api/account/language",
      ({ body, visitor }) => accounts.setLanguage(visitor.requireUser().id, body?.language),
      {
        body: languageBody,
      },
    )
    .get("/api/user/faucet-requests", ({ visitor }) =>
      accounts.faucetRequestHistory(visitor.requireUser().id).map(faucetRequestHistoryView),
    )
    .get("/api/user/rewards-history", ({ visitor }) =>
      accounts.rewardHistory(visitor.requireUser().id).map(rewardHistoryView),
    );

  return new Elysia().use(visitorRoutes);
}
