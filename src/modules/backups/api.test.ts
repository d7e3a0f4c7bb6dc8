// The admin's backup calls over real HTTP (t.listen()): the state and list, "Back up now", the
// download (the file's bytes, through the link the password gives: download.test.ts), names that are not backups (traversal included) refused with 404,
// who may call them, the audit log, and a server without --backup-dir.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STEP_UP_MS } from "../../auth/step-up.ts";
import { totpCode } from "../../auth/totp.ts";
import type { httpClient } from "../../testing/client.ts";
import { signedInSite } from "../../testing/signed-in.ts";
import { MESSAGES } from "./model.ts";

const PASSWORD = "correct horse battery";
const HOUR = 3_600_000;
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `xrp-faucet-${prefix}-`));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// A test app with backups into a fresh directory (nothing scheduled: only "now"), on real HTTP, with
// an admin and a user signed in over it.
async function site(options: { backups?: boolean; dir?: string } = {}) {
  const dataDir = tempDir("data");
  writeFileSync(join(dataDir, "secret.key"), crypto.getRandomValues(new Uint8Array(32)), { mode: 0o600 });
  const dir = options.dir ?? join(tempDir("backups"), "faucet");
  const logs: string[] = [];
  const signedIn = await signedInSite(
    options.backups === false
      ? {}
      : { backups: { dataDir, settings: { dir, everyMs: 6 * HOUR, keep: 5 }, log: (line) => logs.push(line) } },
  );
  cleanup.push(() => signedIn.t.close());
  return { ...signedIn, dir, dataDir, logs };
}

const auditOf = async (admin: ReturnType<typeof httpClient>) =>
  (
    (await admin.get("/api/admin/audit-log")).json.entries as {
      action: string;
      actorName: string;
      targetId: string | null;
      details: unknown;
    }[]
  ).filter((e) => e.action.startsWith("backup."));

describe("GET and POST /api/admin/backups", () => {
  test("the state, 'Back up now' (201 with the new backup, on disk with its size), the list, and the audit log", async () => {
    const { t, dir, admin } = await site();
    const empty = await admin.get("/api/admin/backups");
    expect(empty.status).toBe(200);
    expect(empty.headers.get("cache-control")).toBe("no-store");
    expect(empty.json).toEqual({
      enabled: true,
      dir,
      everyMs: 6 * HOUR,
      keep: 5,
      nextAt: null,
      running: false,
      lastSuccessAt: null,
      lastFailure: null,
      secretKeyCopied: false,
      backups: [],
    });

    const made = await admin.post("/api/admin/backups");
    expect(made.status).toBe(201);
    const name = "xrp-faucet-20260115-120000.db";
    expect(made.json).toEqual({
      name,
      sizeBytes: statSync(join(dir, name)).size,
      createdAt: "2026-01-15T12:00:00.000Z",
      uploads: { files: 0, sizeBytes: 0 },
    });
    expect(made.json.sizeBytes).toBeGreaterThan(4096);

    t.clock.advance(90_000);
    const second = await admin.post("/api/admin/backups");
    expect(second.json.name).toBe("xrp-faucet-20260115-120130.db");
    const list = (await admin.get("/api/admin/backups")).json;
    expect(list).toMatchObject({ lastSuccessAt: "2026-01-15T12:01:30.000Z", lastFailure: null, secretKeyCopied: true });
    expect(list.backups.map((b: { name: string }) => b.name)).toEqual(["xrp-faucet-20260115-120130.db", name]);
    expect(await auditOf(admin)).toEqual([
      expect.objectContaining({
        action: "backup.create",
        actorName: "boss",
        targetId: "xrp-faucet-20260115-120130.db",
        details: { sizeBytes: second.json.sizeBytes },
      }),
      expect.objectContaining({
        action: "backup.create",
        actorName: "boss",
        targetId: name,
        details: { sizeBytes: made.json.sizeBytes },
      }),
    ]);
  });

  test("a backup that fails answers 500 with the reason, and is audited", async () => {
    const base = tempDir("backups");
    const dir = join(base, "faucet");
    writeFileSync(dir, "a file where the directory should be");
    const { admin } = await site({ dir });
    const res = await admin.post("/api/admin/backups");
    expect(res.status).toBe(500);
    expect(res.headers.get("x-error-code")).toBe("BACKUP_FAILED");
    expect(res.json.message).toStartWith("The backup failed: ");
    expect(res.json.message).toContain(dir);
    const state = (await admin.get("/api/admin/backups")).json;
    expect(state.lastFailure).toEqual({
      at: "2026-01-15T12:00:00.000Z",
      message: res.json.message.slice("The backup failed: ".length),
    });
    expect(await auditOf(admin)).toEqual([
      expect.objectContaining({
        action: "backup.create_failed",
        actorName: "boss",
        details: { message: state.lastFailure.message },
      }),
    ]);
  });

  test("without --backup-dir: the state says so, 'now' answers 409, and no name downloads", async () => {
    const { admin } = await site({ backups: false });
    expect((await admin.get("/api/admin/backups")).json).toEqual({
      enabled: false,
      dir: null,
      everyMs: null,
      keep: null,
      nextAt: null,
      running: false,
      lastSuccessAt: null,
      lastFailure: null,
      secretKeyCopied: null,
      backups: [],
    });
    const now = await admin.post("/api/admin/backups");
    expect(now.status).toBe(409);
    expect(now.headers.get("x-error-code")).toBe("BACKUPS_OFF");
    expect(now.json).toEqual({ message: MESSAGES.off });
    expect((await admin.get("/api/admin/backups/xrp-faucet-20260115-120000.db")).status).toBe(404);
    expect(await auditOf(admin)).toEqual([]);
  });
});

