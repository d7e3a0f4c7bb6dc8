// A session used from a network (IPv6 /48, IPv4 /24) or a device it was not begun on: a
// stolen cookie shows in its owner's list of sessions, and an admin's asks for a code before any
// admin call, is emailed to every admin and flagged on /admin. The owner's code from the new place
// makes it known to the session: an admin travelling is asked once, not on every call.
import { afterEach, describe, expect, test } from "bun:test";
import { STEP_UP_MS, STEP_UP_REQUIRED } from "../../auth/step-up.ts";
import { totpCode } from "../../auth/totp.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { startSmtp } from "../../testing/smtp.ts";
import { waitFor } from "../../testing/wait.ts";

const PASSWORD = "correct horse battery";
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0";
const WINDOWS_FIREFOX_NEXT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";
const LINUX_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const HOME = { ip: "203.0.113.44", headers: { "user-agent": WINDOWS_FIREFOX } };
const AWAY = { ip: "198.51.100.9", headers: { "user-agent": LINUX_CHROME } };

let t: TestApp;
afterEach(() => t?.close());

const signIn = async (username: string, from: { ip: string; headers: Record<string, string> }, code?: string) => {
  const res = await t.call("POST", "/api/login", {
    body: { username, password: PASSWORD, ...(code ? { code } : {}) },
    ...from,
  });
  expect(res.status).toBe(200);
  return res.cookie!;
};
const writes = () => (t.db.sqlite.query("select total_changes() as n").get() as { n: number }).n;
const refusal = (res: { status: number; headers: Headers; json: any }) => ({
  status: res.status,
  code: res.headers.get("x-error-code"),
  message: res.json?.message,
});

// Two-factor sign-in on for the session's user; answers its secret. Each later code is the next 30 s step's.
async function turnOn(cookie: string, from = HOME) {
  const setup = await t.call("POST", "/api/user/two-factor/setup", { cookie, body: { password: PASSWORD }, ...from });
  expect(
    (
      await t.call("POST", "/api/user/two-factor/enable", {
        cookie,
        body: { code: totpCode(setup.json.secret, t.clock()) },
        ...from,
      })
    ).status,
  ).toBe(200);
  return setup.json.secret as string;
}
const nextCode = (secret: string) => {
  t.clock.advance(30_000);
  return totpCode(secret, t.clock());
};

