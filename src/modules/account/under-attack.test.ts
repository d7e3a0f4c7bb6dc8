// A username many sign-ins failed for, from any networks (auth/throttle.ts UNDER_ATTACK): its logins
// need a proof of work for that username, which doubles with every further failure, and its owner
// is told once. (The pentest: 12 wrong passwords from 12 /48s, then the right one from a 13th, and no
// proof of work was asked.) Over the app's HTTP handling.
import type { Challenge } from "altcha-lib";
import { afterEach, expect, test } from "bun:test";
import { totpCode } from "../../auth/totp.ts";
import { POW_HEADER } from "../../shared/forms.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { solve } from "../../testing/pow.ts";
import { startSmtp } from "../../testing/smtp.ts";
import { waitFor } from "../../testing/wait.ts";
import { notificationText } from "../notifications/model.ts";
import { LOGIN_PROOF_MISSING, LOGIN_PROOF_OTHER } from "../pow/model.ts";
import { LOGIN_FAILED } from "./model.ts";

const PASSWORD = "correct horse battery";
const BASE = 20; // the admin's proof-of-work difficulty here (small: the tests solve many)
let t: TestApp;
afterEach(() => t?.close());

// an IP of the n-th of many IPv6 /48s, and that /48
const ipOf = (n: number) => `2001:db8:${(0x100 + n).toString(16)}::1`;
const networkOf = (n: number) => `2001:db8:${(0x100 + n).toString(16)}::/48`;
const login = (username: string, password: string, ip: string, headers: Record<string, string> = {}, code?: string) =>
  t.call("POST", "/api/login", { body: { username, password, ...(code ? { code } : {}) }, ip, headers });
const challengeFor = async (username: string, ip: string) =>
  (await t.call("GET", `/api/pow/challenge?form=login&username=${encodeURIComponent(username)}`, { ip })).json
    .challenge as Challenge | null;
const proofFor = async (username: string, ip: string) => {
  const challenge = await challengeFor(username, ip);
  if (!challenge) throw new Error(`no proof is asked for ${username}`);
  return {
    headers: { [POW_HEADER]: await solve(challenge) },
    difficulty: challenge.parameters.data!.difficulty as number,
  };
};
const refusal = (res: { status: number; headers: Headers; json: any }) => ({
  status: res.status,
  code: res.headers.get("x-error-code"),
  retry: res.headers.get(POW_HEADER),
  message: res.json?.message,
});
const proofMissing = { status: 403, code: "PROOF_REFUSED", retry: "retry", message: LOGIN_PROOF_MISSING };
const notificationsOf = async (cookie: string) =>
  (await t.call("GET", "/api/user/notifications", { cookie })).json.items as { kind: string; message: string }[];

test("12 wrong passwords from 12 /48s: the right one from a 13th needs a proof for that username, doubling with every failure; the owner is told once", async () => {
  const smtp = await startSmtp({ user: "mailer", pass: "s3cret-pass" });
  try {
    t = testApp({
      powDifficulty: BASE,
      config: {
        publicUrl: null,
        trustProxy: false,
        mail: { smtpUrl: `smtp://mailer:s3cret-pass@127.0.0.1:${smtp.port}`, from: "XRP Faucet <faucet@faucet.test>" },
      },
    });
    const boss = await t.register("boss");
    // the first five are checked as ever, and no proof is asked yet
    for (let i = 0; i < 5; i++) {
      expect(await challengeFor("boss", ipOf(i))).toBeNull();
      expect((await login("boss", `guess number ${i}`, ipOf(i))).status).toBe(401);
    }
    // the fifth told the owner, in the bell and by email
    const told = await notificationsOf(boss.cookie);
    expect(told.map((n) => n.kind)).toEqual(["WRONG_PASSWORDS"]);
    expect(told[0]!.message).toBe(notificationText.failedSignIns(5, networkOf(4)));
    const mail = await waitFor(() => smtp.received[0], { what: "the failed sign-ins email" });
    expect(mail.to).toEqual(["boss@example.com"]);
    expect(mail.raw).toContain("Subject: Failed sign-ins to your account");

    // then each login needs a proof for boss: without one refused before its password is looked at,
    // right or wrong alike; with one checked, its difficulty doubling with every failure
    const difficulties: number[] = [];
    for (let i = 5; i < 12; i++) {
      expect(refusal(await login("boss", `guess number ${i}`, ipOf(i)))).toEqual(proofMissing);
      const { headers, difficulty } = await proofFor("boss", ipOf(i));
      difficulties.push(difficulty);
      expect((await login("boss", `guess number ${i}`, ipOf(i), headers)).json).toEqual({ message: LOGIN_FAILED });
    }
    expect(difficulties).toEqual([1, 2, 4, 8, 16, 32, 32].map((factor) => BASE * factor));
    // the owner's right password from a 13th network: the same refusal without a proof, in with one
    expect(refusal(await login("boss", PASSWORD, ipOf(12)))).toEqual(proofMissing);
    const owner = await proofFor("boss", ipOf(12));
    expect((await login("boss", PASSWORD, ipOf(12), owner.headers)).status).toBe(200);
    // told once a streak
    expect((await notificationsOf(boss.cookie)).length).toBe(1);
    await Bun.sleep(100);
    expect(smtp.received.length).toBe(1);
  } finally {
    await smtp.close();
  }
});

