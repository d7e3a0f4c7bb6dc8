// Guessing two-factor codes (issue 29): a flood cannot wipe the throttle's lockouts, and wrong codes
// are counted per account across every network as well, stored, slowed down past a few, and told to
// the account's owner.
import { afterEach, describe, expect, test } from "bun:test";
import { createApp } from "../../app.ts";
import { totpCode } from "../../auth/totp.ts";
import { TEST_PASSWORD_COST, testApp, type TestApp } from "../../testing/harness.ts";
import { startSmtp } from "../../testing/smtp.ts";
import { waitFor } from "../../testing/wait.ts";
import { LOGIN_CODE_NEEDED } from "../account/model.ts";
import { notificationText } from "../notifications/model.ts";
import { CODE_STREAK_QUIET_MS, codeWaitMs, TWO_FACTOR_MESSAGES } from "./model.ts";

let t: TestApp;
afterEach(() => t?.close());

// Turns two-factor sign-in on for the session's user; answers its secret and recovery codes.
async function turnOn(app: TestApp, cookie: string) {
  const setup = await app.call("POST", "/api/user/two-factor/setup", {
    cookie,
    body: { password: "correct horse battery" },
  });
  const enable = await app.call("POST", "/api/user/two-factor/enable", {
    cookie,
    body: { code: totpCode(setup.json.secret, app.clock()) },
  });
  expect(enable.status).toBe(200);
  return { secret: setup.json.secret as string, recoveryCodes: enable.json.recoveryCodes as string[] };
}
// the next 30 s step's code (a step is accepted once)
const nextCode = (app: TestApp, secret: string) => {
  app.clock.advance(30_000);
  return totpCode(secret, app.clock());
};
const stepUp = (cookie: string, code: string, ip: string) =>
  t.call("POST", "/api/user/step-up", { cookie, body: { code }, ip });
// an IP of the n-th of many IPv6 /48s
const network48 = (n: number) => `2001:db8:${(n >> 16).toString(16)}${(n & 0xffff).toString(16).padStart(4, "0")}::1`;

describe("the throttle's memory", () => {
  test("a network's lockout outlives a flood of wrong codes, each from its own /48", async () => {
    // a small memory, so that a few thousand requests flood it (the production one holds 50,000 a tier)
    t = testApp({ throttleKeysPerTier: 500 });
    const boss = await t.register("boss");
    const { secret } = await turnOn(t, boss.cookie);
    const attacker = "192.0.2.50";
    for (let i = 0; i < 5; i++) expect((await stepUp(boss.cookie, "999999", attacker)).status).toBe(400);
    expect((await stepUp(boss.cookie, nextCode(t, secret), attacker)).status).toBe(429);

    // another account's wrong codes (its setup's), 3,000 of them, each from its own /48: 9,000 keys
    // for the throttle (IP group, network, name from there), every one of them new
    const mallory = await t.register("mallory");
    await t.call("POST", "/api/user/two-factor/setup", {
      cookie: mallory.cookie,
      body: { password: "correct horse battery" },
    });
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 3000; i++) {
      const res = await t.call("POST", "/api/user/two-factor/enable", {
        cookie: mallory.cookie,
        body: { code: "000000" },
        ip: network48(0x10000 + i),
      });
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 400: 3000 });

    // the attacker's network still waits; the owner's network does not
    t.clock.advance(60_000);
    const refused = await stepUp(boss.cookie, nextCode(t, secret), attacker);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Too many wrong codes\. Please try again in 1[34] minutes\.$/);
    expect((await stepUp(boss.cookie, nextCode(t, secret), "198.51.100.7")).status).toBe(200);
  }, 60_000);
});

const retryAfter = (res: { headers: Headers }) => Number(res.headers.get("retry-after"));
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

describe("the throttle's memory: its locks", () => {
  test("a locked-out network stays locked through one account's floods from 505 /48s: 5 wrong enable codes, 5 wrong step-up passwords from each", async () => {
    // the pentest's flood (252,500 enable codes from 50,500 /48s against 50,000 keys a tier), scaled
    // to a memory of 500 keys a tier: it used to push the victim's lock out, and the right password
    // from the locked-out network was let in 14 minutes early
    t = testApp({ throttleKeysPerTier: 500 });
    await t.register("victim");
    const attacker = "2001:db8:aaaa:1::1";
    for (let i = 0; i < 5; i++)
      expect((await login("victim", `guess number ${i}`, undefined, attacker)).status).toBe(401);
    expect((await login("victim", PASSWORD, undefined, attacker)).status).toBe(429);
    // someone else's count in progress: 3 of their network's 5
    await t.register("carol");
    for (let i = 0; i < 3; i++)
      expect((await login("carol", `carol guess ${i}`, undefined, "192.0.2.77")).status).toBe(401);

    // another account, its setup started, sends 5 wrong enable codes from each of 505 /48s: its
    // codes are the account's, so the fifth cancels the setup and the rest check nothing
    const mallory = await t.register("mallory");
    expect(
      (await t.call("POST", "/api/user/two-factor/setup", { cookie: mallory.cookie, body: { password: PASSWORD } }))
        .status,
    ).toBe(200);
    const answers: Record<string, number> = {};
    const tally = (res: { status: number; headers: Headers }) => {
      const key = `${res.status} ${res.headers.get("x-error-code")}`;
      answers[key] = (answers[key] ?? 0) + 1;
    };
    for (let i = 0; i < 505; i++) {
      for (let k = 0; k < 5; k++)
        tally(
          await t.call("POST", "/api/user/two-factor/enable", {
            cookie: mallory.cookie,
            body: { code: "000000" },
            ip: network48(0x20000 + i),
          }),
        );
    }
    expect(answers).toEqual({ "400 WRONG_CODE": 4, "400 TWO_FACTOR_SETUP_AGAIN": 505 * 5 - 4 });

    // then 5 wrong passwords (a step-up's) from each of the 505: each /48 has its first 4 checked, and
    // its fifth while the account's place has room for its lock
    const steps: Record<number, number> = {};
    for (let i = 0; i < 505; i++) {
      for (let k = 0; k < 5; k++) {
        const res = await t.call("POST", "/api/user/step-up", {
          cookie: mallory.cookie,
          body: { password: `wrong ${k}` },
          ip: network48(0x20000 + i),
        });
        steps[res.status] = (steps[res.status] ?? 0) + 1;
      }
    }
    console.log("505 x 5 wrong step-up passwords of one account:", steps);
    expect(steps[400]).toBeGreaterThanOrEqual(505 * 4);
    expect((steps[400] ?? 0) + (steps[429] ?? 0)).toBe(505 * 5);

    // a minute later the victim's locked-out network still waits the rest of its 15 minutes
    t.clock.advance(60_000);
    const refused = await login("victim", PASSWORD, undefined, attacker);
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(13 * 60);
    expect((await login("victim", PASSWORD, undefined, "198.51.100.7")).status).toBe(200);
    // and carol's network still has its last 2 tries, not 5
    for (let i = 3; i < 5; i++)
      expect((await login("carol", `carol guess ${i}`, undefined, "192.0.2.77")).status).toBe(401);
    expect((await login("carol", PASSWORD, undefined, "192.0.2.77")).status).toBe(429);
  }, 120_000);
});
