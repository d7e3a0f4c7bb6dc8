// Two-factor sign-in over the app's HTTP handling: setup, login with a code and a recovery code, no
// oracle between a wrong password and a wrong code, codes counted and used once, turning it off, the
// admin who must set it up, --seed-admin's reset, and the step-up every money action needs.
import { afterEach, describe, expect, test } from "bun:test";
import { STEP_UP_MS, STEP_UP_REQUIRED, TWO_FACTOR_SETUP } from "../../auth/step-up.ts";
import { totpCode } from "../../auth/totp.ts";
import { seedAdmin } from "../../cli.ts";
import { randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { startSmtp } from "../../testing/smtp.ts";
import { waitFor } from "../../testing/wait.ts";
import { LOGIN_CODE_NEEDED, LOGIN_FAILED, LOGIN_WITH_CODE_FAILED } from "../account/model.ts";
import { TWO_FACTOR_MESSAGES } from "./model.ts";
import { issueSetupCode } from "./service.ts";

const PASSWORD = "correct horse battery";
let t: TestApp;
afterEach(() => t?.close());

// Turns two-factor sign-in on for the session's user, as the settings page does (with the password,
// or an admin of a server paying real XRP with the setup code --seed-admin printed).
async function turnOn(
  app: TestApp,
  cookie: string,
  proof: { password: string } | { setupCode: string } = { password: PASSWORD },
) {
  const setup = await app.call("POST", "/api/user/two-factor/setup", { cookie, body: proof });
  expect(setup.status).toBe(200);
  const secret: string = setup.json.secret;
  expect(setup.json.uri).toStartWith("otpauth://totp/");
  expect(setup.json.qrSvg).toStartWith("<svg");
  const enable = await app.call("POST", "/api/user/two-factor/enable", {
    cookie,
    body: { code: totpCode(secret, app.clock()) },
  });
  expect(enable.status).toBe(200);
  return { secret, recoveryCodes: enable.json.recoveryCodes as string[] };
}
// the next 30 s step's code (the step just used is refused a second time)
const nextCode = (app: TestApp, secret: string) => {
  app.clock.advance(30_000);
  return totpCode(secret, app.clock());
};
const login = (app: TestApp, username: string, password: string, code?: string, ip = "198.51.100.7") =>
  app.call("POST", "/api/login", { body: { username, password, ...(code === undefined ? {} : { code }) }, ip });

describe("setting it up", () => {
  test("a QR code and the secret, on with a first code: ten recovery codes once, the secret sealed in the database", async () => {
    t = testApp();
    const { cookie } = await t.register("alice");
    const { secret, recoveryCodes } = await turnOn(t, cookie);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const me = await t.call("GET", "/api/user", { cookie });
    expect(me.json.twoFactor).toEqual({ enabled: true, required: false, setupRequired: false, recoveryCodesLeft: 10 });
    const row = t.db.sqlite
      .query("select totp_secret, totp_pending_secret from users where username = 'alice'")
      .get() as { totp_secret: string; totp_pending_secret: string | null };
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_pending_secret).toBeNull();
    const stored = t.db.sqlite.query("select code_hash from recovery_codes").all() as { code_hash: string }[];
    expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    // a second setup while on is refused; the audit log has the change
    expect((await t.call("POST", "/api/user/two-factor/setup", { cookie })).status).toBe(409);
    expect(t.db.sqlite.query("select action from audit_log where action like 'two_factor.%'").all()).toEqual([
      { action: "two_factor.enable" },
    ]);
  });

  test("a wrong first code leaves it off; enabling without a setup is refused", async () => {
    t = testApp();
    const { cookie } = await t.register("bob");
    const early = await t.call("POST", "/api/user/two-factor/enable", { cookie, body: { code: "123456" } });
    expect({ status: early.status, message: early.json.message }).toEqual({
      status: 409,
      message: TWO_FACTOR_MESSAGES.notSetUp,
    });
    const setup = await t.call("POST", "/api/user/two-factor/setup", { cookie, body: { password: PASSWORD } });
    const wrong = totpCode(setup.json.secret, t.clock() + 10 * 60_000);
    const res = await t.call("POST", "/api/user/two-factor/enable", { cookie, body: { code: wrong } });
    expect({ status: res.status, message: res.json.message }).toEqual({
      status: 400,
      message: TWO_FACTOR_MESSAGES.wrongCode,
    });
    const empty = await t.call("POST", "/api/user/two-factor/enable", { cookie, body: {} });
    expect({ status: empty.status, message: empty.json.message }).toEqual({
      status: 400,
      message: TWO_FACTOR_MESSAGES.codeRequired,
    });
    expect((await t.call("GET", "/api/user", { cookie })).json.twoFactor.enabled).toBe(false);
    expect((await login(t, "bob", PASSWORD)).status).toBe(200);
  });
});

