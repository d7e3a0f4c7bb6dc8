// The executable as an operator runs it: copied alone into an empty directory, over real HTTP.
import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { chmodSync, existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  binaryInEmptyDir,
  freePort,
  runBinary,
  spawnBinary,
  startBinary,
  type RunningServer,
} from "./testing/binary.ts";
import { httpClient } from "./testing/client.ts";

// Each test starts the binary and hashes at the production password cost: on a busy 2-core CI
// machine that takes seconds, not the default 5.
setDefaultTimeout(30_000);

const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);
function emptyDir() {
  const made = binaryInEmptyDir();
  dirs.push(made.dir);
  return made;
}

describe("the binary copied alone into an empty directory", () => {
  test("creates ./data, migrates, and serves the app and the API; ignores a local bunfig.toml and .env", async () => {
    const { dir, binary } = emptyDir();
    writeFileSync(join(dir, ".env"), "DATA_DIR=from-dotenv\n");
    writeFileSync(
      join(dir, "evil.ts"),
      `require("fs").writeFileSync(${JSON.stringify(join(dir, "preloaded"))}, "x");\n`,
    );
    writeFileSync(join(dir, "bunfig.toml"), 'preload = ["./evil.ts"]\n');
    const server = await startBinary({ binary, cwd: dir });
    servers.push(server);
    expect(existsSync(join(dir, "data/app.db"))).toBe(true);
    expect(existsSync(join(dir, "from-dotenv"))).toBe(false);
    expect(existsSync(join(dir, "preloaded"))).toBe(false);

    const site = httpClient(server.url);
    const health = await site.get("/api/health");
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ status: "ok", database: "ok" });

    const home = await site.get("/");
    expect(home.status).toBe(200);
    expect(home.text).toContain('<div id="root">');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(home.text)?.[1];
    expect(script).toBeDefined();
    const js = await site.get(script!, { headers: { "accept-encoding": "br" } });
    expect(js.status).toBe(200);
    expect(js.headers.get("cache-control")).toContain("immutable");

    const deep = await site.get("/admin/x");
    expect(deep.status).toBe(200);
    expect(deep.text).toContain('<div id="root">');
    const missing = await site.get("/api/nope");
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: "Not found: /api/nope" });

    // A fresh install asks for a proof of work on its public forms
    const alice = { username: "alice", email: "alice@example.com", password: "correct horse" };
    const unproven = await site.post("/api/register", alice);
    expect(unproven.status).toBe(403);
    expect(unproven.json.message).toBe("Your browser has not finished its anti-bot check. Please try again.");
    const register = await site.post("/api/register", alice, { headers: { origin: server.url }, proof: true });
    expect(register.status).toBe(201);
    expect(site.cookie("session")).toBeString();
    expect((await site.get("/api/user")).json.username).toBe("alice");

    // SIGTERM finishes cleanly and the data is still there on the next start
    expect(await server.stop("SIGTERM")).toBe(0);
    const again = await startBinary({ binary, cwd: dir });
    servers.push(again);
    const login = await httpClient(again.url).post("/api/login", {
      username: "alice",
      password: "correct horse",
      email: "",
    });
    expect(login.status).toBe(200);
    await again.stop();
  });

  test("--help prints the usage and exits 0; an unknown flag exits 2 with a message and the help", async () => {
    const { dir, binary } = emptyDir();
    const help = await runBinary(["--help"], { cwd: dir, binary });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("--data-dir DIR");
    const bad = await runBinary(["--prot", "80"], { cwd: dir, binary });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown flag '--prot'");
    expect(bad.stderr).toContain("Usage:");
    expect(existsSync(join(dir, "data"))).toBe(false);
  });
});

