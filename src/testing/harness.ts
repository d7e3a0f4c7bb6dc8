// Builds a real app around a real temporary SQLite file and a controllable clock, for API tests.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeAccountID } from "ripple-address-codec";
import { createApp, type AppDeps } from "../app.ts";
import { type Db, openDatabase } from "../db/client.ts";
import { applyMigrations } from "../db/migrate.ts";
import type { ProtectedForm } from "../shared/forms.ts";
import { proofHeaders } from "./pow.ts";

export const TEST_PASSWORD_COST = { memoryCost: 1024, timeCost: 1 };

export interface FakeClock {
  (): number;
  advance(ms: number): void;
  set(ms: number): void;
}

// the harness's clock stands here unless a test sets its own
export const FAKE_CLOCK_START = Date.UTC(2026, 0, 15, 12, 0, 0);
export function fakeClock(start = FAKE_CLOCK_START): FakeClock {
  let now = start;
  return Object.assign(() => now, {
    advance: (ms: number) => void (now += ms),
    set: (ms: number) => void (now = ms),
  });
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  cookie?: string;
  headers?: Record<string, string>;
  ip?: string;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  json: any;
  text: string;
  cookie: string | undefined;
}

// Every migration applied once per process to a template file, which each test app copies: a copy
// is far cheaper than migrating, and a test run builds hundreds of apps. A template
// is what a fresh install has after its first start (Drizzle's __drizzle_migrations included), with
// the harness's proof-of-work setting already in (one template per difficulty: no write, so no
// fsync, per app). It stays in WAL mode, as every copy is opened, with the WAL checkpointed into the
// file and truncated: the one file is the whole database.
const templates = new Map<number | null, string>();
let templateDir: string | undefined;
export function migratedTemplate(powDifficulty: number | null = null): string {
  const known = templates.get(powDifficulty);
  if (known && existsSync(known)) return known;
  if (!templateDir) {
    const dir = (templateDir = mkdtempSync(join(tmpdir(), "xrp-faucet-template-")));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  }
  const path = join(templateDir, `pow-${powDifficulty ?? "default"}.db`);
  rmSync(path, { force: true });
  const db = openDatabase(path);
  applyMigrations(db);
  // (an install dates its seeded posts at its migration, by the real clock: here at the fake clock's
  // start, as an install of that moment would)
  const seeded = db.sqlite.query<{ at: number }, []>("select max(published_at) as at from posts").get();
  if (seeded?.at)
    db.sqlite.run(
      "update posts set published_at = published_at + ?1, created_at = created_at + ?1, updated_at = updated_at + ?1",
      [FAKE_CLOCK_START - seeded.at],
    );
  if (powDifficulty !== null) {
    db.sqlite.run(
      "insert into faucet_settings (id, updated_at, pow_difficulty) values (1, 0, ?) on conflict(id) do update set pow_difficulty = excluded.pow_difficulty",
      [powDifficulty],
    );
  }
  const checkpoint = db.sqlite.query("PRAGMA wal_checkpoint(TRUNCATE)").get() as {
    busy: number;
    log: number;
    checkpointed: number;
  };
  // (Drizzle's cached statements may keep the connection open past close(): nothing writes to it.)
  db.sqlite.close();
  if (checkpoint.busy !== 0 || checkpoint.log !== 0)
    throw new Error(`the template's WAL was not checkpointed: ${JSON.stringify(checkpoint)}`);
  templates.set(powDifficulty, path);
  return path;
}

