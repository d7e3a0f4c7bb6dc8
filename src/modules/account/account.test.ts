import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { LOGIN_FAILED, MESSAGES } from "./model.ts";
import { SESSION_LIFETIME_MS } from "../../auth/sessions.ts";
import { MAX_FAILURES_PER_USERNAME, THROTTLE_WINDOW_MS } from "../../auth/throttle.ts";

let t: TestApp;
beforeEach(() => {
  t = testApp();
});
afterEach(() => t.close());

const good = { username: "alice", email: "alice@example.com", password: "correct horse" };

describe("POST /api/register", () => {
  test.each([
    { name: "a new account", body: good, status: 201 },
    { name: "username too short", body: { ...good, username: "al" }, status: 400, message: MESSAGES.username },
    { name: "username too long", body: { ...good, username: "a".repeat(33) }, status: 400, message: MESSAGES.username },
    { name: "username with a space", body: { ...good, username: "al ice" }, status: 400, message: MESSAGES.username },
    {
      name: "username missing",
      body: { email: good.email, password: good.password },
      status: 400,
      message: MESSAGES.username,
    },
    { name: "username not a string", body: { ...good, username: 42 }, status: 400, message: MESSAGES.username },
    { name: "email missing", body: { ...good, email: "" }, status: 400, message: MESSAGES.email },
    { name: "email without a domain", body: { ...good, email: "alice@" }, status: 400, message: MESSAGES.email },
    { name: "password too short", body: { ...good, password: "1234567" }, status: 400, message: MESSAGES.password },
    {
      name: "password far too long",
      body: { ...good, password: "x".repeat(300) },
      status: 400,
      message: MESSAGES.passwordTooLong,
    },
  ])("$name -> $status", async ({ body, status, message }) => {
    const res = await t.call("POST", "/api/register", { body });
    expect(res.status).toBe(status);
    if (message) expect(res.json).toEqual({ message });
    const count = t.db.sqlite.query("select count(*) as n from users").get() as { n: number };
    expect(count.n).toBe(status === 201 ? 1 : 0);
  });

  test("answers {user} with the spec's fields and a session cookie, never the password hash", async () => {
    const res = await t.call("POST", "/api/register", { body: good });
    expect(res.json).toEqual({
      user: {
        id: expect.any(Number),
        username: "alice",
        email: "alice@example.com",
        isAdmin: false,
        xrpAddress: null,
        drops: 0,
        totalClaimed: "0.000000",
        dailyStreak: 0,
        lastClaim: null,
        destinationTag: null,
        paid: "0.000000",
        twoFactor: { enabled: false, required: false, setupRequired: false, recoveryCodesLeft: 0 },
      },
    });
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(res.text).not.toContain("argon2");
    const stored = t.db.sqlite.query("select password_hash, (select id from sessions) as sid from users").get() as {
      password_hash: string;
      sid: string;
    };
    expect(stored.password_hash).toStartWith("$argon2id$");
    // the database holds a hash of the session token, not the token
    expect(res.cookie).not.toContain(stored.sid);
  });

  test("usernames are unique whatever their case, even when registered at the same moment", async () => {
    const answers = await Promise.all(
      ["Bob", "bob", "BOB", "bOb"].map((username) => t.call("POST", "/api/register", { body: { ...good, username } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.json).toEqual({ message: MESSAGES.taken });
    expect((t.db.sqlite.query("select count(*) as n from users").get() as { n: number }).n).toBe(1);
  });
});

describe("POST /api/login", () => {
  beforeEach(async () => {
    await t.register("alice", "correct horse");
  });

  test.each([
    { name: "right password", body: { username: "alice", password: "correct horse", email: "" }, status: 200 },
    { name: "username in another case", body: { username: "ALICE", password: "correct horse" }, status: 200 },
    {
      name: "wrong password",
      body: { username: "alice", password: "wrong horse" },
      status: 401,
      message: LOGIN_FAILED,
    },
    {
      name: "unknown user",
      body: { username: "mallory", password: "correct horse" },
      status: 401,
      message: LOGIN_FAILED,
    },
    { name: "empty username", body: { username: "", password: "x" }, status: 400, message: MESSAGES.required },
    { name: "no password", body: { username: "alice" }, status: 400, message: MESSAGES.required },
    { name: "no body", body: undefined, status: 400, message: MESSAGES.required },
    { name: "numbers instead of text", body: { username: 1, password: 2 }, status: 400, message: MESSAGES.required },
  ])("$name -> $status", async ({ body, status, message }) => {
    const res = await t.call("POST", "/api/login", { body });
    expect(res.status).toBe(status);
    if (message) expect(res.json).toEqual({ message });
    if (status === 200) {
      expect(res.json.user.username).toBe("alice");
      expect(res.cookie).toBeDefined();
    } else {
      expect(res.cookie).toBeUndefined();
    }
  });

  test("too many failures for one username from one network refuse that network for a while, even with the right password", async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) {
      const res = await t.call("POST", "/api/login", {
        body: { username: "alice", password: `guess-${i}` },
        ip: `198.51.100.${i}`,
      });
      expect(res.status).toBe(401);
    }
    const blocked = await t.call("POST", "/api/login", {
      body: { username: "alice", password: "correct horse" },
      ip: "198.51.100.77",
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toMatch(/Too many failed logins\. Please try again in \d+ minutes?\./);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    t.clock.advance(THROTTLE_WINDOW_MS + 1);
    const later = await t.call("POST", "/api/login", {
      body: { username: "alice", password: "correct horse" },
      ip: "198.51.100.77",
    });
    expect(later.status).toBe(200);
  });

  test("nobody can lock a username out: wrong passwords from five networks leave the owner's own network working", async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++) {
      const res = await t.call("POST", "/api/login", {
        body: { username: "alice", password: `guess-${i}` },
        ip: strangerIp(i),
      });
      expect(res.status).toBe(401);
    }
    // the owner, from a network that has not failed
    const owner = await t.call("POST", "/api/login", { body: { username: "alice", password: "correct horse" } });
    expect(owner.status).toBe(200);
    // and changing the password from there is not refused either
    const change = await t.call("POST", "/api/user/password", {
      cookie: owner.cookie,
      body: { currentPassword: "correct horse", newPassword: "correct horse 2" },
    });
    expect(change.status).toBe(200);
  });

  test("one IP guessing many usernames is refused too", async () => {
    let last = 0;
    for (let i = 0; i < 25; i++) {
      last = (
        await t.call("POST", "/api/login", { body: { username: `user${i}`, password: "guessing" }, ip: "192.0.2.50" })
      ).status;
    }
    expect(last).toBe(429);
    // (another network: under the default subnet grouping 192.0.2.51 would be the same /24)
    const otherIp = await t.call("POST", "/api/login", {
      body: { username: "alice", password: "correct horse" },
      ip: "192.0.3.51",
    });
    expect(otherIp.status).toBe(200);
  });
});

describe("sessions", () => {
  test("GET /api/user is 401 without a session and the user with one", async () => {
    expect((await t.call("GET", "/api/user")).status).toBe(401);
    expect((await t.call("GET", "/api/user")).json).toEqual({ message: "Not logged in" });
    const { cookie } = await t.register("alice");
    const res = await t.call("GET", "/api/user", { cookie });
    expect(res.status).toBe(200);
    expect(res.json.username).toBe("alice");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  test("a forged or garbled cookie is just logged out", async () => {
    for (const cookie of [
      "session=forged-token-forged-token-1234",
      "session=",
      "session=%ff%fe",
      `session=${"x".repeat(5000)}`,
    ]) {
      const res = await t.call("GET", "/api/user", { cookie });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: "Not logged in" });
    }
  });

  test("logout ends the session on the server, not only in the browser", async () => {
    const { cookie } = await t.register("alice");
    const out = await t.call("POST", "/api/logout", { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await t.call("GET", "/api/user", { cookie })).status).toBe(401);
    expect((t.db.sqlite.query("select count(*) as n from sessions").get() as { n: number }).n).toBe(0);
  });

  test("expiry slides while the user keeps coming back, and ends after 30 idle days", async () => {
    const { cookie } = await t.register("alice");
    t.clock.advance(SESSION_LIFETIME_MS / 2 + 60_000);
    const refreshed = await t.call("GET", "/api/user", { cookie });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get("set-cookie")).toContain("Expires=");
    t.clock.advance(SESSION_LIFETIME_MS - 60_000);
    expect((await t.call("GET", "/api/user", { cookie })).status).toBe(200);
    t.clock.advance(SESSION_LIFETIME_MS + 1);
    expect((await t.call("GET", "/api/user", { cookie })).status).toBe(401);
    expect((t.db.sqlite.query("select count(*) as n from sessions").get() as { n: number }).n).toBe(0);
  });
});

