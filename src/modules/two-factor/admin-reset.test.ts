// An admin resets a user's two-factor sign-in from their file (POST
// /api/admin/users/:id/two-factor/reset): for someone who lost their phone and recovery codes. It
// hands the account to whoever has its password, so it asks what a reset link asks (a fresh code,
// or from an admin without two-factor sign-in the password); the user's sessions end; audited.
import { afterEach, describe, expect, test } from "bun:test";
import { PASSWORD_STEP_UP_REQUIRED } from "../../auth/step-up.ts";
import { totpCode } from "../../auth/totp.ts";
import { type TestApp, testApp } from "../../testing/harness.ts";
import { scenarios } from "../../testing/scenario.ts";

const PASSWORD = "correct horse battery"; // t.register's

// Turns two-factor sign-in on for the session's user.
async function withTwoFactor(t: TestApp, cookie: string) {
  const setup = await t.call("POST", "/api/user/two-factor/setup", { cookie, body: { password: PASSWORD } });
  const code = totpCode(setup.json.secret, t.clock());
  expect((await t.call("POST", "/api/user/two-factor/enable", { cookie, body: { code } })).status).toBe(200);
}

describe("POST /api/admin/users/{id}/two-factor/reset", () => {
  let t: TestApp;
  afterEach(() => t.close());

  test("with the admin's password confirmed: the user signs in with the password alone, their sessions ended", async () => {
    t = testApp();
    const { cookie: admin } = await t.signIn("admin", "boss");
    const user = await t.register("lostphone");
    await withTwoFactor(t, user.cookie);
    const url = `/api/admin/users/${user.user.id}/two-factor/reset`;

    // no password entered in the last 5 minutes: asked for it, nothing changed
    const asked = await t.call("POST", url, { cookie: admin });
    expect([asked.status, asked.json, asked.headers.get("x-error-code")]).toEqual([
      403,
      { message: PASSWORD_STEP_UP_REQUIRED },
      "STEP_UP_REQUIRED",
    ]);
    const needsCode = await t.call("POST", "/api/login", { body: { username: "lostphone", password: PASSWORD } });
    expect(needsCode.headers.get("x-error-code")).toBe("TWO_FACTOR_REQUIRED");

    expect((await t.call("POST", "/api/user/step-up", { cookie: admin, body: { password: PASSWORD } })).status).toBe(
      200,
    );
    const reset = await t.call("POST", url, { cookie: admin });
    expect([reset.status, reset.json]).toEqual([
      200,
      {
        message:
          "Two-factor sign-in is off for lostphone and their session ended: they sign in with their password alone and can turn it on again.",
      },
    ]);
    expect((await t.call("GET", "/api/user", { cookie: user.cookie })).status).toBe(401);
    expect((await t.call("POST", "/api/login", { body: { username: "lostphone", password: PASSWORD } })).status).toBe(
      200,
    );
    expect((await t.call("GET", `/api/admin/users/${user.user.id}`, { cookie: admin })).json.user.twoFactor).toBe(
      false,
    );
    const audit = t.db.sqlite
      .query("select actor_name, target_id, details from audit_log where action = 'two_factor.reset'")
      .all() as { actor_name: string; target_id: string; details: string }[];
    expect(audit.map((r) => [r.actor_name, r.target_id, JSON.parse(r.details)])).toEqual([
      ["boss", String(user.user.id), { username: "lostphone", sessionsEnded: 1 }],
    ]);

    // once off, there is nothing to reset
    const again = await t.call("POST", url, { cookie: admin });
    expect([again.status, again.json]).toEqual([409, { message: "This user has no two-factor sign-in to reset" }]);
  });
});

// The admin confirmed with the password (an admin without two-factor sign-in), then calls.
const confirmed = async (t: TestApp) => {
  const { cookie } = await t.signIn("admin");
  expect((await t.call("POST", "/api/user/step-up", { cookie, body: { password: PASSWORD } })).status).toBe(200);
};

describe("POST /api/admin/users/{id}/two-factor/reset: what is refused", () =>
  scenarios([
    {
      name: "the admin's own: 400, their settings page turns it off",
      method: "POST",
      url: "/api/admin/users/1/two-factor/reset",
      as: "admin",
      setup: confirmed,
      expectStatus: 400,
      expectJson: { message: "Turn off your own two-factor sign-in on your settings page" },
    },
    {
      name: "a user who does not exist: 404",
      method: "POST",
      url: "/api/admin/users/999/two-factor/reset",
      as: "admin",
      setup: confirmed,
      expectStatus: 404,
      expectJson: { message: "User not found" },
    },
    {
      name: "a member may not: 403",
      method: "POST",
      url: "/api/admin/users/1/two-factor/reset",
      as: "user",
      expectStatus: 403,
    },
  ]));