test("a login's proof is for its username and its difficulty now: another name's, or one solved before more failures, is refused; an unknown name asks the same", async () => {
  t = testApp({ powDifficulty: BASE });
  await t.register("boss");
  await t.register("alice");
  for (const name of ["boss", "alice", "nobody"])
    for (let i = 0; i < 5; i++) expect((await login(name, `guess number ${i}`, ipOf(i))).status).toBe(401);
  // an unknown name is asked for a proof just as an account is
  expect(refusal(await login("nobody", PASSWORD, ipOf(20)))).toEqual(proofMissing);
  // alice's proof does not open boss's login
  const alices = await proofFor("alice", ipOf(21));
  expect(refusal(await login("boss", PASSWORD, ipOf(21), alices.headers))).toEqual({
    ...proofMissing,
    message: LOGIN_PROOF_OTHER,
  });
  // a proof solved before another failure is too easy now
  const early = await proofFor("boss", ipOf(22));
  const meanwhile = await proofFor("boss", ipOf(23));
  expect((await login("boss", "another guess", ipOf(23), meanwhile.headers)).status).toBe(401);
  expect(refusal(await login("boss", PASSWORD, ipOf(22), early.headers))).toEqual({
    ...proofMissing,
    message: LOGIN_PROOF_OTHER,
  });
  // fetched from another network, it is refused as every proof is
  const elsewhere = await proofFor("boss", ipOf(24));
  expect((await login("boss", PASSWORD, ipOf(25), elsewhere.headers)).status).toBe(403);
  expect((await login("boss", PASSWORD, ipOf(24), elsewhere.headers)).status).toBe(200);
});

test("wrong passwords in a signed-in session and right passwords without their code count as failed sign-ins too", async () => {
  t = testApp({ powDifficulty: BASE });
  const carol = await t.register("carol");
  // a step-up's password, five times wrong (a session's, from five networks)
  for (let i = 0; i < 5; i++)
    expect(
      (
        await t.call("POST", "/api/user/step-up", {
          cookie: carol.cookie,
          body: { password: `guess number ${i}` },
          ip: ipOf(i),
        })
      ).status,
    ).toBe(400);
  expect(refusal(await login("carol", PASSWORD, ipOf(10)))).toEqual(proofMissing);

  const dave = await t.register("dave");
  const setup = await t.call("POST", "/api/user/two-factor/setup", {
    cookie: dave.cookie,
    body: { password: PASSWORD },
  });
  expect(
    (
      await t.call("POST", "/api/user/two-factor/enable", {
        cookie: dave.cookie,
        body: { code: totpCode(setup.json.secret, t.clock()) },
      })
    ).status,
  ).toBe(200);
  // the right password without the code, from five networks: five failed sign-ins
  for (let i = 0; i < 5; i++)
    expect((await login("dave", PASSWORD, ipOf(30 + i))).headers.get("x-error-code")).toBe("TWO_FACTOR_REQUIRED");
  expect(refusal(await login("dave", PASSWORD, ipOf(40)))).toEqual(proofMissing);
  t.clock.advance(30_000);
  const { headers } = await proofFor("dave", ipOf(40));
  expect((await login("dave", PASSWORD, ipOf(40), headers, totpCode(setup.json.secret, t.clock()))).status).toBe(200);
  // 15 minutes later the failures are over: no proof is asked
  t.clock.advance(15 * 60_000);
  expect(await challengeFor("dave", ipOf(41))).toBeNull();
  expect((await login("dave", PASSWORD, ipOf(41))).headers.get("x-error-code")).toBe("TWO_FACTOR_REQUIRED");
});
