// A forgotten password reset through an admin's link or an email sent over a real SMTP server started
// here (src/testing/smtp.ts; nodemailer in the app talks to it).
import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { linkIn, startSmtp, type MailServer } from "../../testing/smtp.ts";
import { waitFor } from "../../testing/wait.ts";
import { MESSAGES, SELF_SERVICE } from "./model.ts";

const PASSWORD = "correct horse battery"; // t.register's and t.signIn's

// The app's admin, having entered their password again (a reset link hands an account to whoever
// holds it: an admin without two-factor sign-in confirms it with the password, auth/step-up.ts).
async function confirmedAdmin(t: TestApp) {
  const admin = await t.registerAdmin();
  expect(
    (await t.call("POST", "/api/user/step-up", { cookie: admin.cookie, body: { password: PASSWORD } })).status,
  ).toBe(200);
  return admin;
}

describe("POST /api/admin/users/:id/reset-link and POST /api/password-reset", () => {
  let t: TestApp;
  afterEach(() => t.close());

  test("an admin's link sets a new password once, ends every session, and is in the audit log without its token", async () => {
    t = testApp();
    const user = await t.register("forgetful");
    const admin = await confirmedAdmin(t);
    const made = await t.call("POST", `/api/admin/users/${user.user.id}/reset-link`, { cookie: admin.cookie });
    expect(made.status).toBe(200);
    expect(made.json).toEqual({
      url: expect.stringMatching(/^http:\/\/localhost\/reset-password\?token=[\w-]{40,}$/),
      expiresAt: new Date(t.clock() + 3_600_000).toISOString(),
    });
    const token = new URL(made.json.url).searchParams.get("token")!;
    const audit = t.db.sqlite
      .query("select action, target_id, details from audit_log where action = 'user.reset_link'")
      .all() as any[];
    expect(audit).toEqual([
      { action: "user.reset_link", target_id: String(user.user.id), details: expect.any(String) },
    ]);
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(JSON.stringify(t.db.sqlite.query("select * from password_resets").all())).not.toContain(token);

    const weak = await t.call("POST", "/api/password-reset", { body: { token, newPassword: "short" } });
    expect(weak.json).toEqual({ message: MESSAGES.password });
    const reset = await t.call("POST", "/api/password-reset", {
      body: { token, newPassword: "remembered it at last" },
    });
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ message: SELF_SERVICE.resetDone });
    expect((await t.call("GET", "/api/user", { cookie: user.cookie })).status).toBe(401);
    expect(
      (await t.call("POST", "/api/login", { body: { username: "forgetful", password: "remembered it at last" } }))
        .status,
    ).toBe(200);
    const again = await t.call("POST", "/api/password-reset", { body: { token, newPassword: "another new one" } });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ message: SELF_SERVICE.resetInvalid });
  });

  test("a link older than an hour, or an unknown one, is refused", async () => {
    t = testApp();
    const user = await t.register("late");
    const admin = await confirmedAdmin(t);
    const made = await t.call("POST", `/api/admin/users/${user.user.id}/reset-link`, { cookie: admin.cookie });
    const token = new URL(made.json.url).searchParams.get("token")!;
    t.clock.advance(3_600_001);
    for (const tried of [token, "nothing-like-a-token", ""]) {
      const res = await t.call("POST", "/api/password-reset", {
        body: { token: tried, newPassword: "remembered it at last" },
      });
      expect({ tried, status: res.status, json: res.json }).toEqual({
        tried,
        status: 400,
        json: { message: SELF_SERVICE.resetInvalid },
      });
    }
    expect((await t.call("POST", "/api/login", { body: { username: "late", password: PASSWORD } })).status).toBe(200);
  });

  test("users get 403, visitors 401, an unknown user 404", async () => {
    t = testApp();
    const user = await t.register("plain");
    const admin = await confirmedAdmin(t);
    expect((await t.call("POST", `/api/admin/users/${user.user.id}/reset-link`, { cookie: user.cookie })).status).toBe(
      403,
    );
    expect((await t.call("POST", `/api/admin/users/${user.user.id}/reset-link`)).status).toBe(401);
    expect((await t.call("POST", "/api/admin/users/999999/reset-link", { cookie: admin.cookie })).status).toBe(404);
  });
});

