// One password rule for everyone (docs/decisions.md, "Passwords"): registration, a change
// in the settings, a reset link and --seed-admin refuse a password that is too short, too long, too
// easy to guess (zxcvbn-ts, score below 3) or holds the username or email; login does not judge.
import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { hashPassword } from "../../auth/passwords.ts";
import { seedAdmin } from "../../cli.ts";
import { TEST_PASSWORD_COST, testApp, type TestApp } from "../../testing/harness.ts";

const STRONG = "correct horse battery"; // t.register's
const COMMON =
  "This password is too easy to guess: it is one of the most common passwords. Add more words or characters.";

const apps: TestApp[] = [];
const newApp = () => {
  const made = testApp();
  apps.push(made);
  return made;
};
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const users = (t: TestApp) =>
  (t.db.sqlite.query("select username from users order by id").all() as { username: string }[]).map((u) => u.username);
const refusal = (res: { status: number; json: unknown; headers: Headers }) => ({
  status: res.status,
  json: res.json,
  code: res.headers.get("x-error-code"),
});
const weak = (message: string) => ({ status: 400, json: { message }, code: "WEAK_PASSWORD" });

describe("passwords set before the rule", () => {
  test("a weak password, and one longer than 128 characters, still log in (login does not judge them)", async () => {
    const t = newApp();
    const long = "x".repeat(200);
    for (const [username, password] of [
      ["old", "password"],
      ["older", long],
    ] as const) {
      const hash = await hashPassword(password, TEST_PASSWORD_COST);
      t.db.sqlite.run("insert into users (username, email, password_hash, created_at) values (?, ?, ?, 0)", [
        username,
        `${username}@example.com`,
        hash,
      ]);
      const res = await t.call("POST", "/api/login", { body: { username, password } });
      expect({ username, status: res.status }).toEqual({ username, status: 200 });
    }
  });

  test("the estimator is loaded at the first password it judges: not when the app is built, nor by a login", async () => {
    // in a process of its own (the other tests of this process may have loaded it)
    const script = `
      const { testApp } = await import(${JSON.stringify(join(import.meta.dir, "../../testing/harness.ts"))});
      const { estimatorLoaded } = await import(${JSON.stringify(join(import.meta.dir, "../../auth/passwords.ts"))});
      const t = testApp();
      await t.call("POST", "/api/login", { body: { username: "nobody", password: "password" } });
      const before = estimatorLoaded();
      await t.call("POST", "/api/register", { body: { username: "alice", email: "alice@example.com", password: "password" } });
      console.log(JSON.stringify([before, estimatorLoaded()]));
      await t.close();`;
    const child = Bun.spawnSync([process.execPath, "-e", script], { stderr: "inherit" });
    expect(JSON.parse(child.stdout.toString())).toEqual([false, true]);
  }, 15_000);
});

describe("POST /api/register", () => {
  test.each([
    { name: "one of the most common passwords", password: "password", message: COMMON },
    { name: "digits in a row", password: "12345678", message: COMMON },
    { name: "too short", password: "1234567", message: "Password must be at least 8 characters" },
    {
      name: "too long",
      password: `${STRONG} `.repeat(6) + "x".repeat(128),
      message: "Password must be at most 128 characters",
    },
    {
      name: "the username in it",
      password: "Alice-sells-sea-shells",
      message: "This password contains your username: choose one without it.",
    },
    {
      name: "the email in it",
      password: "mail W.Smith@Example.com to me",
      message: "This password contains your email address: choose one without it.",
    },
  ])("$name: 400 WEAK_PASSWORD with the reason, and no account", async ({ password, message }) => {
    const t = newApp();
    const res = await t.call("POST", "/api/register", {
      body: { username: "alice", email: "w.smith@example.com", password },
    });
    expect(refusal(res)).toEqual(weak(message));
    expect(users(t)).toEqual([]);
  });

  test("a strong passphrase is accepted (and the harness's default is one)", async () => {
    const t = newApp();
    const res = await t.call("POST", "/api/register", {
      body: { username: "alice", email: "alice@example.com", password: "purple otter runs at dawn" },
    });
    expect(res.status).toBe(201);
    await t.register("bob"); // "correct horse battery"
    expect(users(t)).toEqual(["alice", "bob"]);
  });

  test("exactly 128 characters is not too long", async () => {
    const t = newApp();
    const password = "a long walk on a quiet beach at dawn ".repeat(4).slice(0, 128);
    const res = await t.call("POST", "/api/register", {
      body: { username: "alice", email: "alice@example.com", password },
    });
    expect(res.status).toBe(201);
  });
});