describe("--seed-admin", () => {
  test("creates an admin from ADMIN_PASSWORD, who can then log in as admin", async () => {
    const { dir, binary } = emptyDir();
    const seeded = await runBinary(["--seed-admin", "boss", "--email", "boss@example.com"], {
      cwd: dir,
      binary,
      env: { ADMIN_PASSWORD: "a long admin passphrase" },
    });
    // with the one-time code of the admin's first two-factor setup (a server paying real XRP asks for it)
    expect(seeded).toEqual({
      code: 0,
      stdout: expect.stringMatching(
        /^Created admin 'boss' \(boss@example\.com\)\.\nTwo-factor setup code for 'boss': [a-z0-9]{4}(-[a-z0-9]{4}){3} \(works once, within 24 hours: [^\n]+\)\.\n$/,
      ),
      stderr: "",
    });
    const server = await startBinary({ binary, cwd: dir });
    servers.push(server);
    const login = await httpClient(server.url).post("/api/login", {
      username: "boss",
      password: "a long admin passphrase",
      email: "",
    });
    expect(login.status).toBe(200);
    expect(login.json.user.isAdmin).toBe(true);
    await server.stop();
  });

  test("from standard input, an existing user becomes admin with a new password and loses its sessions", async () => {
    const { dir, binary } = emptyDir();
    const server = await startBinary({ binary, cwd: dir });
    servers.push(server);
    const carol = httpClient(server.url);
    expect(
      (
        await carol.post(
          "/api/register",
          { username: "carol", email: "carol@example.com", password: "first password" },
          { proof: true },
        )
      ).status,
    ).toBe(201);

    const seeded = await runBinary(["--seed-admin", "Carol"], {
      cwd: dir,
      binary,
      stdin: "second password!!\nignored line\n",
    });
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toMatch(
      /^Updated 'carol': now an admin with a new password; ended 1 session\.\nTwo-factor setup code for 'carol': [a-z0-9-]{19} \([^\n]+\)\.\n$/,
    );
    expect(seeded.stdout + seeded.stderr).not.toContain("second password");

    expect((await carol.get("/api/user")).status).toBe(401);
    const login = (password: string) => httpClient(server.url).post("/api/login", { username: "carol", password });
    expect((await login("first password")).status).toBe(401);
    const ok = await login("second password!!");
    expect(ok.status).toBe(200);
    expect(ok.json.user.isAdmin).toBe(true);
    await server.stop();
  });

  test.each([
    { name: "a short password", env: { ADMIN_PASSWORD: "short" }, stdin: undefined, message: "at least 12 characters" },
    {
      name: "a password too easy to guess",
      env: { ADMIN_PASSWORD: "password1234" },
      stdin: undefined,
      message: "admin not seeded: This password is too easy to guess",
    },
    {
      name: "a password holding the username",
      env: { ADMIN_PASSWORD: "the boss and nobody else" },
      stdin: undefined,
      message: "This password contains your username",
    },
    { name: "no password at all", env: {}, stdin: "", message: "no password given" },
  ])("refuses $name with exit code 1", async ({ env, stdin, message }) => {
    const { dir, binary } = emptyDir();
    const res = await runBinary(["--seed-admin", "boss"], {
      cwd: dir,
      binary,
      env: env as Record<string, string>,
      stdin,
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(message);
    expect(res.stdout).toBe("");
  });

  test("a password on the command line is refused", async () => {
    const { dir, binary } = emptyDir();
    const res = await runBinary(["--seed-admin", "boss", "--password", "a long admin passphrase"], {
      cwd: dir,
      binary,
    });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("unknown flag '--password'");
  });
});

describe("--backup", () => {
  test("copies the live database while the server runs; the copy opens with every row", async () => {
    const { dir, binary } = emptyDir();
    const server = await startBinary({ binary, cwd: dir });
    servers.push(server);
    for (const username of ["dave", "erin"]) {
      const res = await httpClient(server.url).post(
        "/api/register",
        { username, email: `${username}@example.com`, password: "correct horse" },
        { proof: true },
      );
      expect(res.status).toBe(201);
    }
    const backup = await runBinary(["--backup", "copy.db"], { cwd: dir, binary });
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain("Backed up");
    const { Database } = await import("bun:sqlite");
    const copy = new Database(join(dir, "copy.db"), { readonly: true });
    expect(copy.query("pragma integrity_check").get()).toEqual({ integrity_check: "ok" });
    expect(copy.query("select username from users order by id").all()).toEqual([
      { username: "dave" },
      { username: "erin" },
    ]);
    copy.close();
    const again = await runBinary(["--backup", "copy.db"], { cwd: dir, binary });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");
    await server.stop();
    // (two registrations at the production password cost, each with a real proof of work first)
  }, 30_000);
});

describe("stopping", () => {
  test("SIGTERM with a request on its way: it is answered, then the server stops", async () => {
    const { dir, binary } = emptyDir();
    const port = freePort();
    const url = `http://127.0.0.1:${port}`;
    const spawned = spawnBinary({ binary, cwd: dir, port });
    servers.push({ ...spawned, url, port });
    const deadline = Date.now() + 10_000;
    while (!/listening on/.test(spawned.output())) {
      if (spawned.proc.exitCode !== null || Date.now() > deadline)
        throw new Error(`did not listen:\n${spawned.output()}`);
      await Bun.sleep(1);
    }
    const answer = fetch(`${url}/api/faucet/status`);
    await Bun.sleep(5); // (the request is on its way before the signal)
    spawned.proc.kill("SIGTERM");
    expect((await answer).status).toBe(200);
    expect(await spawned.proc.exited).toBe(0);
    expect(spawned.output()).toContain("SIGTERM: finishing in-flight requests");
  });
});

describe("payout configuration", () => {
  test("a hot wallet secret that does not derive XRPL_ADDRESS stops the server before it serves", async () => {
    const { Wallet } = await import("xrpl");
    const { dir, binary } = emptyDir();
    const res = await runBinary(["--port", "0", "--host", "127.0.0.1"], {
      cwd: dir,
      binary,
      env: {
        XRPL_URL: "ws://127.0.0.1:9",
        XRPL_SEED: Wallet.generate().seed!,
        XRPL_ADDRESS: Wallet.generate().classicAddress,
      },
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("refusing to start");
    expect(res.stdout).not.toContain("listening");
  });
});

describe("file permissions", () => {
  const mode = (path: string) => statSync(path).mode & 0o777;
  const modes = (dir: string, names: string[]) =>
    Object.fromEntries(names.map((name) => [name, mode(join(dir, name))]));

  test("a fresh data directory is 0700; the database, its WAL files and a backup are 0600", async () => {
    const { dir, binary } = emptyDir();
    const server = await startBinary({ binary, cwd: dir });
    servers.push(server);
    const res = await httpClient(server.url).post(
      "/api/register",
      { username: "frank", email: "frank@example.com", password: "correct horse" },
      { proof: true },
    );
    expect(res.status).toBe(201);
    expect(mode(join(dir, "data"))).toBe(0o700);
    expect(modes(join(dir, "data"), ["app.db", "app.db-wal", "app.db-shm"])).toEqual({
      "app.db": 0o600,
      "app.db-wal": 0o600,
      "app.db-shm": 0o600,
    });
    const backup = await runBinary(["--backup", "copy.db"], { cwd: dir, binary });
    expect(backup.code).toBe(0);
    expect(mode(join(dir, "copy.db"))).toBe(0o600);
    await server.stop();
  });

  test("sandbox wallet and ledger files are 0600; a data directory left readable by others is tightened at start", async () => {
    const { dir, binary } = emptyDir();
    const data = join(dir, "data");
    const args = ["--xrpl", "sandbox", "--sandbox-port", String(20_000 + Math.floor(Math.random() * 20_000))];
    const files = ["app.db", "app.db-wal", "app.db-shm", "sandbox-wallet.json", "sandbox-ledger.json"];
    let server = await startBinary({ binary, cwd: dir, args });
    servers.push(server);
    expect(mode(data)).toBe(0o700);
    expect(modes(data, files)).toEqual(Object.fromEntries(files.map((f) => [f, 0o600])));
    expect(await server.stop()).toBe(0);

    // as an older version, a restore or a careless operator left them
    chmodSync(data, 0o755);
    for (const file of ["app.db", "sandbox-wallet.json", "sandbox-ledger.json"]) chmodSync(join(data, file), 0o644);
    server = await startBinary({ binary, cwd: dir, args });
    servers.push(server);
    expect(mode(data)).toBe(0o700);
    expect(modes(data, files)).toEqual(Object.fromEntries(files.map((f) => [f, 0o600])));
    await server.stop();
  });
});