describe("requests a browser on another site could forge", () => {
  test.each([
    { name: "a foreign Origin", headers: { origin: "https://evil.example" }, status: 403 },
    { name: "Origin null (sandboxed frame)", headers: { origin: "null" }, status: 403 },
    { name: "Sec-Fetch-Site cross-site without Origin", headers: { "sec-fetch-site": "cross-site" }, status: 403 },
    { name: "the site's own Origin", headers: { origin: "http://localhost" }, status: 201 },
    { name: "no Origin (a script or curl)", headers: {}, status: 201 },
  ])("$name -> $status", async ({ headers, status }) => {
    const res = await t.call("POST", "/api/register", { body: good, headers: headers as Record<string, string> });
    expect(res.status).toBe(status);
    if (status === 403) {
      expect(res.json).toEqual({ message: "Cross-site request refused" });
      expect((t.db.sqlite.query("select count(*) as n from users").get() as { n: number }).n).toBe(0);
    }
  });

  test("with a public URL set, only that origin may write", async () => {
    const site = testApp({ config: { publicUrl: "https://faucet.example", trustProxy: false } });
    try {
      const foreign = await site.call("POST", "/api/register", { body: good, headers: { origin: "http://localhost" } });
      expect(foreign.status).toBe(403);
      const own = await site.call("POST", "/api/register", {
        body: good,
        headers: { origin: "https://faucet.example" },
      });
      expect(own.status).toBe(201);
      expect(own.headers.get("set-cookie")).toContain("Secure");
      expect(own.headers.get("strict-transport-security")).toContain("max-age=");
    } finally {
      site.close();
    }
  });
});
