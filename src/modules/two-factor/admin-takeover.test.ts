// An admin account's takeover, end to end over real HTTP on a server paying a real ledger (its admins must
// use two-factor sign-in): a stolen admin session without a fresh code makes no reset link, and an
// admin's first two-factor setup needs the one-time code --seed-admin printed on the server's
// console, so a password alone (phished, or set through a leaked link) cannot become an admin who
// moves money. Then the same for a sandbox server, where two-factor sign-in is optional: an admin
// without it confirms a reset link with their password, and a stolen session cannot turn it on.
import { afterEach, expect, test } from "bun:test";
import { PASSWORD_STEP_UP_REQUIRED, STEP_UP_MS, STEP_UP_REQUIRED, TWO_FACTOR_SETUP } from "../../auth/step-up.ts";
import { totpCode } from "../../auth/totp.ts";
import { seedAdmin } from "../../cli.ts";
import { httpClient, type ClientResponse, type HttpClient } from "../../testing/client.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { SELF_SERVICE } from "../account/model.ts";
import { TWO_FACTOR_MESSAGES } from "./model.ts";

let t: TestApp;
afterEach(() => t?.close());

const BOSS = { username: "boss", password: "the chief's long admin passphrase" };
const DEPUTY = { username: "deputy", password: "the second's long admin passphrase" };
// What --seed-admin prints: the admin, and the one-time code of their first two-factor setup.
const setupCodeIn = (printed: string) => /setup code for '[^']+': ([a-z0-9-]+)/.exec(printed)?.[1] ?? "";
const refusal = (res: ClientResponse) => ({
  status: res.status,
  code: res.headers.get("x-error-code"),
  message: res.json?.message,
});

// A browser of its own, on the server's port, from one network.
const browser = (url: string, ip: string) => httpClient(url, { ipHeader: "x-test-ip", ip });
// Sets two-factor sign-in up (with the password, or an admin of a real ledger with the console's
// code) and turns it on; answers the secret the authenticator app holds.
async function turnOn(
  app: TestApp,
  client: HttpClient,
  proof: { password: string } | { setupCode: string },
): Promise<string> {
  const setup = await client.post("/api/user/two-factor/setup", proof);
  expect({ status: setup.status, message: setup.json?.message }).toEqual({ status: 200, message: undefined });
  const enable = await client.post("/api/user/two-factor/enable", { code: totpCode(setup.json.secret, app.clock()) });
  expect(enable.status).toBe(200);
  return setup.json.secret;
}

