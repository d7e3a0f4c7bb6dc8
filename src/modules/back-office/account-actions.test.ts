// What an admin does to an account from its file (PATCH /api/admin/users/:id): disable it (it cannot
// sign in, its sessions end at once), enable it again, and the admins' note on it; each audited, the
// disabling behind the step-up money needs.
import { afterEach, describe, expect, test } from "bun:test";
import { STEP_UP_MS, STEP_UP_REQUIRED } from "../../auth/step-up.ts";
import { totpCode } from "../../auth/totp.ts";
import { type TestApp, testApp } from "../../testing/harness.ts";
import { scenarios } from "../../testing/scenario.ts";
import { ACCOUNT_DISABLED } from "../account/model.ts";

const PASSWORD = "correct horse battery"; // t.register's
const login = (t: TestApp, username: string) =>
  t.call("POST", "/api/login", { body: { username, password: PASSWORD }, ip: "198.51.100.9" });
const audited = (t: TestApp, action: string) =>
  t.db.sqlite.query("select actor_name, target_id, details from audit_log where action = ?").all(action) as {
    actor_name: string;
    target_id: string;
    details: string;
  }[];

describe("PATCH /api/admin/users/{id}", () => {
  let t: TestApp;
  afterEach(() => t.close());

  test("a disabled user cannot sign in and their sessions end; enabled again, they sign in", async () => {
    t = testApp();
    const { cookie: admin } = await t.signIn("admin", "boss");
    const user = await t.register("spammer");
    const elsewhere = await login(t, "spammer");
    const disabled = await t.call("PATCH", `/api/admin/users/${user.user.id}`, {
      cookie: admin,
      body: { disabled: true },
    });
    expect([disabled.status, disabled.json]).toEqual([
      200,
      { message: "spammer can no longer sign in and their 2 sessions ended.", disabled: true, note: null },
    ]);
    // both sessions are gone, and the right password is refused with words that say why
    expect((await t.call("GET", "/api/user", { cookie: user.cookie })).status).toBe(401);
    expect((await t.call("GET", "/api/user", { cookie: elsewhere.cookie })).status).toBe(401);
    const refused = await login(t, "spammer");
    expect([refused.status, refused.json, refused.headers.get("x-error-code")]).toEqual([
      403,
      { message: ACCOUNT_DISABLED },
      "ACCOUNT_DISABLED",
    ]);
    // a wrong password still reads as any wrong password (the account's state is not told)
    const wrong = await t.call("POST", "/api/login", { body: { username: "spammer", password: "not it at all" } });
    expect(wrong.status).toBe(401);
    const file = await t.call("GET", `/api/admin/users/${user.user.id}`, { cookie: admin });
    expect(file.json.user).toMatchObject({
      disabledAt: new Date(t.clock()).toISOString(),
      note: null,
      twoFactor: false,
    });
    const listed = await t.call("GET", "/api/admin/users?search=spammer", { cookie: admin });
    expect(listed.json.users.map((u: { username: string; disabled: boolean }) => [u.username, u.disabled])).toEqual([
      ["spammer", true],
    ]);

    const enabled = await t.call("PATCH", `/api/admin/users/${user.user.id}`, {
      cookie: admin,
      body: { disabled: false },
    });
    expect(enabled.json).toEqual({ message: "spammer can sign in again.", disabled: false, note: null });
    expect((await login(t, "spammer")).status).toBe(200);
    expect(audited(t, "user.disable").map((r) => [r.actor_name, r.target_id, JSON.parse(r.details)])).toEqual([
      ["boss", String(user.user.id), { username: "spammer", sessionsEnded: 2 }],
    ]);
    expect(audited(t, "user.enable")).toHaveLength(1);
  });

  test("the admins' note is kept on the file, its change audited before and after; an empty one clears it", async () => {
    t = testApp();
    const { cookie: admin } = await t.signIn("admin", "boss");
    const user = await t.register("helper");
    const noted = await t.call("PATCH", `/api/admin/users/${user.user.id}`, {
      cookie: admin,
      body: { note: "  Asked for a refund by email on Monday  " },
    });
    expect(noted.json).toEqual({
      message: "The note is saved.",
      disabled: false,
      note: "Asked for a refund by email on Monday",
    });
    expect((await t.call("GET", `/api/admin/users/${user.user.id}`, { cookie: admin })).json.user.note).toBe(
      "Asked for a refund by email on Monday",
    );
    const cleared = await t.call("PATCH", `/api/admin/users/${user.user.id}`, { cookie: admin, body: { note: "" } });
    expect(cleared.json.note).toBeNull();
    expect(audited(t, "user.note").map((r) => JSON.parse(r.details).changes)).toEqual([
      [{ label: "Note", before: "(none)", after: "Asked for a refund by email on Monday" }],
      [{ label: "Note", before: "Asked for a refund by email on Monday", after: "(none)" }],
    ]);
    // the user still signs in: a note changes nothing for them
    expect((await login(t, "helper")).status).toBe(200);
  });

  test("an admin with two-factor sign-in whose last code is stale: disabling asks for a code, a note does not", async () => {
    t = testApp();
    const { cookie: admin } = await t.signIn("admin", "boss");
    const setup = await t.call("POST", "/api/user/two-factor/setup", { cookie: admin, body: { password: PASSWORD } });
    const code = totpCode(setup.json.secret, t.clock());
    expect((await t.call("POST", "/api/user/two-factor/enable", { cookie: admin, body: { code } })).status).toBe(200);
    t.clock.advance(STEP_UP_MS + 1);
    const user = await t.register("someone");
    const asked = await t.call("PATCH", `/api/admin/users/${user.user.id}`, {
      cookie: admin,
      body: { disabled: true },
    });
    expect([asked.status, asked.json, asked.headers.get("x-error-code")]).toEqual([
      403,
      { message: STEP_UP_REQUIRED },
      "STEP_UP_REQUIRED",
    ]);
    expect((await login(t, "someone")).status).toBe(200);
    const noted = await t.call("PATCH", `/api/admin/users/${user.user.id}`, { cookie: admin, body: { note: "ok" } });
    expect(noted.status).toBe(200);
  });
});