describe("setting it up, guessed at", () => {
  test("a setup's codes are the account's: five wrong ones from five networks cancel it, its right code too after that; a new setup starts over", async () => {
    t = testApp();
    const { cookie } = await t.register("bert");
    const setup = await t.call("POST", "/api/user/two-factor/setup", { cookie, body: { password: PASSWORD } });
    const wrong = totpCode(setup.json.secret, t.clock() + 10 * 60_000);
    const answer = (res: { status: number; headers: Headers; json: any }) => ({
      status: res.status,
      code: res.headers.get("x-error-code"),
      message: res.json?.message,
    });
    for (let i = 0; i < 4; i++) {
      expect(
        answer(
          await t.call("POST", "/api/user/two-factor/enable", { cookie, body: { code: wrong }, ip: strangerIp(i) }),
        ),
      ).toEqual({ status: 400, code: "WRONG_CODE", message: TWO_FACTOR_MESSAGES.wrongCode });
    }
    const cancelled = { status: 400, code: "TWO_FACTOR_SETUP_AGAIN", message: TWO_FACTOR_MESSAGES.setupAgain };
    expect(
      answer(await t.call("POST", "/api/user/two-factor/enable", { cookie, body: { code: wrong }, ip: strangerIp(4) })),
    ).toEqual(cancelled);
    // the secret is gone: its right code turns nothing on
    expect(
      answer(
        await t.call("POST", "/api/user/two-factor/enable", {
          cookie,
          body: { code: totpCode(setup.json.secret, t.clock()) },
        }),
      ),
    ).toEqual(cancelled);
    expect((await t.call("GET", "/api/user", { cookie })).json.twoFactor.enabled).toBe(false);
    // a new setup (the password again) starts a new count
    const { recoveryCodes } = await turnOn(t, cookie);
    expect(recoveryCodes).toHaveLength(10);
  });
});

