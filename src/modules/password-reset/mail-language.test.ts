// The reset e-mail in the user's own language (PUT /api/account/language), else the request's: over
// the project's SMTP test server, read back from its MIME encoding.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type MailServer, startSmtp } from "../../testing/smtp.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { waitFor } from "../../testing/wait.ts";

let smtp: MailServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp({ user: "mailer", pass: "s3cret-pass" });
  t = testApp({
    config: {
      publicUrl: "http://faucet.test",
      trustProxy: false,
      mail: { smtpUrl: `smtp://mailer:s3cret-pass@127.0.0.1:${smtp.port}`, from: "XRP Faucet <faucet@faucet.test>" },
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

// A mail's subject and text as a reader sees them (encoded words, base64 or quoted-printable).
function readMail(raw: string) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head!.replace(/\r?\n[ \t]+/g, " ");
  const qp = (text: string) =>
    Buffer.from(
      text.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  const words = (value: string) =>
    value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : qp(text.replace(/_/g, " ")),
    );
  const subject = words(/^subject: (.*)$/im.exec(headers)![1]!).trim();
  const encoding = /^content-transfer-encoding: (\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const body = rest.join("\n\n");
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? qp(body.replace(/=\r?\n/g, ""))
        : body;
  return { subject, text };
}

const mailTo = async (email: string, headers: Record<string, string> = {}) => {
  const before = smtp.received.length;
  expect((await t.call("POST", "/api/password-reset/request", { body: { email }, headers })).status).toBe(200);
  const mail = await waitFor(() => smtp.received.slice(before).find((m) => m.to.includes(email.toLowerCase())), {
    what: "the reset email",
  });
  return readMail(mail.raw);
};

test("the reset e-mail arrives in Korean for a user who chose Korean, whatever the request's language", async () => {
  const { cookie } = await t.register("minji", "correct horse battery", "minji@example.com");
  expect((await t.call("PUT", "/api/account/language", { cookie, body: { language: "ko" } })).status).toBe(200);
  const mail = await mailTo("minji@example.com", { "accept-language": "en" });
  expect(mail.subject).toBe("비밀번호 재설정");
  expect(mail.text).toContain("minji님, 안녕하세요.");
  expect(mail.text).toMatch(/http:\/\/faucet\.test\/reset-password\?token=[\w-]+/);
  expect(mail.text).toContain("이 링크는 한 번만 쓸 수 있어요.");
});

test("a user registered in English reads it in English, as before", async () => {
  await t.register("sam", "correct horse battery", "sam@example.com");
  const mail = await mailTo("sam@example.com");
  expect(mail.subject).toBe("Reset your password");
  expect(mail.text).toContain("Hello sam,");
});