test("a real ledger: a stolen session makes no reset link, and a password alone cannot set up an admin's two-factor sign-in", async () => {
  t = testApp({ adminTwoFactorRequired: true });
  const url = t.listen();
  // the operator seeds two admins on the console; each gets a code for their first setup
  const bossCode = setupCodeIn(await seedAdmin(t.db, { ...BOSS, email: "boss@example.com" }, t.clock));
  const deputyCode = setupCodeIn(await seedAdmin(t.db, { ...DEPUTY, email: "deputy@example.com" }, t.clock));
  expect([bossCode, deputyCode].every((code) => /^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/.test(code))).toBe(true);
  const deputyId = (t.db.sqlite.query("select id from users where username = 'deputy'").get() as { id: number }).id;

  // boss sets up two-factor sign-in with the code from the console; deputy has not yet
  const boss = browser(url, "198.51.100.7");
  expect((await boss.post("/api/login", BOSS)).status).toBe(200);
  const secret = await turnOn(t, boss, { setupCode: bossCode });
  const settingsBefore = (await boss.get("/api/admin/faucet/settings")).json;

  // the attacker copies boss's session cookie and uses it after boss's last code
  t.clock.advance(STEP_UP_MS + 1);
  const stolen = httpClient(url, { ipHeader: "x-test-ip", ip: "192.0.2.66", headers: { cookie: boss.cookieHeader() } });
  const needsCode = { status: 403, code: "STEP_UP_REQUIRED", message: STEP_UP_REQUIRED };
  expect(refusal(await stolen.post("/api/admin/faucet/settings", { dailyLimit: "500", maxAmount: "40" }))).toEqual(
    needsCode,
  );
  // the pentest's way round it: a reset link for an admin who has no second factor yet
  expect(refusal(await stolen.post(`/api/admin/users/${deputyId}/reset-link`))).toEqual(needsCode);
  expect(t.db.sqlite.query("select count(*) as n from password_resets").get()).toEqual({ n: 0 });

  // Were a link to leak anyway (boss made one for deputy, with a fresh code, and it was seen on its
  // way): the attacker sets deputy's password and logs in, but cannot set up two-factor sign-in.
  t.clock.advance(30_000);
  expect((await boss.post("/api/user/step-up", { code: totpCode(secret, t.clock()) })).status).toBe(200);
  const link = await boss.post(`/api/admin/users/${deputyId}/reset-link`);
  expect(link.status).toBe(200);
  const token = new URL(link.json.url).searchParams.get("token");
  const attacker = browser(url, "192.0.2.66");
  const taken = { ...DEPUTY, password: "the attacker's own passphrase" };
  expect((await attacker.post("/api/password-reset", { token, newPassword: taken.password })).status).toBe(200);
  expect((await attacker.post("/api/login", taken)).status).toBe(200);
  expect(refusal(await attacker.post("/api/admin/faucet/settings", { dailyLimit: "500", maxAmount: "40" }))).toEqual({
    status: 403,
    code: "TWO_FACTOR_SETUP_REQUIRED",
    message: TWO_FACTOR_SETUP,
  });
  // (the password, which the attacker has, does not take the code's place)
  const noCode = await attacker.post("/api/user/two-factor/setup", { password: taken.password });
  expect(refusal(noCode)).toEqual({
    status: 400,
    code: "SETUP_CODE_REQUIRED",
    message: TWO_FACTOR_MESSAGES.setupCodeRequired,
  });
  const guessed = await attacker.post("/api/user/two-factor/setup", { setupCode: "abcd-efgh-jkmn-pqrs" });
  expect(refusal(guessed)).toEqual({
    status: 400,
    code: "WRONG_SETUP_CODE",
    message: TWO_FACTOR_MESSAGES.wrongSetupCode,
  });
  // boss's code was used up by boss's own setup
  const bossesCode = await attacker.post("/api/user/two-factor/setup", { setupCode: bossCode });
  expect(refusal(bossesCode)).toEqual({
    status: 400,
    code: "WRONG_SETUP_CODE",
    message: TWO_FACTOR_MESSAGES.wrongSetupCode,
  });
  // no secret was made, nothing was turned on, and the faucet's settings are as they were
  expect((await attacker.post("/api/user/two-factor/enable", { code: "123456" })).status).toBe(409);
  expect(
    t.db.sqlite.query("select totp_pending_secret, totp_enabled_at from users where id = ?").get(deputyId),
  ).toEqual({ totp_pending_secret: null, totp_enabled_at: null });
  expect((await boss.get("/api/admin/faucet/settings")).json).toEqual(settingsBefore);

  // The operator gives deputy back their account on the console: a new password and a new code
  // (the attacker's session ends); deputy sets up with it, and the code works once.
  const again = setupCodeIn(await seedAdmin(t.db, { ...DEPUTY, email: null }, t.clock));
  expect(again).not.toBe(deputyCode);
  expect((await attacker.get("/api/user")).status).toBe(401);
  const deputy = browser(url, "198.51.100.8");
  expect((await deputy.post("/api/login", DEPUTY)).status).toBe(200);
  expect(refusal(await deputy.post("/api/user/two-factor/setup", { setupCode: deputyCode }))).toMatchObject({
    code: "WRONG_SETUP_CODE",
  });
  await turnOn(t, deputy, { setupCode: again });
  expect((await deputy.get("/api/admin/faucet/requests")).status).toBe(200);
  expect(t.db.sqlite.query("select count(*) as n from two_factor_setup_codes").get()).toEqual({ n: 0 });
  expect(
    (
      t.db.sqlite
        .query("select action from audit_log where action like 'user.%' or action like 'two_factor.%' order by id")
        .all() as { action: string }[]
    ).map((r) => r.action),
  ).toEqual(["two_factor.enable", "two_factor.step_up", "user.reset_link", "two_factor.enable"]);
}, 20_000);

test("a real ledger: the console's setup code expires after 24 hours, and wrong ones are counted like wrong passwords", async () => {
  t = testApp({ adminTwoFactorRequired: true });
  const url = t.listen();
  const code = setupCodeIn(await seedAdmin(t.db, { ...DEPUTY, email: null }, t.clock));
  const deputy = browser(url, "198.51.100.8");
  expect((await deputy.post("/api/login", DEPUTY)).status).toBe(200);
  // five wrong codes from one network: the sixth try waits, even with the right code
  const guesser = browser(url, "192.0.2.99");
  expect((await guesser.post("/api/login", DEPUTY)).status).toBe(200);
  for (let i = 0; i < 5; i++)
    expect((await guesser.post("/api/user/two-factor/setup", { setupCode: `wrong-code-${i}` })).status).toBe(400);
  expect((await guesser.post("/api/user/two-factor/setup", { setupCode: code })).status).toBe(429);
  // a day later the code is refused from the admin's own network too
  t.clock.advance(24 * 60 * 60_000 + 1);
  expect(refusal(await deputy.post("/api/user/two-factor/setup", { setupCode: code }))).toMatchObject({
    status: 400,
    code: "WRONG_SETUP_CODE",
  });
  expect(t.db.sqlite.query("select totp_pending_secret from users where username = 'deputy'").get()).toEqual({
    totp_pending_secret: null,
  });
}, 20_000);