describe("logging in with it", () => {
  test("the password alone is not enough, and a wrong password answers as a right one does", async () => {
    t = testApp();
    const { cookie } = await t.register("carol");
    const { secret } = await turnOn(t, cookie);
    const right = await login(t, "carol", PASSWORD);
    const wrong = await login(t, "carol", "not the password");
    for (const res of [right, wrong]) {
      expect({
        status: res.status,
        json: res.json,
        code: res.headers.get("x-error-code"),
        cookie: res.cookie ?? null,
      }).toEqual({
        status: 401,
        json: { message: LOGIN_CODE_NEEDED },
        code: "TWO_FACTOR_REQUIRED",
        cookie: null,
      });
    }
    // with a code: one answer for a wrong password and for a wrong code
    const badPassword = await login(t, "carol", "not the password", nextCode(t, secret));
    const badCode = await login(t, "carol", PASSWORD, "000000");
    expect(badPassword.json).toEqual({ message: LOGIN_WITH_CODE_FAILED });
    expect(badCode.json).toEqual(badPassword.json);
    expect([badPassword.status, badCode.status]).toEqual([401, 401]);
    // the right pair signs in, and the session counts as confirmed by a code
    const ok = await login(t, "carol", PASSWORD, nextCode(t, secret));
    expect(ok.status).toBe(200);
    expect(ok.json.user.twoFactor.enabled).toBe(true);
    expect(
      (
        t.db.sqlite.query("select stepped_up_at from sessions order by created_at desc limit 1").get() as {
          stepped_up_at: number;
        }
      ).stepped_up_at,
    ).toBe(t.clock());
    // an unknown name still answers as before
    expect((await login(t, "nobody", PASSWORD)).json).toEqual({ message: LOGIN_FAILED });
  });

  test("a code works once, a recovery code works once, and both count", async () => {
    t = testApp();
    const { cookie } = await t.register("dave");
    const { secret, recoveryCodes } = await turnOn(t, cookie);
    const code = nextCode(t, secret);
    expect((await login(t, "dave", PASSWORD, code)).status).toBe(200);
    const replay = await login(t, "dave", PASSWORD, code);
    expect({ status: replay.status, message: replay.json.message }).toEqual({
      status: 401,
      message: LOGIN_WITH_CODE_FAILED,
    });
    // a recovery code, typed in capitals and without its dash
    const recovery = recoveryCodes[3]!;
    expect((await login(t, "dave", PASSWORD, recovery.replace("-", "").toUpperCase())).status).toBe(200);
    expect((await login(t, "dave", PASSWORD, recovery)).status).toBe(401);
    expect((await t.call("GET", "/api/user", { cookie })).json.twoFactor.recoveryCodesLeft).toBe(9);
  });

  test("wrong codes are counted with the login throttle: five from one network wait, the owner's own network does not", async () => {
    t = testApp();
    const { cookie } = await t.register("erin");
    const { secret } = await turnOn(t, cookie);
    for (let i = 0; i < 5; i++)
      expect((await login(t, "erin", PASSWORD, String(100000 + i), "192.0.2.50")).status).toBe(401);
    const refused = await login(t, "erin", PASSWORD, nextCode(t, secret), "192.0.2.50");
    expect(refused.status).toBe(429);
    expect((await login(t, "erin", PASSWORD, nextCode(t, secret), "198.51.100.7")).status).toBe(200);
    // the step-up code is counted the same way
    for (let i = 0; i < 5; i++)
      expect(
        (await t.call("POST", "/api/user/step-up", { cookie, body: { code: "999999" }, ip: "203.0.113.9" })).status,
      ).toBe(400);
    expect(
      (await t.call("POST", "/api/user/step-up", { cookie, body: { code: nextCode(t, secret) }, ip: "203.0.113.9" }))
        .status,
    ).toBe(429);
  });
});

describe("the throttle cannot tell a right password from a wrong one", () => {
  test("the right password without its code counts as a wrong one does: five of either from a network, then both wait alike", async () => {
    t = testApp();
    const { cookie } = await t.register("ivy");
    const { secret } = await turnOn(t, cookie);
    const answers = (res: { status: number; json: unknown; headers: Headers }) => ({
      status: res.status,
      json: res.json,
      code: res.headers.get("x-error-code"),
    });
    const rights = [];
    const wrongs = [];
    for (let i = 0; i < 5; i++) {
      rights.push(answers(await login(t, "ivy", PASSWORD, undefined, "192.0.2.10")));
      wrongs.push(answers(await login(t, "ivy", `not the password ${i}`, undefined, "198.51.100.10")));
    }
    expect(rights).toEqual(wrongs);
    // the sixth from each network waits, with the same answer
    const code = nextCode(t, secret);
    const right = await login(t, "ivy", PASSWORD, code, "192.0.2.10");
    const wrong = await login(t, "ivy", "not the password 6", code, "198.51.100.10");
    expect(right.status).toBe(429);
    expect({ ...answers(right), retryAfter: right.headers.get("retry-after") }).toEqual({
      ...answers(wrong),
      retryAfter: wrong.headers.get("retry-after"),
    });
    // a network that has not failed signs in
    expect((await login(t, "ivy", PASSWORD, nextCode(t, secret), "203.0.113.10")).status).toBe(200);
  });

  test("thirty people with two-factor sign-in behind one address sign in one after another (the password, then the code): nobody waits", async () => {
    t = testApp();
    const people: { name: string; secret: string }[] = [];
    for (let i = 0; i < 30; i++) {
      const name = `office${i}`;
      const { cookie } = await t.register(name);
      people.push({ name, secret: (await turnOn(t, cookie)).secret });
    }
    t.clock.advance(30_000);
    const answers: number[] = [];
    for (const { name, secret } of people) {
      // the form sends the password alone first, then asks for the code
      answers.push((await login(t, name, PASSWORD, undefined, "192.0.2.200")).status);
      answers.push((await login(t, name, PASSWORD, totpCode(secret, t.clock()), "192.0.2.200")).status);
    }
    expect(answers).toEqual(people.flatMap(() => [401, 200]));
  });
});

