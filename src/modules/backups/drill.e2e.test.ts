// The restore drill, with the built binary on the sandbox ledger: faucet requests and approvals (each
// a payout written) keep coming while an admin with two-factor sign-in asks for a backup; the backup
// is restored into a fresh data directory, as on a new machine. Every request answered 201 and every
// approval answered 200 before the backup began is in it, and the admin signs in there with a code
// (the secret.key beside the backups came along).
import { Database } from "bun:sqlite";
import { afterAll, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { Client, ECDSA, Wallet } from "xrpl";
import { totpCode } from "../../auth/totp.ts";
import { loadHotWallet } from "../../payouts/wallet.ts";
import { binaryInEmptyDir, freePort, runBinary, startBinary, type RunningServer } from "../../testing/binary.ts";
import { httpClient } from "../../testing/client.ts";
import { randomAddress, strangerIp } from "../../testing/harness.ts";
import { waitFor } from "../../testing/wait.ts";

const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 30_000);

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

test("the binary with --backup-dir: the first backup soon after start (none yet), by its worker thread; after a restart the next one is an interval after it", async () => {
  const { dir, binary } = binaryInEmptyDir();
  dirs.push(dir);
  const backups = join(dir, "backups");
  const args = ["--backup-dir", "backups", "--backup-every", "1h", "--backup-keep", "2"];
  const server = await startBinary({ binary, cwd: dir, args });
  servers.push(server);
  await waitFor(() => server.output().includes("backups: every 1h"), { what: "the backups' start line" });
  expect(server.output()).toMatch(
    new RegExp(`backups: every 1h into ${backups}, keeping the 2 newest; next at \\d{4}-\\d\\d-\\d\\dT`),
  );
  const line = await waitFor(
    () => /backup: (\S+xrp-faucet-\d{8}-\d{6}\.db) \(\d+\.\d MB\) in \d+\.\d s/.exec(server.output()),
    { what: "the first backup", timeout: 15_000 },
  );
  const name = line[1]!.slice(backups.length + 1);
  expect(readdirSync(backups).sort()).toEqual(["secret.key", name]);
  for (const file of readdirSync(backups))
    expect({ file, mode: statSync(join(backups, file)).mode & 0o777 }).toEqual({ file, mode: 0o600 });
  expect(await server.stop()).toBe(0);

  const again = await startBinary({ binary, cwd: dir, args });
  servers.push(again);
  const next = await waitFor(() => /next at (\S+)/.exec(again.output())?.[1], { what: "the next backup's time" });
  const [, date, time] = /xrp-faucet-(\d{8})-(\d{6})\.db/.exec(name)!;
  const made = Date.UTC(
    +date!.slice(0, 4),
    +date!.slice(4, 6) - 1,
    +date!.slice(6),
    +time!.slice(0, 2),
    +time!.slice(2, 4),
    +time!.slice(4),
  );
  expect(Date.parse(next)).toBe(made + 3_600_000);
  expect(await again.stop()).toBe(0);
  expect(readdirSync(backups).sort()).toEqual(["secret.key", name]);
}, 40_000);

