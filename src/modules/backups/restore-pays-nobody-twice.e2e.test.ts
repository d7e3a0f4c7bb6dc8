// A backup restored after payouts went out, and a copy of it in another data directory, pay nobody
// twice: each finds on the ledger the payments it had missed.
import { expect, test } from "bun:test";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Client, ECDSA, Wallet } from "xrpl";
import { loadHotWallet } from "../../payouts/wallet.ts";
import { binaryInEmptyDir, freePort, runBinary, startBinary, type RunningServer } from "../../testing/binary.ts";
import { httpClient } from "../../testing/client.ts";
import { randomAddress, strangerIp } from "../../testing/harness.ts";
import { waitFor } from "../../testing/wait.ts";
import { binaryDirs } from "./restore-testing.ts";

const { dirs, servers } = binaryDirs();

const ADMIN = { username: "drill", password: "the backup walk's admin passphrase 7" };

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