describe("turning it off and new recovery codes", () => {
  test("each needs a current code; off, the password alone signs in again", async () => {
    t = testApp();
    const { cookie } = await t.register("frank");
    const { secret, recoveryCodes } = await turnOn(t, cookie);
    const renewed = await t.call("POST", "/api/user/two-factor/recovery-codes", {
      cookie,
      body: { code: nextCode(t, secret) },
    });
    expect(renewed.status).toBe(200);
    expect(renewed.json.recoveryCodes).toHaveLength(10);
    expect((await login(t, "frank", PASSWORD, recoveryCodes[0])).status).toBe(401);
    const noCode = await t.call("POST", "/api/user/two-factor/disable", { cookie, body: {} });
    expect(noCode.status).toBe(400);
    const off = await t.call("POST", "/api/user/two-factor/disable", {
      cookie,
      body: { code: renewed.json.recoveryCodes[0] },
    });
    expect(off.json).toEqual({ message: TWO_FACTOR_MESSAGES.disabled });
    expect((await login(t, "frank", PASSWORD)).status).toBe(200);
    expect(t.db.sqlite.query("select count(*) as n from recovery_codes").get()).toEqual({ n: 0 });
    expect(
      (
        t.db.sqlite.query("select action from audit_log where action like 'two_factor.%' order by id").all() as {
          action: string;
        }[]
      ).map((r) => r.action),
    ).toEqual(["two_factor.enable", "two_factor.recovery_codes", "two_factor.disable"]);
  });
});

describe("admins of a server that pays real XRP", () => {
  test("must set it up before anything else, cannot turn it off, and --seed-admin resets it", async () => {
    t = testApp({ adminTwoFactorRequired: true });
    const { cookie, user } = await t.registerAdmin("boss");
    const me = await t.call("GET", "/api/user", { cookie });
    expect(me.json.twoFactor).toEqual({ enabled: false, required: true, setupRequired: true, recoveryCodesLeft: 0 });
    for (const [method, path] of [
      ["GET", "/api/admin/faucet/requests"],
      ["GET", "/api/admin/users"],
      ["POST", "/api/admin/faucet/settings"],
    ] as const) {
      const res = await t.call(method, path, { cookie, body: method === "POST" ? { dailyLimit: "1000" } : undefined });
      expect({ path, status: res.status, code: res.headers.get("x-error-code"), message: res.json.message }).toEqual({
        path,
        status: 403,
        code: "TWO_FACTOR_SETUP_REQUIRED",
        message: TWO_FACTOR_SETUP,
      });
    }
    // (with the code --seed-admin would have printed for this admin)
    const { secret } = await turnOn(t, cookie, { setupCode: issueSetupCode(t.db, user.id, t.clock()) });
    expect((await t.call("GET", "/api/admin/faucet/requests", { cookie })).status).toBe(200);
    const off = await t.call("POST", "/api/user/two-factor/disable", { cookie, body: { code: nextCode(t, secret) } });
    expect({ status: off.status, message: off.json.message }).toEqual({
      status: 403,
      message: TWO_FACTOR_MESSAGES.requiredForAdmins,
    });
    // the operator on the server's console: a new password, the second factor reset, sessions ended
    const said = await seedAdmin(t.db, {
      username: "boss",
      email: null,
      password: "a fresh and long admin passphrase 42",
    });
    expect(said).toContain("two-factor sign-in reset");
    expect((await t.call("GET", "/api/user", { cookie })).status).toBe(401);
    const back = await login(t, "boss", "a fresh and long admin passphrase 42");
    expect(back.status).toBe(200);
    expect(back.json.user.twoFactor).toEqual({
      enabled: false,
      required: true,
      setupRequired: true,
      recoveryCodesLeft: 0,
    });
  });

  test("on a sandbox server an admin may go without it, and is never asked for a code", async () => {
    t = testApp();
    const { cookie } = await t.registerAdmin("sandboxadmin");
    expect((await t.call("GET", "/api/user", { cookie })).json.twoFactor.setupRequired).toBe(false);
    const raise = await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { dailyLimit: "5000" } });
    expect(raise.status).toBe(200);
  });
});

