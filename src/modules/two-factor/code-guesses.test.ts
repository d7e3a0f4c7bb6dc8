// Guessing two-factor codes: wrong codes are counted per account across every network as
// well, stored, slowed down past a few, and told to the account's owner. (The throttle's memory under
// a flood: throttle-locks.test.ts.)
import { afterEach, describe, expect, test } from "bun:test";
import { createApp } from "../../app.ts";
import { TEST_PASSWORD_COST, testApp, type TestApp } from "../../testing/harness.ts";
import { startSmtp } from "../../testing/smtp.ts";
import { waitFor } from "../../testing/wait.ts";
import { LOGIN_CODE_NEEDED } from "../account/model.ts";
import { notificationText } from "../notifications/model.ts";
import { CODE_STREAK_QUIET_MS, codeWaitMs, TWO_FACTOR_MESSAGES } from "./model.ts";
import { network48, retryAfter, turnOn } from "./guesses-testing.ts";
import { nextCode } from "./testing.ts";

let t: TestApp;
afterEach(() => t?.close());

const stepUp = (cookie: string, code: string, ip: string) =>
  t.call("POST", "/api/user/step-up", { cookie, body: { code }, ip });

const refusal = (res: { status: number; headers: Headers; json: any }) => ({
  status: res.status,
  code: res.headers.get("x-error-code"),
  retryAfter: retryAfter(res),
  message: res.json?.message,
});
const waiting = (seconds: number) => ({
  status: 429,
  code: "WRONG_CODES_WAIT",
  retryAfter: seconds,
  message: TWO_FACTOR_MESSAGES.wrongCodesWait(seconds * 1000),
});
const login = (username: string, password: string, code: string | undefined, ip: string) =>
  t.call("POST", "/api/login", { body: { username, password, ...(code === undefined ? {} : { code }) }, ip });
const PASSWORD = "correct horse battery";
const recoveryCodesLeft = async (cookie: string) =>
  (await t.call("GET", "/api/user", { cookie })).json.twoFactor.recoveryCodesLeft;
const notificationsOf = async (cookie: string) =>
  (await t.call("GET", "/api/user/notifications", { cookie })).json.items as { kind: string; message: string }[];