// The disaster the issue tells: payouts go out after the scheduled backup, the disk is lost, the
// backup is restored and the server starts on the same ledger; an admin approves and pays
// everything that shows as open. And the same backup copied by hand to a second data directory.
test("a restored backup, and a copy of it in another data directory, pay nobody twice: each shows the payments it had missed", async () => {
  const { dir, binary } = binaryInEmptyDir();
  dirs.push(dir);
  const backups = join(dir, "backups");
  const sandboxPort = freePort();
  expect(
    (await runBinary(["--seed-admin", ADMIN.username], { cwd: dir, binary, env: { ADMIN_PASSWORD: ADMIN.password } }))
      .code,
  ).toBe(0);
  const args = [
    "--trust-proxy",
    "--xrpl",
    "sandbox",
    "--sandbox-port",
    String(sandboxPort),
    "--backup-dir",
    backups,
    "--backup-every",
    "1d",
  ];
  const first = await startBinary({ binary, cwd: dir, args });
  servers.push(first);
  const admin = httpClient(first.url);
  expect((await admin.post("/api/login", ADMIN)).status).toBe(200);
  // 25 XRP a request (new accounts on the ledger), no proof of work, bonuses from new accounts
  expect(
    (
      await admin.post("/api/admin/faucet/settings", {
        dailyLimit: "1000000",
        minAmount: "25",
        maxAmount: "25",
        powDifficulty: 0,
        bonusMinAccountAgeHours: 0,
      })
    ).status,
  ).toBe(200);

  let n = 0;
  const ask = async (url: string, address: string) => {
    const i = n++;
    const res = await fetch(`${url}/api/faucet/request`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": strangerIp(500 + i),
        cookie: `device=restoredrill${String(i).padStart(16, "0")}`,
      },
      body: JSON.stringify({ address }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const requestOf = async (client: ReturnType<typeof httpClient>, address: string) =>
    (await client.get(`/api/admin/faucet/requests?q=${address}`)).json[0];
  const processed = (client: ReturnType<typeof httpClient>, address: string) =>
    waitFor(async () => (await requestOf(client, address))?.status === "PROCESSED", {
      what: `the request to ${address} PROCESSED`,
      timeout: 20_000,
    });
  const addresses = {
    A: randomAddress(),
    B: randomAddress(),
    C: randomAddress(),
    U: Wallet.generate(ECDSA.ed25519).classicAddress,
  };

  // U is owed an approved social bonus
  const member = httpClient(first.url, { ip: "203.0.113.40" });
  const registered = await member.post(
    "/api/register",
    { username: "owed", email: "owed@example.com", password: "a member's passphrase, seven words long" },
    { proof: true },
  );
  expect({ status: registered.status, body: registered.json }).toMatchObject({ status: 201 });
  const userId: number = registered.json.user.id;
  expect((await member.post("/api/social/share", { platform: "Twitter" })).status).toBe(201);
  const claim = await member.post("/api/social/bonus-request", { address: addresses.U, platform: "Twitter" });
  expect(claim.status).toBe(201);
  expect((await admin.post(`/api/admin/claims/${claim.json.id}`, { status: "APPROVED" })).status).toBe(200);
  const owed = (await admin.get(`/api/admin/users/${userId}`)).json.user.owed;
  expect(Number(owed)).toBeGreaterThan(0);

  // A paid, B waiting: then the scheduled backup
  const a = await ask(first.url, addresses.A);
  expect((await admin.post(`/api/admin/faucet/requests/${a}`, { action: "APPROVED" })).status).toBe(200);
  await processed(admin, addresses.A);
  const b = await ask(first.url, addresses.B);
  const made = await admin.post("/api/admin/backups");
  expect(made.status).toBe(201);
  const backup = join(backups, made.json.name);

  // after it: B approved and paid, U paid with Pay user, C asked for and paid
  expect((await admin.post(`/api/admin/faucet/requests/${b}`, { action: "APPROVED" })).status).toBe(200);
  expect([200, 202]).toContain((await admin.post(`/api/admin/pay/${userId}`)).status);
  const c = await ask(first.url, addresses.C);
  expect((await admin.post(`/api/admin/faucet/requests/${c}`, { action: "APPROVED" })).status).toBe(200);
  await processed(admin, addresses.B);
  await processed(admin, addresses.C);
  await waitFor(async () => (await admin.get(`/api/admin/users/${userId}`)).json.user.owed === "0.000000", {
    what: "U paid",
    timeout: 20_000,
  });
  const paidBefore = (await admin.get("/api/admin/users")).json.payoutHistory;
  const hashOfB: string = (await requestOf(admin, addresses.B)).txHash;

  // the operator sends 30 XRP from the hot wallet by hand, with another program
  const hot = JSON.parse(readFileSync(join(dir, "data/sandbox-wallet.json"), "utf8")) as {
    address: string;
    seed: string;
  };
  const wallet = loadHotWallet(hot.seed, hot.address);
  const ledger = new Client(`ws://127.0.0.1:${sandboxPort}`);
  await ledger.connect();
  const handMade = await ledger.submitAndWait(
    wallet.sign(
      await ledger.autofill({
        TransactionType: "Payment",
        Account: hot.address,
        Destination: addresses.A,
        Amount: "30000000",
      }),
    ).tx_blob,
  );
  expect((handMade.result.meta as { TransactionResult: string }).TransactionResult).toBe("tesSUCCESS");
  await ledger.disconnect();
  expect(await first.stop()).toBe(0);

  // the same backup copied by hand into a second data directory, with the ledger as it stands
  const copy = join(dir, "copy");
  mkdirSync(copy, { mode: 0o700 });
  copyFileSync(backup, join(copy, "app.db"));
  for (const file of ["sandbox-ledger.json", "sandbox-wallet.json", "secret.key"])
    copyFileSync(join(dir, "data", file), join(copy, file));

  // the disk is lost: the backup restored, the server started on the same ledger
  const restored = await runBinary(["--restore", backup], { cwd: dir, binary });
  expect(restored.code).toBe(0);

  // Pays each destination what the ledger shows, by destination (the hot wallet's successful payments).
  async function ledgerPayments(port: number) {
    const client = new Client(`ws://127.0.0.1:${port}`);
    await client.connect();
    try {
      const txs = (
        await client.request({
          command: "account_tx",
          account: hot.address,
          ledger_index_min: -1,
          ledger_index_max: -1,
          forward: true,
          limit: 400,
        })
      ).result.transactions as any[];
      const paid = new Map<string, number>();
      for (const t of txs)
        if (t.tx_json.Account === hot.address && t.meta.TransactionResult === "tesSUCCESS")
          paid.set(t.tx_json.Destination, (paid.get(t.tx_json.Destination) ?? 0) + 1);
      return paid;
    } finally {
      await client.disconnect();
    }
  }

  // An admin approves every pending request and pays every user owed something, as soon as the
  // server answers; then the ledger shows each destination paid once (A twice: the faucet, and by hand).
  async function payEverythingOpen(server: RunningServer, port: number) {
    const there = httpClient(server.url);
    expect((await there.post("/api/login", ADMIN)).status).toBe(200);
    for (const r of (await there.get("/api/admin/faucet/requests?status=PENDING")).json) {
      expect((await there.post(`/api/admin/faucet/requests/${r.id}`, { action: "APPROVED" })).status).toBe(200);
    }
    for (const u of (await there.get("/api/admin/users")).json.users) {
      if (Number(u.totalClaimed) > 0) expect([200, 202]).toContain((await there.post(`/api/admin/pay/${u.id}`)).status);
    }
    await processed(there, addresses.B);
    await waitFor(async () => (await there.get(`/api/admin/users/${userId}`)).json.user.owed === "0.000000", {
      what: "U owed nothing",
      timeout: 20_000,
    });
    // a few ledgers more: anything signed would be in them
    const client = new Client(`ws://127.0.0.1:${port}`);
    await client.connect();
    const at = await client.getLedgerIndex();
    await waitFor(async () => (await client.getLedgerIndex()) >= at + 3, {
      what: "three more ledgers",
      timeout: 20_000,
    });
    await client.disconnect();
    expect(Object.fromEntries(await ledgerPayments(port))).toEqual({
      [addresses.A]: 2,
      [addresses.B]: 1,
      [addresses.C]: 1,
      [addresses.U]: 1,
    });
    return there;
  }

  for (const [name, start] of [
    ["restored", { args, dataDir: "data", port: sandboxPort }],
    [
      "copied",
      {
        args: ["--trust-proxy", "--xrpl", "sandbox", "--sandbox-port", String(freePort()), "--data-dir", "copy"],
        dataDir: "copy",
        port: 0,
      },
    ],
  ] as const) {
    const port = start.port || Number(start.args[start.args.indexOf("--sandbox-port") + 1]);
    const server = await startBinary({ binary, cwd: dir, args: [...start.args] });
    servers.push(server);
    const there = await payEverythingOpen(server, port);
    // what the database had missed: B processed with the ledger's payment, U's payment found on the ledger
    expect(await requestOf(there, addresses.B)).toMatchObject({ status: "PROCESSED", txHash: hashOfB });
    const history = (await there.get("/api/admin/users")).json.payoutHistory;
    expect(history).toEqual([
      expect.objectContaining({ status: "SUCCESS", amount: owed, txHash: paidBefore[0].txHash, foundOnLedger: true }),
    ]);
    // C, a request it never had, and the payment by hand: listed for the admin, never paid again
    const listed = (await there.get("/api/admin/wallet/ledger-payments")).json.payments;
    expect(listed.map((p: { origin: string; destination: string }) => [p.origin, p.destination]).sort()).toEqual(
      [
        ["outside", addresses.A],
        ["unknown_payout", addresses.C],
      ].sort(),
    );
    expect(
      (await there.get("/api/admin/alerts")).json.open.filter(
        (alert: { kind: string }) => alert.kind === "outside_payment",
      ),
    ).toHaveLength(1);
    expect(server.output()).toContain("payments found on the ledger that this database had not recorded");
    expect({ name, code: await server.stop() }).toEqual({ name, code: 0 });
  }
}, 180_000);
