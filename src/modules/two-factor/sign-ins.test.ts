// A user's sessions (device and IP, ending one or all the others), and every admin sign-in audited,
// flagged from a new network or device, and emailed to every admin.
import { afterEach, describe, expect, test } from "bun:test";
import { strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { startSmtp } from "../../testing/smtp.ts";
import { waitFor } from "../../testing/wait.ts";
import { PASSWORD } from "./testing.ts";

let t: TestApp;
afterEach(() => t?.close());

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