describe("Forgot password? by email", () => {
  let smtp: MailServer;
  beforeAll(async () => {
    smtp = await startSmtp({ user: "mailer", pass: "s3cret-pass" });
  });
  afterAll(() => smtp.close());

  let t: TestApp;
  afterEach(() => t.close());
  const mailApp = () =>
    testApp({
      config: {
        publicUrl: "http://faucet.test",
        trustProxy: false,
        mail: { smtpUrl: `smtp://mailer:s3cret-pass@127.0.0.1:${smtp.port}`, from: "XRP Faucet <faucet@faucet.test>" },
      },
    });

  test("the email arrives with a link that works once; an unknown email gets the same answer and no email", async () => {
    t = mailApp();
    await t.register("mailme", PASSWORD, "mailme@example.com");
    expect((await t.call("GET", "/api/auth/options")).json).toEqual({ mailEnabled: true });
    const before = smtp.received.length;
    const unknown = await t.call("POST", "/api/password-reset/request", { body: { email: "nobody@example.com" } });
    const known = await t.call("POST", "/api/password-reset/request", { body: { email: "MailMe@example.com" } });
    expect([unknown.status, known.status]).toEqual([200, 200]);
    expect(unknown.json).toEqual({ message: SELF_SERVICE.resetRequested });
    expect(known.json).toEqual(unknown.json);
    const mail = await waitFor(() => smtp.received.slice(before).find((m) => m.to.includes("mailme@example.com")), {
      what: "the reset email",
    });
    expect(smtp.received.slice(before).filter((m) => m.to.includes("nobody@example.com"))).toEqual([]);
    expect(mail.raw).toContain("Subject: Reset your password");
    const link = linkIn(mail.raw, /http:\/\/faucet\.test\/reset-password\?token=[\w-]+/)!;
    expect(link).toBeDefined();
    const token = new URL(link).searchParams.get("token")!;
    expect(
      (await t.call("POST", "/api/password-reset", { body: { token, newPassword: "emailed and reset" } })).status,
    ).toBe(200);
    expect(
      (await t.call("POST", "/api/login", { body: { username: "mailme", password: "emailed and reset" } })).status,
    ).toBe(200);
    expect(
      (await t.call("POST", "/api/password-reset", { body: { token, newPassword: "twice is refused" } })).status,
    ).toBe(400);
    // neither the token nor the SMTP password is logged
    expect(t.logs.join("\n")).not.toContain(token);
    expect(t.logs.join("\n")).not.toContain("s3cret-pass");
  });

  test("one request mails one account of an email, once in 15 minutes, however many accounts share it", async () => {
    t = mailApp();
    for (const name of ["shared1", "shared2", "shared3", "shared4"])
      await t.register(name, PASSWORD, "shared@example.com");
    const before = smtp.received.length;
    for (let i = 0; i < 3; i++)
      expect(
        (
          await t.call("POST", "/api/password-reset/request", {
            body: { email: "shared@example.com" },
            ip: strangerIp(i),
          })
        ).status,
      ).toBe(200);
    await waitFor(() => smtp.received.slice(before).some((m) => m.to.includes("shared@example.com")), {
      what: "the reset email",
    });
    await Bun.sleep(300); // time for any further email to arrive
    const mails = smtp.received.slice(before).filter((m) => m.to.includes("shared@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain("Hello shared4,");
    expect((t.db.sqlite.query("select count(*) as n from password_resets").get() as { n: number }).n).toBe(1);
  });

  test("300 uses of one reset link at once hash one password: one succeeds, the rest are refused before hashing", async () => {
    t = mailApp();
    const user = await t.register("resetme", PASSWORD, "resetme@example.com");
    const admin = await confirmedAdmin(t);
    const link = (await t.call("POST", `/api/admin/users/${user.user.id}/reset-link`, { cookie: admin.cookie })).json
      .url as string;
    const token = new URL(link).searchParams.get("token")!;
    const hash = spyOn(Bun.password, "hash");
    try {
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          t.call("POST", "/api/password-reset", {
            body: { token, newPassword: `new password ${i}` },
            ip: strangerIp(i),
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 400 && a.json.message === SELF_SERVICE.resetInvalid)).toHaveLength(299);
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });

  test("a bad email is a 400; a flood from one network waits", async () => {
    t = mailApp();
    expect((await t.call("POST", "/api/password-reset/request", { body: { email: "not an email" } })).json).toEqual({
      message: MESSAGES.email,
    });
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await t.call("POST", "/api/password-reset/request", { body: { email: `who${i}@example.com` } })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  test("without SMTP: 503 MAIL_OFF, and the options say so", async () => {
    t = testApp();
    expect((await t.call("GET", "/api/auth/options")).json).toEqual({ mailEnabled: false });
    const res = await t.call("POST", "/api/password-reset/request", { body: { email: "someone@example.com" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("x-error-code")).toBe("MAIL_OFF");
    expect(res.json).toEqual({ message: SELF_SERVICE.mailOff });
  });
});