describe("the sessions list", () => {
  test("a cookie used from another network and device is flagged, and stays flagged when its owner comes back", async () => {
    t = testApp();
    await t.register("gina");
    const cookie = await signIn("gina", HOME);
    const list = async () => (await t.call("GET", "/api/user/sessions", { cookie, ...HOME })).json as any[];
    const mine = async () => (await list()).find((s) => s.current);
    expect(await mine()).toMatchObject({
      ip: HOME.ip,
      network: "203.0.113.0/24",
      device: "Firefox on Windows",
      lastUsed: { ip: HOME.ip, network: "203.0.113.0/24", device: "Firefox on Windows", userAgent: WINDOWS_FIREFOX },
      elsewhere: null,
    });
    // another address of the same /24 and the browser's next version: the same place
    expect(
      (
        await t.call("GET", "/api/user", {
          cookie,
          ip: "203.0.113.200",
          headers: { "user-agent": WINDOWS_FIREFOX_NEXT },
        })
      ).status,
    ).toBe(200);
    expect((await mine()).elsewhere).toBeNull();

    // the stolen cookie, elsewhere
    t.clock.advance(2 * 60_000);
    expect((await t.call("GET", "/api/user", { cookie, ...AWAY })).status).toBe(200);
    const stolenAt = new Date(t.clock()).toISOString();
    t.clock.advance(2 * 60_000);
    const flagged = await mine();
    expect(flagged).toMatchObject({ ip: HOME.ip, network: "203.0.113.0/24", device: "Firefox on Windows" });
    expect(flagged.elsewhere).toEqual({
      ip: AWAY.ip,
      network: "198.51.100.0/24",
      device: "Chrome on Linux",
      userAgent: LINUX_CHROME,
      otherNetwork: true,
      otherDevice: true,
      since: stolenAt,
    });
    // its owner used it since (the list itself): the last use is theirs, the flag stays
    expect(flagged.lastUsed).toMatchObject({ ip: HOME.ip, network: "203.0.113.0/24", device: "Firefox on Windows" });

    // only the network, or only the device, is named when only it differs
    const other = await signIn("gina", HOME);
    await t.call("GET", "/api/user", { cookie: other, ip: "2001:db8:77:1::5", headers: HOME.headers });
    const byId = async (c: string) =>
      (await t.call("GET", "/api/user/sessions", { cookie: c, ...HOME })).json.find(
        (s: { current: boolean }) => s.current,
      );
    expect((await byId(other)).elsewhere).toMatchObject({
      network: "2001:db8:77::/48",
      device: "Firefox on Windows",
      otherNetwork: true,
      otherDevice: false,
    });
    const third = await signIn("gina", HOME);
    await t.call("GET", "/api/user", { cookie: third, ip: HOME.ip, headers: { "user-agent": LINUX_CHROME } });
    expect((await byId(third)).elsewhere).toMatchObject({
      network: "203.0.113.0/24",
      device: "Chrome on Linux",
      otherNetwork: false,
      otherDevice: true,
    });
  });

  test("the last use is written at most once a minute, and once more when the network changes", async () => {
    t = testApp();
    await t.register("hal");
    const cookie = await signIn("hal", HOME);
    const use = (from: { ip: string; headers: Record<string, string> }) =>
      t.call("GET", "/api/user", { cookie, ...from });
    t.clock.advance(60_000);
    await use(HOME);
    const before = writes();
    for (let i = 0; i < 10; i++) {
      t.clock.advance(5_000);
      expect((await use(HOME)).status).toBe(200);
    }
    expect(writes() - before).toBe(0);
    // a new network: one write at once; the same one again within the minute: none
    await use(AWAY);
    expect(writes() - before).toBe(1);
    await use(AWAY);
    await use(AWAY);
    expect(writes() - before).toBe(1);
    // a minute on: one write
    t.clock.advance(60_000);
    await use(AWAY);
    await use(AWAY);
    expect(writes() - before).toBe(2);
    const row = t.db.sqlite
      .query(
        "select last_ip, last_ip_network, last_user_agent from sessions where last_ip is not null order by last_seen_at desc limit 1",
      )
      .get();
    expect(row).toEqual({ last_ip: AWAY.ip, last_ip_network: "198.51.100.0/24", last_user_agent: LINUX_CHROME });
  });
});