describe("step-up for money", () => {
  test("a stolen session without a fresh code cannot raise limits, turn on auto-approve or unblock; with one it can, for 5 minutes", async () => {
    t = testApp();
    const { cookie } = await t.registerAdmin("boss");
    const { secret } = await turnOn(t, cookie);
    // the session that turned it on is confirmed for 5 minutes; a stolen cookie is used later
    const blocked = await t.call("POST", "/api/admin/blocklist", {
      cookie,
      body: { kind: "address", value: randomAddress() },
    });
    expect(blocked.status).toBe(201);
    t.clock.advance(STEP_UP_MS + 1);
    const refused = (res: { status: number; headers: Headers; json: any }) => ({
      status: res.status,
      code: res.headers.get("x-error-code"),
      message: res.json?.message,
    });
    const needsCode = { status: 403, code: "STEP_UP_REQUIRED", message: STEP_UP_REQUIRED };
    const settingsBefore = (await t.call("GET", "/api/admin/faucet/settings", { cookie })).json;
    expect(
      refused(await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { dailyLimit: "100000" } })),
    ).toEqual(needsCode);
    expect(refused(await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { maxAmount: "99" } }))).toEqual(
      needsCode,
    );
    expect(
      refused(await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { bonusDailyLimit: "5000" } })),
    ).toEqual(needsCode);
    expect(
      refused(await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { autoApprove: { enabled: true } } })),
    ).toEqual(needsCode);
    expect(refused(await t.call("DELETE", `/api/admin/blocklist/${blocked.json.id}`, { cookie }))).toEqual(needsCode);
    // nothing changed
    expect((await t.call("GET", "/api/admin/faucet/settings", { cookie })).json).toEqual(settingsBefore);
    expect((await t.call("GET", "/api/admin/blocklist", { cookie })).json).toHaveLength(1);
    // tightening needs no code
    expect((await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { dailyLimit: "50" } })).status).toBe(
      200,
    );
    // a code in the confirmation dialog, then the same actions go through
    const stepUp = await t.call("POST", "/api/user/step-up", { cookie, body: { code: nextCode(t, secret) } });
    expect(stepUp.status).toBe(200);
    expect(Date.parse(stepUp.json.stepUpUntil)).toBe(t.clock() + STEP_UP_MS);
    expect((await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { dailyLimit: "150" } })).status).toBe(
      200,
    );
    expect((await t.call("DELETE", `/api/admin/blocklist/${blocked.json.id}`, { cookie })).status).toBe(200);
    // the audit log records that a code was given
    expect(
      (t.db.sqlite.query("select action from audit_log where action = 'two_factor.step_up'").all() as unknown[]).length,
    ).toBe(1);
    // five minutes later, a code again
    t.clock.advance(STEP_UP_MS + 1);
    expect(
      refused(await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { dailyLimit: "200" } })),
    ).toEqual(needsCode);
  });
});

