import { Elysia, t } from "elysia";
import type { AccountService } from "./service.ts";
import { publicUser } from "./service.ts";
import type { SessionService } from "./sessions.ts";
import { SESSION_COOKIE } from "./sessions.ts";
import { sessionCookieAttributes, type CookieJar, type CurrentUser, type SessionCookieOptions } from "./plugin.ts";
import { unauthorized } from "../http/errors.ts";

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
}

export function authRoutes({ accounts, sessions, currentUser, cookieOptions, clientIp }: AuthRouteDeps) {
  const startSession = (cookie: CookieJar, userId: number) => {
    const { token, expiresAt } = sessions.create(userId);
    cookie[SESSION_COOKIE]!.set({ value: token, ...sessionCookieAttributes(cookieOptions, expiresAt) });
  };

  return new Elysia()
    .post(
      "/api/register",
      async ({ body, cookie, set }) => {
        const user = await accounts.register(body ?? {});
        startSession(cookie as unknown as CookieJar, user.id);
        set.status = 201;
        return { user: publicUser(user) };
      },
      { body: t.Optional(credentials) },
    )
    .post(
      "/api/login",
      async ({ body, cookie, request, server }) => {
        const user = await accounts.login(body ?? {}, clientIp(request, server));
        startSession(cookie as unknown as CookieJar, user.id);
        return { user: publicUser(user) };
      },
      { body: t.Optional(credentials) },
    )
    .post("/api/logout", ({ cookie }) => {
      const jar = cookie as unknown as CookieJar;
      const token = jar[SESSION_COOKIE]?.value;
      if (typeof token === "string" && token) sessions.invalidate(token);
      jar[SESSION_COOKIE]!.set({ value: "", ...sessionCookieAttributes(cookieOptions, 0), maxAge: 0 });
      return { message: "Logged out successfully" };
    })
    .get("/api/user", ({ cookie }) => {
      const user = currentUser(cookie as unknown as CookieJar);
      if (!user) throw unauthorized("Not logged in");
      return publicUser(user);
    });
}