describe("an admin's session used elsewhere", () => {
  test("asks for a fresh code before any admin call, is emailed to every admin and shown on /admin; the code from there is asked once", async () => {
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
      const deputy = await t.registerAdmin("deputy");
      const boss = await signIn("boss", HOME);
      const secret = await turnOn(boss);
      expect((await t.call("GET", "/api/admin/counts", { cookie: boss, ...HOME })).status).toBe(200);
      // each admin's very first sign-in is nobody's stranger: no email; boss's second is from a known
      // network and a new device (to both)
      await waitFor(() => smtp.received.length >= 2, { what: "the new device's alerts" });
      await Bun.sleep(50);
      expect(smtp.received.map((m) => /Subject: (.*)/.exec(m.raw)?.[1])).toEqual([
        "New admin sign-in: boss",
        "New admin sign-in: boss",
      ]);
      const before = smtp.received.length;

      // boss's cookie from another network and device: every admin call, reads too, asks for a code
      const needsCode = { status: 403, code: "STEP_UP_REQUIRED", message: STEP_UP_REQUIRED };
      for (const path of [
        "/api/admin/counts",
        "/api/admin/users",
        "/api/admin/sign-ins",
        "/api/admin/faucet/settings",
      ]) {
        expect({ path, ...refusal(await t.call("GET", path, { cookie: boss, ...AWAY })) }).toEqual({
          path,
          ...needsCode,
        });
      }
      // ... from boss's own network too: the session's step-up was cleared
      expect(refusal(await t.call("GET", "/api/admin/counts", { cookie: boss, ...HOME }))).toEqual(needsCode);
      // (a member's own calls still answer: the flag is for the admin's calls)
      expect((await t.call("GET", "/api/user", { cookie: boss, ...AWAY })).status).toBe(200);

      // every admin is told, once
      const alerts = await waitFor(
        () => (smtp.received.length >= before + 2 ? smtp.received.slice(before) : undefined),
        { what: "the alerts" },
      );
      expect(alerts.flatMap((m) => m.to).sort()).toEqual(["boss@example.com", "deputy@example.com"]);
      expect(alerts[0]!.raw).toContain("Subject: Admin session used elsewhere: boss");
      expect(alerts[0]!.raw).toContain("198.51.100.0/24");
      expect(alerts[0]!.raw).toContain("203.0.113.0/24");
      await Bun.sleep(100);
      expect(smtp.received.length).toBe(before + 2);

      // flagged on /admin as a new sign-in is
      const signIns = (await t.call("GET", "/api/admin/sign-ins", { cookie: deputy.cookie })).json as any[];
      expect(signIns[0]).toMatchObject({
        kind: "used-elsewhere",
        username: "boss",
        ip: AWAY.ip,
        network: "198.51.100.0/24",
        device: "Chrome on Linux",
        newNetwork: true,
        newDevice: true,
        createdNetwork: "203.0.113.0/24",
        createdDevice: "Firefox on Windows",
        codeAsked: true,
      });
      expect(signIns.slice(1).every((s) => s.kind === "sign-in")).toBe(true);
      expect(
        (
          t.db.sqlite.query("select count(*) as n from audit_log where action = 'admin.session_elsewhere'").get() as {
            n: number;
          }
        ).n,
      ).toBe(1);

      // a code entered there: the admin goes on, the place is known to the session from then on
      const stepUp = await t.call("POST", "/api/user/step-up", {
        cookie: boss,
        body: { code: nextCode(secret) },
        ...AWAY,
      });
      expect(stepUp.status).toBe(200);
      expect((await t.call("GET", "/api/admin/counts", { cookie: boss, ...AWAY })).status).toBe(200);
      t.clock.advance(STEP_UP_MS + 60_000);
      for (const from of [AWAY, HOME, AWAY])
        expect((await t.call("GET", "/api/admin/users", { cookie: boss, ...from })).status).toBe(200);
      const listed = (await t.call("GET", "/api/user/sessions", { cookie: boss, ...AWAY })).json.find(
        (s: { current: boolean }) => s.current,
      );
      // "created on" stays where it began; the flag is acknowledged
      expect(listed).toMatchObject({
        network: "203.0.113.0/24",
        device: "Firefox on Windows",
        elsewhere: null,
        lastUsed: { network: "198.51.100.0/24", device: "Chrome on Linux" },
      });
      await Bun.sleep(100);
      expect(smtp.received.length).toBe(before + 2);

      // a third place asks again
      expect(
        refusal(await t.call("GET", "/api/admin/counts", { cookie: boss, ip: "192.0.2.33", headers: AWAY.headers })),
      ).toEqual(needsCode);
    } finally {
      await smtp.close();
    }
  });

  test("an admin without two-factor sign-in (sandbox, no real XRP) has no code to give: not asked, but flagged and told", async () => {
    t = testApp();
    const { cookie } = await t.registerAdmin("sandboxadmin");
    expect((await t.call("GET", "/api/admin/counts", { cookie })).status).toBe(200);
    expect((await t.call("GET", "/api/admin/counts", { cookie, ...AWAY })).status).toBe(200);
    expect(
      (await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { dailyLimit: "5000" }, ...AWAY })).status,
    ).toBe(200);
    const shown = (await t.call("GET", "/api/admin/sign-ins", { cookie })).json as any[];
    expect(shown.filter((s) => s.kind === "used-elsewhere")).toEqual([
      expect.objectContaining({
        username: "sandboxadmin",
        ip: AWAY.ip,
        network: "198.51.100.0/24",
        newNetwork: true,
        newDevice: true,
        createdNetwork: "203.0.113.0/24",
        codeAsked: false,
      }),
    ]);
    expect(
      (await t.call("GET", "/api/user/sessions", { cookie })).json.find((s: { current: boolean }) => s.current)
        .elsewhere,
    ).toMatchObject({ network: "198.51.100.0/24", device: "Chrome on Linux" });
  });
});
