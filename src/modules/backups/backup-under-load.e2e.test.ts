// The restore drill on the built binary and the sandbox ledger: a backup asked for while requests and
// approvals keep coming holds every one acknowledged before it began, and two-factor sign-in works
// where it is restored (the secret.key beside the backups came along).
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { totpCode } from "../../auth/totp.ts";
import { binaryInEmptyDir, freePort, runBinary, startBinary } from "../../testing/binary.ts";
import { httpClient } from "../../testing/client.ts";
import { randomAddress, strangerIp } from "../../testing/harness.ts";
import { waitFor } from "../../testing/wait.ts";
import { binaryDirs } from "./restore-testing.ts";

const { dirs, servers } = binaryDirs();

const ADMIN = { username: "drill", password: "the backup walk's admin passphrase 7" };

// Visitors asking for XRP (each from its own network, with a new address) and the admin approving
// every request answered 201, until stopped: what each got acknowledged, in order.
function traffic(url: string, admin: ReturnType<typeof httpClient>, workers = 4) {
  const requests: { id: number; address: string }[] = [];
  const approved: number[] = [];
  let n = 0;
  let running = true;
  const visitors = Array.from({ length: workers }, async () => {
    while (running) {
      const i = n++;
      const address = randomAddress();
      const res = await fetch(`${url}/api/faucet/request`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": strangerIp(i),
          cookie: `device=drilldevice${String(i).padStart(16, "0")}`,
        },
        body: JSON.stringify({ address }),
      }).catch(() => null);
      if (res?.status === 201) requests.push({ id: ((await res.json()) as { id: number }).id, address });
      else await Bun.sleep(5);
    }
  });
  const approver = (async () => {
    let next = 0;
    while (running) {
      const request = requests[next];
      if (!request) {
        await Bun.sleep(5);
        continue;
      }
      next++;
      const res = await admin.post(`/api/admin/faucet/requests/${request.id}`, { action: "APPROVED" });
      if (res.status === 200) approved.push(request.id);
    }
  })();
  return {
    requests,
    approved,
    async stop() {
      running = false;
      await Promise.all([...visitors, approver]);
    },
  };
}

test("a backup taken under load, restored on a new machine, holds every acknowledged request and approval; two-factor sign-in works there", async () => {
  const { dir, binary } = binaryInEmptyDir();
  dirs.push(dir);
  const backups = join(dir, "backups");
  expect(
    (await runBinary(["--seed-admin", ADMIN.username], { cwd: dir, binary, env: { ADMIN_PASSWORD: ADMIN.password } }))
      .code,
  ).toBe(0);
  const args = [
    "--trust-proxy",
    "--xrpl",
    "sandbox",
    "--sandbox-port",
    String(freePort()),
    "--backup-dir",
    backups,
    "--backup-every",
    "1d",
  ];
  const server = await startBinary({ binary, cwd: dir, args });
  servers.push(server);

  // the admin opens the tap (1 drop a request, no proof of work) and turns two-factor sign-in on
  const admin = httpClient(server.url);
  expect((await admin.post("/api/login", ADMIN)).status).toBe(200);
  const settings = await admin.post("/api/admin/faucet/settings", {
    dailyLimit: "1000000",
    minAmount: "0.000001",
    maxAmount: "0.000001",
    powDifficulty: 0,
  });
  expect(settings.status).toBe(200);
  const setup = await admin.post("/api/user/two-factor/setup", { password: ADMIN.password });
  const secret: string = setup.json.secret;
  expect((await admin.post("/api/user/two-factor/enable", { code: totpCode(secret, Date.now()) })).status).toBe(200);

  const load = traffic(server.url, admin);
  await waitFor(() => load.approved.length >= 15, { what: "15 approved requests under load", timeout: 20_000 });
  // what was acknowledged before the backup began
  const requestsBefore = [...load.requests];
  const approvedBefore = [...load.approved];
  const made = await admin.post("/api/admin/backups");
  expect(made.status).toBe(201);
  // the load goes on after it
  const after = load.requests.length;
  await waitFor(() => load.requests.length >= after + 10, {
    what: "10 more requests after the backup",
    timeout: 10_000,
  });
  await load.stop();
  const state = (await admin.get("/api/admin/backups")).json;
  expect(state).toMatchObject({ enabled: true, lastFailure: null, secretKeyCopied: true });
  expect(state.backups.map((b: { name: string }) => b.name)).toContain(made.json.name);
  expect(await server.stop()).toBe(0);

  // a new machine: only the backup directory came along
  const restored = await runBinary(["--restore", join(backups, made.json.name), "--data-dir", "new-machine"], {
    cwd: dir,
    binary,
  });
  expect(restored.stderr).toBe("");
  expect(restored.code).toBe(0);
  expect(restored.stdout).toContain(`Copied ${join(backups, "secret.key")} to ${join(dir, "new-machine/secret.key")}.`);
  expect(readFileSync(join(dir, "new-machine/secret.key")).equals(readFileSync(join(dir, "data/secret.key")))).toBe(
    true,
  );

  const db = new Database(join(dir, "new-machine/app.db"), { readonly: true });
  try {
    const stored = new Map(
      (db.query("select id, address from faucet_requests").all() as { id: number; address: string }[]).map((r) => [
        r.id,
        r.address,
      ]),
    );
    expect(requestsBefore.length).toBeGreaterThan(15);
    expect(requestsBefore.filter((r) => stored.get(r.id) !== r.address)).toEqual([]);
    const decided = new Map(
      (
        db
          .query(
            "select r.id, r.status, p.id as payout from faucet_requests r left join payouts p on p.faucet_request_id = r.id",
          )
          .all() as { id: number; status: string; payout: number | null }[]
      ).map((r) => [r.id, r]),
    );
    // each approval holds its payout (queued, sent or paid)
    expect(
      approvedBefore.filter(
        (id) => !["APPROVED", "PROCESSED"].includes(decided.get(id)?.status ?? "") || decided.get(id)?.payout == null,
      ),
    ).toEqual([]);
  } finally {
    db.close();
  }

  // the restored server: the admin signs in with a code, sealed by the key that came along
  const next = await startBinary({ binary, cwd: dir, args: ["--data-dir", "new-machine"] });
  servers.push(next);
  const there = httpClient(next.url);
  const withoutCode = await there.post("/api/login", ADMIN);
  expect(withoutCode.status).toBe(401);
  // (the next 30 s step's code: the one of the step used to turn it on is spent)
  const login = await there.post("/api/login", { ...ADMIN, code: totpCode(secret, Date.now() + 30_000) });
  expect(login.status).toBe(200);
  expect(login.json.user).toMatchObject({ username: ADMIN.username, isAdmin: true });
  // and the admin screen lists what the backup held
  const first = requestsBefore[0]!;
  const listed = await there.get(`/api/admin/faucet/requests?q=${first.address}`);
  expect(listed.status).toBe(200);
  expect(listed.json).toEqual([expect.objectContaining({ id: first.id, destinationAddress: first.address })]);
  await next.stop();
}, 90_000);