describe("wrong codes counted per account, from every network", () => {
  test("five wrong step-up codes from five networks, then every check waits 2^n seconds, up to 15 minutes, unchecked; the owner's right code after the wait works", async () => {
    t = testApp();
    const boss = await t.register("boss");
    const { secret, recoveryCodes } = await turnOn(t, boss.cookie);
    for (let i = 0; i < 5; i++) expect((await stepUp(boss.cookie, "999999", network48(i))).status).toBe(400);
    // the sixth, from a network never seen, waits 2 s: its code is not checked (the recovery code is not used up)
    expect(refusal(await stepUp(boss.cookie, recoveryCodes[0]!, network48(5)))).toEqual(waiting(2));
    expect(await recoveryCodesLeft(boss.cookie)).toBe(10);
    // each wrong code sent once the wait is over doubles the next wait, up to 15 minutes
    const waits: number[] = [];
    for (let n = 0; n < 12; n++) {
      const res = await stepUp(boss.cookie, "999999", network48(100 + n));
      expect(res.status).toBe(429);
      waits.push(retryAfter(res));
      t.clock.advance(retryAfter(res) * 1000);
      expect((await stepUp(boss.cookie, "999999", network48(200 + n))).status).toBe(400);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
    // the owner: refused until the wait is over, then their recovery code works, and so does the next code
    expect(refusal(await stepUp(boss.cookie, recoveryCodes[0]!, "198.51.100.7"))).toEqual(waiting(900));
    t.clock.advance(899_000);
    expect(refusal(await stepUp(boss.cookie, recoveryCodes[0]!, "198.51.100.7"))).toEqual(waiting(1));
    t.clock.advance(1_000);
    expect((await stepUp(boss.cookie, recoveryCodes[0]!, "198.51.100.7")).status).toBe(200);
    expect((await stepUp(boss.cookie, nextCode(t, secret), "198.51.100.7")).status).toBe(200);
    // a right code ends the streak: the next wrong codes are checked at once again
    expect((await stepUp(boss.cookie, "999999", network48(300))).status).toBe(400);
  });

  test("the count is stored: a restart does not reset it", async () => {
    const secretKey = crypto.getRandomValues(new Uint8Array(32));
    t = testApp({ secretKey });
    const boss = await t.register("boss");
    const { recoveryCodes } = await turnOn(t, boss.cookie);
    for (let i = 0; i < 5; i++) expect((await stepUp(boss.cookie, "999999", network48(i))).status).toBe(400);
    // the same database, a new process's app
    const restarted = createApp({
      db: t.db,
      clock: t.clock,
      config: { publicUrl: null, trustProxy: false },
      passwordCost: TEST_PASSWORD_COST,
      clientIp: (request) => request.headers.get("x-test-ip") ?? "203.0.113.7",
      log: () => {},
      secretKey,
    });
    const res = await restarted.handle(
      new Request("http://localhost/api/user/step-up", {
        method: "POST",
        headers: { "content-type": "application/json", cookie: boss.cookie, "x-test-ip": network48(9) },
        body: JSON.stringify({ code: recoveryCodes[0] }),
      }),
    );
    expect({
      status: res.status,
      code: res.headers.get("x-error-code"),
      retryAfter: retryAfter(res),
      message: (await res.json()).message,
    }).toEqual(waiting(2));
  });

  test("codes at login count too, and so do recovery codes and turning it off; a wrong password uses up no guess, and the wait answers a right and a wrong one alike", async () => {
    t = testApp();
    const boss = await t.register("boss");
    const { secret, recoveryCodes } = await turnOn(t, boss.cookie);
    // wrong passwords with codes, from ten networks: no code is checked, none counts
    for (let i = 0; i < 10; i++)
      expect((await login("boss", `not the password ${i}`, "123456", network48(i))).status).toBe(401);
    expect(t.db.sqlite.query("select count(*) as n from code_guesses").get()).toEqual({ n: 0 });
    // three wrong codes with the right password, a wrong recovery code in a step-up, a wrong code to turn it off
    for (let i = 0; i < 3; i++)
      expect((await login("boss", PASSWORD, String(100000 + i), network48(20 + i))).status).toBe(401);
    expect((await stepUp(boss.cookie, "aaaaa-bbbbb", network48(30))).status).toBe(400);
    expect(
      (
        await t.call("POST", "/api/user/two-factor/disable", {
          cookie: boss.cookie,
          body: { code: "222222" },
          ip: network48(31),
        })
      ).status,
    ).toBe(400);
    // now every code waits: at login before the password is checked, so a right and a wrong one get one answer
    expect(refusal(await login("boss", PASSWORD, recoveryCodes[1]!, network48(40)))).toEqual(waiting(2));
    expect(refusal(await login("boss", "not the password", recoveryCodes[1]!, network48(41)))).toEqual(waiting(2));
    expect(
      refusal(
        await t.call("POST", "/api/user/two-factor/disable", {
          cookie: boss.cookie,
          body: { code: recoveryCodes[1] },
          ip: network48(42),
        }),
      ),
    ).toEqual(waiting(2));
    expect(
      refusal(
        await t.call("POST", "/api/user/two-factor/recovery-codes", {
          cookie: boss.cookie,
          body: { code: recoveryCodes[1] },
          ip: network48(43),
        }),
      ),
    ).toEqual(waiting(2));
    expect(await recoveryCodesLeft(boss.cookie)).toBe(10);
    // the password alone still answers that a code is needed
    expect((await login("boss", PASSWORD, undefined, network48(44))).json.message).toBe(LOGIN_CODE_NEEDED);
    // after the wait the owner signs in (with the next 30 s step's code: the one of now turned it on)
    expect((await login("boss", PASSWORD, nextCode(t, secret), network48(45))).status).toBe(200);
  });

  test("fifty wrong codes at once from fifty networks: five are checked", async () => {
    t = testApp();
    const boss = await t.register("boss");
    await turnOn(t, boss.cookie);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => stepUp(boss.cookie, String(100000 + i), network48(i))),
    );
    const counts: Record<number, number> = {};
    for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
    expect(counts).toEqual({ 400: 5, 429: 45 });
    expect(t.db.sqlite.query("select failures from code_guesses").get()).toEqual({ failures: 5 });
    // and at login, with the right password: still five checked in all
    t.clock.advance(16 * 60_000);
    const logins = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login("boss", PASSWORD, String(200000 + i), network48(100 + i))),
    );
    expect(logins.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    expect(t.db.sqlite.query("select failures from code_guesses").get()).toEqual({ failures: 5 });
  });

  test("the owner is told once a streak, in the bell and by email; a new streak after 15 quiet minutes tells them again", async () => {
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
      const boss = await t.register("boss");
      await turnOn(t, boss.cookie);
      for (let i = 0; i < 4; i++) expect((await stepUp(boss.cookie, "999999", network48(i))).status).toBe(400);
      expect(await notificationsOf(boss.cookie)).toEqual([]);
      expect((await stepUp(boss.cookie, "999999", "2001:db8:4444:1::9")).status).toBe(400);
      const told = await notificationsOf(boss.cookie);
      expect(told.map((n) => n.kind)).toEqual(["WRONG_CODES"]);
      expect(told[0]!.message).toBe(notificationText.wrongCodes(5, "2001:db8:4444::/48"));
      const mail = await waitFor(() => smtp.received[0], { what: "the wrong-codes email" });
      expect(mail.to).toEqual(["boss@example.com"]);
      expect(mail.raw).toContain("Subject: Wrong two-factor codes for your account");
      expect(mail.raw).toContain("2001:db8:4444::/48");
      // more wrong codes in the same streak, each once its wait is over: nothing more
      for (let failures = 5; failures < 8; failures++) {
        t.clock.advance(codeWaitMs(failures));
        expect((await stepUp(boss.cookie, "999999", network48(10 + failures))).status).toBe(400);
      }
      await Bun.sleep(100);
      expect((await notificationsOf(boss.cookie)).length).toBe(1);
      expect(smtp.received.length).toBe(1);
      // 15 minutes after the wait without a wrong code, the streak is over: five more are checked at once, and told
      t.clock.advance(codeWaitMs(8) + CODE_STREAK_QUIET_MS);
      for (let i = 0; i < 5; i++) expect((await stepUp(boss.cookie, "999999", network48(20 + i))).status).toBe(400);
      expect((await notificationsOf(boss.cookie)).length).toBe(2);
      await waitFor(() => smtp.received.length === 2 || undefined, { what: "the second streak's email" });
    } finally {
      await smtp.close();
    }
  });
});
