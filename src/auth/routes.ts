import { Elysia, t } from "elysia";
import type { AccountService } from "./service.ts";
import { publicUser } from "./service.ts";
import type { SessionService } from "./sessions.ts";
import { SESSION_COOKIE } from "./sessions.ts";
import { sessionCookieAttributes, type CurrentUser, type SessionCookieOptions } from "./current-user.ts";
import { cookieJar, type CookieJar } from "../http/cookies.ts";
import { proofRequired, type ProofOfWork } from "../modules/pow/service.ts";

// Loose on purpose: the service checks each field and answers with the spec's messages.
const credentials = t.Object(
  {
    username: t.Optional(t.Unknown()),
    password: t.Optional(t.Unknown()),
    email: t.Optional(t.Unknown()),
  },
  { additionalProperties: true },
);

export interface AuthRouteDeps {
  accounts: AccountService;
  sessions: SessionService;
  currentUser: CurrentUser;
  cookieOptions: SessionCookieOptions;
  clientIp: (request: Request, server: unknown) => string;
  pow: ProofOfWork;
}

export function authRoutes({ accounts, sessions, currentUser, cookieOptions, clientIp, pow }: AuthRouteDeps) {
  const startSession = (cookies: CookieJar, userId: number) => {
    const { token, expiresAt } = sessions.create(userId);
    cookies.set(SESSION_COOKIE, token, sessionCookieAttributes(cookieOptions, expiresAt));
  };

  return new Elysia()
    .post(
      "/api/register",
      async ({ body, request, server, set }) => {
        const user = await accounts.register(body ?? {}, clientIp(request, server));
        startSession(cookieJar(request, set), user.id);
        set.status = 201;
        return { user: publicUser(user) };
      },
      { body: t.Optional(credentials), ...proofRequired(pow) },
    )
    .post(
      "/api/login",
      async ({ body, request, server, set }) => {
        const user = await accounts.login(body ?? {}, clientIp(request, server));
        startSession(cookieJar(request, set), user.id);
        return { user: publicUser(user) };
      },
      { body: t.Optional(credentials) },
    )
    .post("/api/logout", ({ request, set }) => {
      const cookies = cookieJar(request, set);
      const token = cookies.get(SESSION_COOKIE);
      if (token) sessions.invalidate(token);
      cookies.set(SESSION_COOKIE, "", sessionCookieAttributes(cookieOptions, 0));
      return { message: "Logged out successfully" };
    })
    // Polled by every page: a logged-out answer is returned, not thrown, to keep it cheap.
    .get("/api/user", ({ request, set, status }) => {
      const user = currentUser(cookieJar(request, set));
      if (!user) return status(401, { message: "Not logged in" });
      return publicUser(user);
    });
}