// The link a download is confirmed with (the password: download.test.ts has the rule).
const downloadLink = async (admin: ReturnType<typeof httpClient>, name: string) => {
  const made = await admin.post(`/api/admin/backups/${name}/download`, { password: PASSWORD });
  expect(made.status).toBe(201);
  return made.json.url as string;
};

describe("GET /api/admin/backups/:name", () => {
  test("downloads the backup as an attachment, byte for byte, audited", async () => {
    const { url, dir, admin } = await site();
    const { name } = (await admin.post("/api/admin/backups")).json;
    const res = await fetch(`${url}${await downloadLink(admin, name)}`, { headers: { cookie: admin.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    expect(res.headers.get("content-type")).toBe("application/vnd.sqlite3");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(statSync(join(dir, name)).size);
    expect(Buffer.from(bytes).equals(readFileSync(join(dir, name)))).toBe(true);
    expect(Buffer.from(bytes.subarray(0, 16)).toString()).toBe("SQLite format 3\0");
    expect((await auditOf(admin))[0]).toEqual(
      expect.objectContaining({ action: "backup.download", actorName: "boss", targetId: name }),
    );
  });

  test("only a backup's name in the backup directory: anything else is 404, nothing read", async () => {
    const { t, dir, admin } = await site();
    const { name } = (await admin.post("/api/admin/backups")).json;
    // beside the backups: the key, another file, a link named like a backup to the live database
    writeFileSync(join(dir, "notes.txt"), "not a backup");
    writeFileSync(join(dir, `${name}.tmp`), "a copy in progress");
    symlinkSync(t.db.sqlite.filename, join(dir, "xrp-faucet-20260115-130000.db"));
    mkdirSync(join(dir, "xrp-faucet-20260115-140000.db"));
    for (const bad of [
      "..%2Fapp.db",
      "%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
      "..%5C..%5Capp.db",
      "secret.key",
      "notes.txt",
      `${name}.tmp`,
      `${name}%00`,
      `.%2F${name}`,
      "xrp-faucet-20260115-130000.db",
      "xrp-faucet-20260115-140000.db",
      "xrp-faucet-20260115-150000.db",
      "xrp-faucet-20261399-120000.db",
      encodeURIComponent(join(dir, name)),
    ]) {
      const res = await admin.get(`/api/admin/backups/${bad}`);
      expect({ bad, status: res.status, json: res.json }).toEqual({
        bad,
        status: 404,
        json: { message: MESSAGES.notFound },
      });
    }
    expect((await auditOf(admin)).map((e) => e.action)).toEqual(["backup.create"]);
  });

  test("an admin with two-factor sign-in enters a code first (the whole database leaves the server)", async () => {
    const { t, url, admin } = await site();
    const { name } = (await admin.post("/api/admin/backups")).json;
    const setup = await admin.post("/api/user/two-factor/setup", { password: PASSWORD });
    expect(setup.status).toBe(200);
    expect(
      (await admin.post("/api/user/two-factor/enable", { code: totpCode(setup.json.secret, t.clock()) })).status,
    ).toBe(200);
    t.clock.advance(STEP_UP_MS + 30_000);
    const refused = await admin.post(`/api/admin/backups/${name}/download`, { password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("x-error-code")).toBe("STEP_UP_REQUIRED");
    expect((await admin.post("/api/user/step-up", { code: totpCode(setup.json.secret, t.clock()) })).status).toBe(200);
    const res = await fetch(`${url}${await downloadLink(admin, name)}`, { headers: { cookie: admin.cookieHeader() } });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(4096);
  });
});

describe("who may call", () => {
  test("anonymous 401, a user 403, and nothing is made or read", async () => {
    const s = await site();
    const { name } = (await s.admin.post("/api/admin/backups")).json;
    for (const [method, path] of [
      ["GET", "/api/admin/backups"],
      ["POST", "/api/admin/backups"],
      ["GET", `/api/admin/backups/${name}`],
      ["POST", `/api/admin/backups/${name}/download`],
    ]) {
      expect({ path, status: (await s.anonymous.request(method!, path!)).status }).toEqual({ path, status: 401 });
      const user = await s.member.request(method!, path!);
      expect({ path, status: user.status, json: user.json }).toEqual({
        path,
        status: 403,
        json: { message: "Admins only" },
      });
    }
    expect((await s.admin.get("/api/admin/backups")).json.backups).toHaveLength(1);
    expect((await auditOf(s.admin)).map((e) => e.action)).toEqual(["backup.create"]);
  });
});