describe("sessions and admin sign-ins", () => {
  test("a user sees their sessions with device and IP, ends one, or all the others", async () => {
    t = testApp();
    await t.register("gina");
    const signIn = async (ip: string, agent: string) => {
      const res = await t.call("POST", "/api/login", {
        body: { username: "gina", password: PASSWORD },
        ip,
        headers: { "user-agent": agent },
      });
      expect(res.status).toBe(200);
      return res.cookie!;
    };
    const laptop = await signIn(
      "198.51.100.20",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0",
    );
    t.clock.advance(60_000);
    const phone = await signIn(
      "203.0.113.44",
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
    );
    const list = await t.call("GET", "/api/user/sessions", { cookie: phone });
    // the registration's session too
    expect(list.json).toHaveLength(3);
    expect(list.json[0]).toMatchObject({ current: true, ip: "203.0.113.44", device: "Chrome on Android" });
    expect(list.json.find((s: { ip: string }) => s.ip === "198.51.100.20")).toMatchObject({
      current: false,
      device: "Firefox on Windows",
    });
    const laptopId = list.json.find((s: { ip: string }) => s.ip === "198.51.100.20").id;
    expect((await t.call("DELETE", `/api/user/sessions/${laptopId}`, { cookie: phone })).json).toEqual({
      message: "Session ended",
    });
    expect((await t.call("GET", "/api/user", { cookie: laptop })).status).toBe(401);
    // another user cannot end it (nor see it)
    const other = await t.register("hank");
    const theirs = (await t.call("GET", "/api/user/sessions", { cookie: other.cookie })).json;
    expect(theirs).toHaveLength(1);
    expect((await t.call("DELETE", `/api/user/sessions/${list.json[0].id}`, { cookie: other.cookie })).status).toBe(
      404,
    );
    expect((await t.call("DELETE", "/api/user/sessions", { cookie: phone })).json).toEqual({
      message: "Ended 1 other session",
      ended: 1,
    });
    expect((await t.call("GET", "/api/user/sessions", { cookie: phone })).json).toHaveLength(1);
    expect((await t.call("GET", "/api/user/sessions")).status).toBe(401);
  });

  test("every admin sign-in is in the audit log; a new network or device is flagged on /admin, not the admin's very first sign-in", async () => {
    t = testApp();
    const { cookie } = await t.registerAdmin("boss");
    const again = await t.call("POST", "/api/login", { body: { username: "boss", password: PASSWORD } });
    expect(again.status).toBe(200);
    const elsewhere = await t.call("POST", "/api/login", {
      body: { username: "boss", password: PASSWORD },
      ip: strangerIp(9),
    });
    expect(elsewhere.status).toBe(200);
    const signIns = (await t.call("GET", "/api/admin/sign-ins", { cookie })).json as {
      ip: string;
      newNetwork: boolean;
      username: string;
    }[];
    expect(signIns.map((s) => [s.username, s.ip, s.newNetwork])).toEqual([
      ["boss", strangerIp(9), true],
      ["boss", "203.0.113.7", false],
      ["boss", "203.0.113.7", false],
    ]);
    // members' sign-ins are not admin sign-ins
    await t.register("member");
    expect(((await t.call("GET", "/api/admin/sign-ins", { cookie })).json as unknown[]).length).toBe(3);
  });

  test("an admin sign-in from a network never seen is emailed to every admin; a known one is not", async () => {
    const smtp = await startSmtp({ user: "mailer", pass: "s3cret-pass" });
    try {
      t = testApp({
        config: {
          publicUrl: null,
          trustProxy: false,
          mail: {
            smtpUrl: `smtp://mailer:s3cret-pass@127.0.0.1:${smtp.port}`,
            from: "XRP Faucet <faucet@faucet.test>",
          },
        },
      });
      await t.registerAdmin("boss");
      await t.registerAdmin("deputy");
      // boss's browser, with its device cookie, signs in once from the usual network
      const device = "device=bossbrowser0000000000000001";
      const bossLogin = (ip: string) =>
        t.call("POST", "/api/login", { body: { username: "boss", password: PASSWORD }, ip, cookie: device });
      expect((await bossLogin("203.0.113.7")).status).toBe(200);
      // (each admin's very first sign-in is not flagged; boss's browser is a device boss never used: 2)
      await waitFor(() => smtp.received.length >= 2, { what: "the new device's alerts" });
      const before = smtp.received.length;
      // the same browser from the same network: nothing new, nobody is mailed
      expect((await bossLogin("203.0.113.7")).status).toBe(200);
      // the same browser from a network boss never used: both admins are told
      expect((await bossLogin("2001:db8:4444:1::9")).status).toBe(200);
      const alerts = await waitFor(
        () => (smtp.received.length >= before + 2 ? smtp.received.slice(before) : undefined),
        { what: "the new-network alerts" },
      );
      expect(alerts.flatMap((m) => m.to).sort()).toEqual(["boss@example.com", "deputy@example.com"]);
      expect(alerts[0]!.raw).toContain("Subject: New admin sign-in: boss");
      expect(alerts[0]!.raw).toContain("2001:db8:4444::/48");
      await Bun.sleep(100);
      expect(smtp.received.length).toBe(before + 2);
    } finally {
      await smtp.close();
    }
  });
});