// API tests run with the proof of work off unless they pass `powDifficulty` (the pow tests do;
// null keeps a fresh install's default).
// `onDatabase` sees the database before the app prepares its statements (statements.ts records them).
export function testApp({
  powDifficulty = 0,
  onDatabase,
  ...overrides
}: Partial<AppDeps> & { powDifficulty?: number | null; onDatabase?: (db: Db) => void } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-test-"));
  copyFileSync(migratedTemplate(powDifficulty), join(dir, "app.db"));
  const db = openDatabase(join(dir, "app.db"));
  onDatabase?.(db);
  const clock = (overrides.clock as FakeClock | undefined) ?? fakeClock();
  const logs: string[] = [];
  const app = createApp({
    db,
    clock,
    config: { publicUrl: null, trustProxy: false },
    passwordCost: TEST_PASSWORD_COST,
    clientIp: (request) => request.headers.get("x-test-ip") ?? "203.0.113.7",
    log: (line) => logs.push(line),
    secretKey: crypto.getRandomValues(new Uint8Array(32)),
    // (no timer runs: a test calls t.app.services.alerts.evaluate() and the rest itself, or starts
    // the schedules as main.ts does, app-schedules.ts)
    ...overrides,
  });

  async function call(method: string, url: string, options: CallOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    if (options.cookie) headers.cookie = options.cookie;
    if (options.ip) headers["x-test-ip"] = options.ip;
    const response = await app.handle(new Request(`http://localhost${url}`, { method, headers, body }));
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {}
    const setCookie = response.headers.get("set-cookie") ?? undefined;
    const cookie = setCookie?.match(/session=([^;]*)/)?.[1];
    return {
      status: response.status,
      headers: response.headers,
      json,
      text,
      cookie: cookie === undefined ? undefined : `session=${cookie}`,
    };
  }

  // The proof-of-work header a protected form needs ({} while the check is off), fetched from the
  // IP the form is then sent from.
  const proof = (form: ProtectedForm, ip?: string) =>
    proofHeaders(async (path) => (await call("GET", path, { ip })).json, form);

  // Each from its own network (10.77.0.1, 10.77.1.1, 10.78.2.1, ...), so the new-accounts-per-network
  // limit does not get in the way of tests that register many users, and at most two share a wide
  // network (/16), so that unrelated users do not look like a farm spread over one provider's
  // networks (social/risk.ts counts those; the first neighbour is free).
  let registered = 0;
  async function register(username: string, password = "correct horse battery", email = `${username}@example.com`) {
    const n = registered++;
    const ip = `${10 + (n >> 8)}.${77 + ((n & 255) >> 1)}.${n & 255}.1`;
    const res = await call("POST", "/api/register", {
      body: { username, password, email },
      headers: await proof("register", ip),
      ip,
    });
    if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${res.text}`);
    return { user: res.json.user, cookie: res.cookie! };
  }

  async function registerAdmin(username = "admin") {
    const { user } = await register(username);
    db.sqlite.run("update users set is_admin = 1 where id = ?", [user.id]);
    const res = await call("POST", "/api/login", { body: { username, password: "correct horse battery" } });
    return { user: res.json.user, cookie: res.cookie! };
  }

  // The app's one signed-in user or admin, registered on the first call (as `username`, by default
  // "member" or "admin") and the same on later calls: what scenario()'s `as` uses.
  const signedIn = new Map<"user" | "admin", { username: string; session: Promise<{ user: any; cookie: string }> }>();
  function signIn(role: "user" | "admin", username?: string) {
    const known = signedIn.get(role);
    if (known) {
      if (username !== undefined && username !== known.username)
        throw new Error(`this app's ${role} is ${known.username}, not ${username}`);
      return known.session;
    }
    const name = username ?? (role === "admin" ? "admin" : "member");
    const session = role === "admin" ? registerAdmin(name) : register(name);
    signedIn.set(role, { username: name, session });
    return session;
  }

  return {
    app,
    db,
    clock,
    proof,
    logs,
    call,
    register,
    registerAdmin,
    signIn,
    // Serves the app on a real port of 127.0.0.1 (for tests over real HTTP); returns its base URL.
    listen(): string {
      app.listen({ port: 0, hostname: "127.0.0.1" });
      return `http://127.0.0.1:${app.server!.port}`;
    },
    async close() {
      // (a backup under way is abandoned before the database closes)
      await app.services.backups.stop();
      if (app.server) await app.stop(true).catch(() => {}); // a test may have stopped it already
      db.sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type TestApp = ReturnType<typeof testApp>;

// A fresh, valid classic XRP Ledger address.
export function randomAddress(): string {
  return encodeAccountID(crypto.getRandomValues(new Uint8Array(20)));
}

// The IP of the n-th of many unrelated visitors: each in its own IPv4 /16, so no two share a
// network at any width the limits count (lib/ip-group.ts).
export function strangerIp(n: number): string {
  return `${11 + (n % 200)}.${Math.floor(n / 200) % 256}.0.7`;
}

// A moment of the harness's day (2026-01-15) at which the day's whole budget is released: the
// budget is released an hour at a time (faucet/budget-pools.ts), so whole-day tests run in its last hour.
export const LAST_HOUR = Date.UTC(2026, 0, 15, 23, 0, 0);