describe("POST /api/user/password", () => {
  test("a weak new password is refused and the old one stays; a strong one is taken", async () => {
    const t = newApp();
    const { cookie } = await t.register("pat");
    const res = await t.call("POST", "/api/user/password", {
      cookie,
      body: { currentPassword: STRONG, newPassword: "12345678" },
    });
    expect(refusal(res)).toEqual(weak(COMMON));
    const named = await t.call("POST", "/api/user/password", {
      cookie,
      body: { currentPassword: STRONG, newPassword: "pat pat pat and away" },
    });
    expect(refusal(named)).toEqual(weak("This password contains your username: choose one without it."));
    expect((await t.call("POST", "/api/login", { body: { username: "pat", password: STRONG } })).status).toBe(200);

    const changed = await t.call("POST", "/api/user/password", {
      cookie,
      body: { currentPassword: STRONG, newPassword: "seven quiet lanterns drift" },
    });
    expect(changed.status).toBe(200);
    expect(
      (await t.call("POST", "/api/login", { body: { username: "pat", password: "seven quiet lanterns drift" } }))
        .status,
    ).toBe(200);
  });
});

describe("POST /api/password-reset", () => {
  test("a weak password through a link is refused and the link stays usable; a strong one is taken", async () => {
    const t = newApp();
    const user = await t.register("forgetful");
    const admin = await t.registerAdmin();
    // (a reset link hands the account over: the admin, without two-factor sign-in, confirms with the password)
    expect(
      (await t.call("POST", "/api/user/step-up", { cookie: admin.cookie, body: { password: "correct horse battery" } }))
        .status,
    ).toBe(200);
    const made = await t.call("POST", `/api/admin/users/${user.user.id}/reset-link`, { cookie: admin.cookie });
    const token = new URL(made.json.url).searchParams.get("token")!;

    expect(refusal(await t.call("POST", "/api/password-reset", { body: { token, newPassword: "password" } }))).toEqual(
      weak(COMMON),
    );
    expect(
      refusal(await t.call("POST", "/api/password-reset", { body: { token, newPassword: "i am forgetful again" } })),
    ).toEqual(weak("This password contains your username: choose one without it."));
    const reset = await t.call("POST", "/api/password-reset", {
      body: { token, newPassword: "remembered it at last, truly" },
    });
    expect(reset.status).toBe(200);
    expect(
      (
        await t.call("POST", "/api/login", {
          body: { username: "forgetful", password: "remembered it at last, truly" },
        })
      ).status,
    ).toBe(200);
  });

  test("an unusable link is refused as such whatever the password (its strength is judged for the link's user)", async () => {
    const t = newApp();
    const res = await t.call("POST", "/api/password-reset", {
      body: { token: "nothing-like-a-token", newPassword: "password" },
    });
    expect(refusal(res)).toEqual({
      status: 400,
      json: { message: "This reset link is invalid or has expired." },
      code: "RESET_LINK_INVALID",
    });
  });
});

describe("--seed-admin", () => {
  test.each([
    { name: "a common password of 12 characters", password: "password1234", message: /too easy to guess/ },
    { name: "a password under 12 characters", password: "quiet lamp", message: /at least 12 characters/ },
    { name: "the username in it", password: "boss of the whole faucet", message: /contains your username/ },
  ])("refuses $name", async ({ password, message }) => {
    const t = newApp();
    await expect(seedAdmin(t.db, { username: "boss", email: null, password })).rejects.toThrow(message);
    expect(users(t)).toEqual([]);
  });

  test("takes a strong passphrase", async () => {
    const t = newApp();
    // (its next line is the two-factor setup code)
    expect(
      (await seedAdmin(t.db, { username: "boss", email: null, password: "a long admin passphrase" })).split("\n")[0],
    ).toBe("Created admin 'boss' (boss@localhost).");
  });
});
