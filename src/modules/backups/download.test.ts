// A backup's download is a hand-over of the whole database (password hashes, emails, sealed
// secrets), over real HTTP: the admin's password is entered for it (and with two-factor sign-in a
// code), never from a session used elsewhere; what it gives is a link that works once, for a minute,
// in the session that asked for it, which the browser then downloads as a plain GET.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STEP_UP_MS } from "../../auth/step-up.ts";
import { totpCode } from "../../auth/totp.ts";
import { httpClient } from "../../testing/client.ts";
import { signedInSite } from "../../testing/signed-in.ts";
import { DOWNLOAD_LINK_MS, MESSAGES } from "./model.ts";

const PASSWORD = "correct horse battery";
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

// A test app with backups on real HTTP, an admin ("boss", no two-factor sign-in: a sandbox server's)
// signed in from 203.0.113.7 (the harness's address when none is named), and one backup made.
async function site() {
  const root = mkdtempSync(join(tmpdir(), "xrp-faucet-download-"));
  cleanup.push(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, "secret.key"), crypto.getRandomValues(new Uint8Array(32)), { mode: 0o600 });
  const dir = join(root, "backups");
  const s = await signedInSite({
    backups: { dataDir: root, settings: { dir, everyMs: 6 * 3_600_000, keep: 5 }, log: () => {} },
  });
  cleanup.push(() => s.t.close());
  const { name } = (await s.admin.post("/api/admin/backups")).json as { name: string };
  const file = readFileSync(join(dir, name));
  return { ...s, dir, name, file };
}
type Site = Awaited<ReturnType<typeof site>>;

const downloads = (s: Site) =>
  (s.t.db.sqlite.query("select count(*) as n from audit_log where action = 'backup.download'").get() as { n: number })
    .n;
// A GET of the download link as a browser sends it: the session's cookie, from where it signed in.
const get = (s: Site, path: string, headers: Record<string, string> = {}) =>
  fetch(new URL(path, s.url), { headers: { cookie: s.admin.cookieHeader(), ...headers } });
const confirm = (s: Site, body: unknown, name = s.name) =>
  s.admin.post(`/api/admin/backups/${encodeURIComponent(name)}/download`, body);

