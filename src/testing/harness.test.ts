// The test tools themselves: the migrated template each test app copies, scenario(), the HTTP
// client and waitFor.
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../db/client.ts";
import { applyMigrations, migrationsFolder } from "../db/migrate.ts";
import { httpClient } from "./client.ts";
import { migratedTemplate, testApp } from "./harness.ts";
import { scenarios } from "./scenario.ts";
import { waitFor } from "./wait.ts";

const journal = JSON.parse(readFileSync(join(migrationsFolder(), "meta/_journal.json"), "utf8")) as {
  entries: { when: number }[];
};
const migrations = (db: Database) => db.query("select created_at from __drizzle_migrations order by id").all();

describe("the migrated template", () => {
  test("holds every migration in Drizzle's bookkeeping, as a fresh install has it after its first start", () => {
    const template = new Database(migratedTemplate(), { readonly: true });
    try {
      expect(migrations(template)).toEqual(journal.entries.map((e) => ({ created_at: e.when })));
      expect(template.query("pragma integrity_check").get()).toEqual({ integrity_check: "ok" });
      expect(template.query("select count(*) as n from users").get()).toEqual({ n: 0 });
    } finally {
      template.close();
    }
  });

  test("migrating a fresh database leaves every later write fully synchronous (FULL)", () => {
    const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-migrate-"));
    const db = openDatabase(join(dir, "app.db"));
    try {
      applyMigrations(db);
      expect(migrations(db.sqlite)).toHaveLength(journal.entries.length);
      expect(db.sqlite.query("pragma synchronous").get()).toEqual({ synchronous: 2 });
    } finally {
      db.sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a test app's copy has the bookkeeping too: migrating it again applies nothing", () => {
    const t = testApp();
    try {
      const before = migrations(t.db.sqlite);
      expect(before).toHaveLength(journal.entries.length);
      applyMigrations(t.db);
      expect(migrations(t.db.sqlite)).toEqual(before);
      expect(t.db.sqlite.query("pragma journal_mode").get()).toEqual({ journal_mode: "wal" });
    } finally {
      t.close();
    }
  });

  test("the proof of work is off unless asked for; null keeps a fresh install's 2000", async () => {
    const apps = [testApp(), testApp({ powDifficulty: 20 }), testApp({ powDifficulty: null })];
    try {
      const difficulty = (t: (typeof apps)[number]) =>
        t.db.sqlite.query("select pow_difficulty as d from faucet_settings").all();
      // (a fresh install's settings row is made by its migrations, with the default 2000)
      expect(apps.map(difficulty)).toEqual([[{ d: 0 }], [{ d: 20 }], [{ d: 2000 }]]);
      const admin = await apps[2]!.registerAdmin();
      expect(
        (await apps[2]!.call("GET", "/api/admin/faucet/settings", { cookie: admin.cookie })).json.powDifficulty,
      ).toBe(2000);
    } finally {
      for (const t of apps) await t.close();
    }
  });

  test("each app has its own copy: what one writes, neither the other nor the template sees", async () => {
    const [a, b] = [testApp(), testApp()];
    try {
      await a.register("only-in-a");
      const users = (t: typeof a) => t.db.sqlite.query("select username from users").all();
      expect(users(a)).toEqual([{ username: "only-in-a" }]);
      expect(users(b)).toEqual([]);
      const template = new Database(migratedTemplate(), { readonly: true });
      expect(template.query("select count(*) as n from users").get()).toEqual({ n: 0 });
      template.close();
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("t.signIn", () => {
  const t = testApp();
  afterAll(() => t.close());

  test("registers the app's user and admin once, and gives the same sessions after", async () => {
    const user = await t.signIn("user");
    expect(user.user.username).toBe("member");
    expect(await t.signIn("user")).toBe(user);
    const admin = await t.signIn("admin", "admin");
    expect(admin.user).toMatchObject({ username: "admin", isAdmin: true });
    expect(() => t.signIn("admin", "someone-else")).toThrow("this app's admin is admin, not someone-else");
  });
});

describe("scenarios, each on a fresh app", () => {
  scenarios([
    {
      name: "a visitor: 401 on /api/user",
      method: "GET",
      url: "/api/user",
      expectStatus: 401,
      expectJson: { message: "Not logged in" },
    },
    {
      name: "as: user is the app's signed-in user",
      method: "GET",
      url: "/api/user",
      as: "user",
      expectStatus: 200,
      expectJsonMatch: { username: "member" },
      expectHeaders: { "content-type": /^application\/json/, "x-content-type-options": "nosniff", "x-nope": null },
      expectRows: [{ sql: "select username from users", equals: [{ username: "member" }] }],
    },
    {
      name: "setup runs first; expectUnchanged and the status class",
      method: "POST",
      url: "/api/login",
      rawBody: "{",
      headers: { "content-type": "application/json" },
      setup: (t) => t.register("someone"),
      expectStatus: "4xx",
      expectJsonMatch: { message: expect.any(String) },
      expectUnchanged: ["select * from users", "GET /api/faucet/status"],
      expectLogNotContains: ["error"],
      after: (_res, { t }) => expect(t.db.sqlite.query("select count(*) as n from users").get()).toEqual({ n: 1 }),
    },
    {
      name: "after() reads the answer as sent, not the matchers expectJsonMatch checked it with",
      method: "GET",
      url: "/api/user",
      as: "user",
      expectStatus: 200,
      expectJsonMatch: { id: expect.any(Number), username: expect.any(String) },
      after: (res) => expect([typeof res.json.id, res.json.username]).toEqual(["number", "member"]),
    },
  ]);
});

describe("scenarios sharing one app", () => {
  scenarios(
    [
      {
        name: "the first row signs the admin up",
        method: "GET",
        url: "/api/admin/faucet/settings",
        as: "admin",
        expectStatus: 200,
      },
      {
        name: "a later row sees the same app",
        method: "GET",
        url: "/api/user",
        as: "admin",
        expectStatus: 200,
        expectRows: [{ sql: "select count(*) as n from users", equals: [{ n: 1 }] }],
      },
    ],
    { app: "shared" },
  );
});

describe("httpClient", () => {
  const t = testApp();
  afterAll(() => t.close());

  test("keeps its own cookies: a login's session is sent until a logout expires it", async () => {
    await t.register("carol");
    const browser = httpClient("http://localhost", {
      fetch: (r) => t.app.handle(r),
      ip: "198.51.100.4",
      ipHeader: "x-test-ip",
    });
    const other = httpClient("http://localhost", { fetch: (r) => t.app.handle(r) });
    const login = await browser.post("/api/login", { username: "carol", password: "correct horse battery" });
    expect(login.status).toBe(200);
    expect(browser.cookie("session")).toBeString();
    expect((await browser.get("/api/user")).json.username).toBe("carol");
    expect((await other.get("/api/user")).status).toBe(401);
    expect((await browser.post("/api/logout")).status).toBe(200);
    expect(browser.cookie("session")).toBeUndefined();
    expect((await browser.get("/api/user")).status).toBe(401);
  });

  test("over real HTTP, with the proof of work when asked", async () => {
    const site = testApp({ powDifficulty: 10 });
    try {
      const client = httpClient(site.listen());
      const body = { username: "dave", email: "dave@example.com", password: "correct horse battery" };
      expect((await client.post("/api/register", body)).status).toBe(403);
      const made = await client.post("/api/register", body, { proof: true });
      expect(made.status).toBe(201);
      expect((await client.get("/api/user")).json.username).toBe("dave");
    } finally {
      await site.close();
    }
  });
});

describe("waitFor", () => {
  test("returns the condition's value as soon as it holds", async () => {
    let n = 0;
    const started = Date.now();
    expect(await waitFor(() => ++n >= 3 && n, { what: "three checks", interval: 1 })).toBe(3);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  test("times out saying what it waited for and what it last saw", async () => {
    const failing = waitFor(
      () => {
        throw new Error("not yet");
      },
      { what: "never", timeout: 50 },
    );
    await expect(failing).rejects.toThrow("timed out after 50 ms waiting for never (last: not yet)");
  });
});