test("a sandbox server: an admin without two-factor sign-in confirms a reset link with their password, and a stolen session cannot turn it on", async () => {
  t = testApp();
  const url = t.listen();
  await seedAdmin(t.db, { ...BOSS, email: null }, t.clock);
  const member = await t.register("member");
  const boss = browser(url, "198.51.100.7");
  expect((await boss.post("/api/login", BOSS)).status).toBe(200);
  // money needs no code here (two-factor sign-in is optional on a sandbox server) ...
  expect((await boss.post("/api/admin/faucet/settings", { dailyLimit: "150" })).status).toBe(200);
  // ... but handing an account to someone needs the password, entered in the last 5 minutes
  const stolen = httpClient(url, { ipHeader: "x-test-ip", ip: "192.0.2.66", headers: { cookie: boss.cookieHeader() } });
  const needsPassword = { status: 403, code: "STEP_UP_REQUIRED", message: PASSWORD_STEP_UP_REQUIRED };
  expect(refusal(await stolen.post(`/api/admin/users/${member.user.id}/reset-link`))).toEqual(needsPassword);
  // the stolen session cannot confirm without the password, nor turn on two-factor sign-in with the
  // attacker's authenticator app (which would then confirm everything, and lock boss out)
  expect(refusal(await stolen.post("/api/user/step-up", { password: "a guess at it" }))).toEqual({
    status: 400,
    code: "WRONG_PASSWORD",
    message: SELF_SERVICE.wrongPassword,
  });
  expect(refusal(await stolen.post("/api/user/step-up", { code: "123456" }))).toEqual({
    status: 400,
    code: "WRONG_PASSWORD",
    message: SELF_SERVICE.currentRequired,
  });
  expect(refusal(await stolen.post("/api/user/two-factor/setup", {}))).toEqual({
    status: 400,
    code: "WRONG_PASSWORD",
    message: SELF_SERVICE.currentRequired,
  });
  expect(refusal(await stolen.post("/api/user/two-factor/setup", { password: "a guess at it" }))).toEqual({
    status: 400,
    code: "WRONG_PASSWORD",
    message: SELF_SERVICE.wrongPassword,
  });
  expect(t.db.sqlite.query("select totp_pending_secret from users where username = 'boss'").get()).toEqual({
    totp_pending_secret: null,
  });
  expect(t.db.sqlite.query("select count(*) as n from password_resets").get()).toEqual({ n: 0 });
  // boss enters the password: links for 5 minutes, then the password again
  const confirmed = await boss.post("/api/user/step-up", { password: BOSS.password });
  expect({ status: confirmed.status, until: Date.parse(confirmed.json.stepUpUntil) }).toEqual({
    status: 200,
    until: t.clock() + STEP_UP_MS,
  });
  expect((await boss.post(`/api/admin/users/${member.user.id}/reset-link`)).status).toBe(200);
  t.clock.advance(STEP_UP_MS + 1);
  expect(refusal(await boss.post(`/api/admin/users/${member.user.id}/reset-link`))).toEqual(needsPassword);
  // with two-factor sign-in on, only a code confirms (the password no longer does)
  const secret = await turnOn(t, boss, { password: BOSS.password });
  t.clock.advance(STEP_UP_MS + 1);
  expect(refusal(await boss.post(`/api/admin/users/${member.user.id}/reset-link`))).toEqual({
    status: 403,
    code: "STEP_UP_REQUIRED",
    message: STEP_UP_REQUIRED,
  });
  expect(refusal(await boss.post("/api/user/step-up", { password: BOSS.password }))).toEqual({
    status: 400,
    code: "CODE_REQUIRED",
    message: TWO_FACTOR_MESSAGES.codeRequired,
  });
  expect((await boss.post("/api/user/step-up", { code: totpCode(secret, t.clock()) })).status).toBe(200);
  expect((await boss.post(`/api/admin/users/${member.user.id}/reset-link`)).status).toBe(200);
}, 20_000);