describe("an admin without two-factor sign-in", () => {
  test("the session alone no longer downloads: 403, nothing read or audited", async () => {
    const s = await site();
    for (const path of [
      `/api/admin/backups/${s.name}`,
      `/api/admin/backups/${s.name}?token=`,
      `/api/admin/backups/${s.name}?token=${"a".repeat(43)}`,
    ]) {
      const res = await get(s, path);
      expect({ path, status: res.status, code: res.headers.get("x-error-code"), json: await res.json() }).toEqual({
        path,
        status: 403,
        code: "DOWNLOAD_LINK_INVALID",
        json: { message: MESSAGES.linkInvalid },
      });
    }
    expect(downloads(s)).toBe(0);
  });

  test("the password gives a link; the link downloads the file once, within a minute, audited once", async () => {
    const s = await site();
    expect((await confirm(s, {})).json).toEqual({ message: "Please enter your current password" });
    const wrong = await confirm(s, { password: "not the password" });
    expect({ status: wrong.status, code: wrong.headers.get("x-error-code") }).toEqual({
      status: 400,
      code: "WRONG_PASSWORD",
    });
    const made = await confirm(s, { password: PASSWORD });
    expect(made.status).toBe(201);
    expect(made.headers.get("cache-control")).toBe("no-store");
    const { url, expiresAt } = made.json as { url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^/api/admin/backups/${s.name.replaceAll(".", "\\.")}\\?token=[A-Za-z0-9_-]{43}$`));
    expect(expiresAt).toBe(new Date(s.t.clock() + DOWNLOAD_LINK_MS).toISOString());
    expect(downloads(s)).toBe(0);

    const res = await get(s, url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${s.name}"`);
    expect(Buffer.from(await res.arrayBuffer()).equals(s.file)).toBe(true);
    expect(downloads(s)).toBe(1);
    // used: once only
    expect((await get(s, url)).status).toBe(403);
    // a minute after it was made, an unused one no longer works
    const late = (await confirm(s, { password: PASSWORD })).json.url as string;
    s.t.clock.advance(DOWNLOAD_LINK_MS + 1);
    expect((await get(s, late)).status).toBe(403);
    expect(downloads(s)).toBe(1);
  });

  test("a link works only in the session that asked for it, and only for its backup", async () => {
    const s = await site();
    const url = (await confirm(s, { password: PASSWORD })).json.url as string;
    // the same admin signed in again, elsewhere in the browser: another session
    const other = httpClient(s.url);
    expect((await other.post("/api/login", { username: "boss", password: PASSWORD })).status).toBe(200);
    expect((await fetch(new URL(url, s.url), { headers: { cookie: other.cookieHeader() } })).status).toBe(403);
    // logged out: the admin guard first
    expect((await fetch(new URL(url, s.url))).status).toBe(401);
    // another backup's name with this token
    s.t.clock.advance(1_000);
    const second = (await s.admin.post("/api/admin/backups")).json.name as string;
    const token = new URL(url, s.url).searchParams.get("token");
    expect((await get(s, `/api/admin/backups/${second}?token=${token}`)).status).toBe(403);
    // the link is still good for its own backup, in its own session
    expect((await get(s, url)).status).toBe(200);
    expect(downloads(s)).toBe(1);
  });

  test("from a session used elsewhere (another network or device): refused whatever the password", async () => {
    const s = await site();
    // the stolen cookie, used from another network
    const refused = await fetch(new URL(`/api/admin/backups/${s.name}/download`, s.url), {
      method: "POST",
      headers: { cookie: s.admin.cookieHeader(), "x-test-ip": "198.51.100.9", "content-type": "application/json" },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect({ status: refused.status, code: refused.headers.get("x-error-code"), json: await refused.json() }).toEqual({
      status: 403,
      code: "SESSION_ELSEWHERE",
      json: { message: MESSAGES.sessionElsewhere },
    });
    // and back home, the session is still one used elsewhere: still refused
    const home = await confirm(s, { password: PASSWORD });
    expect({ status: home.status, code: home.headers.get("x-error-code") }).toEqual({
      status: 403,
      code: "SESSION_ELSEWHERE",
    });
    expect(downloads(s)).toBe(0);
  });

  test("a link made before the session was used elsewhere no longer works", async () => {
    const s = await site();
    const url = (await confirm(s, { password: PASSWORD })).json.url as string;
    expect(
      (
        await get(s, url, {
          "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
          "x-test-ip": "198.51.100.9",
        })
      ).status,
    ).toBe(403);
    expect((await get(s, url)).status).toBe(403);
    expect(downloads(s)).toBe(0);
  });
});

describe("an admin with two-factor sign-in", () => {
  test("the password and a code: one in the body, or one entered in this session in the last 5 minutes", async () => {
    const s = await site();
    const setup = await s.admin.post("/api/user/two-factor/setup", { password: PASSWORD });
    expect(
      (await s.admin.post("/api/user/two-factor/enable", { code: totpCode(setup.json.secret, s.t.clock()) })).status,
    ).toBe(200);
    s.t.clock.advance(STEP_UP_MS + 30_000);
    // the password alone: a code first
    const refused = await confirm(s, { password: PASSWORD });
    expect({ status: refused.status, code: refused.headers.get("x-error-code") }).toEqual({
      status: 403,
      code: "STEP_UP_REQUIRED",
    });
    // a wrong code in the body
    const wrong = await confirm(s, { password: PASSWORD, code: "000000" });
    expect({ status: wrong.status, code: wrong.headers.get("x-error-code") }).toEqual({
      status: 400,
      code: "WRONG_CODE",
    });
    // a right code, a wrong password: no link
    s.t.clock.advance(30_000);
    const noPassword = await confirm(s, {
      password: "not the password",
      code: totpCode(setup.json.secret, s.t.clock()),
    });
    expect({ status: noPassword.status, code: noPassword.headers.get("x-error-code") }).toEqual({
      status: 400,
      code: "WRONG_PASSWORD",
    });
    // the password and a code in the body
    s.t.clock.advance(30_000);
    const made = await confirm(s, { password: PASSWORD, code: totpCode(setup.json.secret, s.t.clock()) });
    expect(made.status).toBe(201);
    expect((await get(s, made.json.url)).status).toBe(200);
    // a code entered in the confirmation dialog (step-up) a minute ago, and the password
    s.t.clock.advance(STEP_UP_MS + 30_000);
    expect((await s.admin.post("/api/user/step-up", { code: totpCode(setup.json.secret, s.t.clock()) })).status).toBe(
      200,
    );
    s.t.clock.advance(60_000);
    const again = await confirm(s, { password: PASSWORD });
    expect(again.status).toBe(201);
    expect((await get(s, again.json.url)).status).toBe(200);
    expect(downloads(s)).toBe(2);
  });
});