describe("PATCH /api/admin/users/{id}: what is refused", () =>
  scenarios([
    {
      name: "nothing to change: 400 with what to send",
      method: "PATCH",
      url: "/api/admin/users/1",
      as: "admin",
      body: {},
      expectStatus: 400,
      expectJson: { message: "Send disabled (true or false) or note to change" },
    },
    {
      name: "disabled of another shape: 400 with the field's message",
      method: "PATCH",
      url: "/api/admin/users/1",
      as: "admin",
      body: { disabled: "yes" },
      expectStatus: 400,
      expectJson: { message: "disabled must be true or false" },
    },
    {
      name: "a note over 2000 characters: 400",
      method: "PATCH",
      url: "/api/admin/users/1",
      as: "admin",
      body: { note: "x".repeat(2001) },
      expectStatus: 400,
      expectJson: { message: "note must be text of at most 2000 characters" },
    },
    {
      name: "an admin's own account cannot be disabled",
      method: "PATCH",
      url: "/api/admin/users/1",
      as: "admin",
      body: { disabled: true },
      expectStatus: 400,
      expectJson: { message: "You cannot disable your own account" },
      expectUnchanged: ["select disabled_at from users"],
    },
    {
      name: "a user who does not exist: 404",
      method: "PATCH",
      url: "/api/admin/users/999",
      as: "admin",
      body: { disabled: true },
      expectStatus: 404,
      expectJson: { message: "User not found" },
    },
    {
      name: "a member may not: 403, nothing changed",
      method: "PATCH",
      url: "/api/admin/users/1",
      as: "user",
      body: { disabled: true },
      expectStatus: 403,
      expectUnchanged: ["select disabled_at, admin_note from users"],
    },
  ]));
