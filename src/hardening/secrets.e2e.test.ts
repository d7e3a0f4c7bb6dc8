// The hot wallet's secret and session tokens never show up in a log line, an API answer or the
// database, through a full flow on real XRPL-mode payouts (the simulator as the XRPL server).
import { afterAll, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ECDSA, Wallet } from "xrpl";
import { startLedgerSimulator, type LedgerSimulator } from "../payouts/simulator/index.ts";
import { PROTECTED_FORMS } from "../shared/forms.ts";
import { totpCode } from "../auth/totp.ts";
import { randomAddress } from "../testing/harness.ts";
import { binaryInEmptyDir, runBinary, startBinary, type RunningServer } from "../testing/binary.ts";
import { type HttpClient, httpClient } from "../testing/client.ts";
import { waitFor } from "../testing/wait.ts";

let sim: LedgerSimulator;
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
}, 60_000);

test("a full flow leaks neither the wallet secret nor a session token", async () => {
  sim = await startLedgerSimulator({ closeIntervalMs: 500 });
  cleanups.push(() => sim.close());
  const hot = Wallet.generate(ECDSA.secp256k1);
  sim.fund(hot.classicAddress, 1_000 * 1_000_000);
  sim.closeLedger();
  const { dir, binary } = binaryInEmptyDir();
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const env = {
    XRPL_URL: sim.url,
    XRPL_SEED: hot.seed!,
    XRPL_ADDRESS: hot.classicAddress,
    ADMIN_PASSWORD: "a secret admin passphrase",
  };
  const seeded = await runBinary(["--seed-admin", "keeper"], { cwd: dir, binary, env });
  const server: RunningServer = await startBinary({ binary, cwd: dir, env });
  cleanups.push(() => server.stop("SIGKILL"));

  const answers: string[] = [seeded.stdout, seeded.stderr];
  const tokens: string[] = [];
  // Calls as one visitor (one client, one cookie jar): each answer's headers (but Set-Cookie) and
  // body go into `answers`, each session token it sets into `tokens`.
  const as = (client: HttpClient) => async (method: string, path: string, body?: unknown) => {
    const res = await client.request(method, path, { body, proof: method === "POST" && PROTECTED_FORMS.has(path) });
    const token = res.headers.get("set-cookie")?.match(/session=([^;]+)/)?.[1];
    if (token) tokens.push(token);
    answers.push(
      [...res.headers]
        .filter(([k]) => k !== "set-cookie")
        .map(([k, v]) => `${k}: ${v}`)
        .join("\n"),
      res.text,
    );
    return res;
  };
  const [visitor, user, admin] = [as(httpClient(server.url)), as(httpClient(server.url)), as(httpClient(server.url))];

  await user("POST", "/api/register", {
    username: "leaky",
    email: "leaky@example.com",
    password: "correct horse battery",
  });
  await user("GET", "/api/user");
  await visitor("POST", "/api/login", { username: "leaky", password: "wrong password" });
  await admin("POST", "/api/login", { username: "keeper", password: "a secret admin passphrase" });
  // paying real XRP, the admin sets up two-factor sign-in first, with the setup code --seed-admin
  // printed (the code also confirms the money actions below); its secret and recovery codes are shown
  // to the admin once and stored sealed, the setup code only hashed
  const setupCode = /setup code for 'keeper': (\S+) /.exec(seeded.stdout)?.[1] ?? "";
  expect(setupCode).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
  const secret: string = (await admin("POST", "/api/user/two-factor/setup", { setupCode })).json.secret;
  const recoveryCodes: string[] = (
    await admin("POST", "/api/user/two-factor/enable", { code: totpCode(secret, Date.now()) })
  ).json.recoveryCodes;
  expect(recoveryCodes).toHaveLength(10);
  // (the binary runs on the real clock: a bonus from the account just made needs no account age)
  await admin("POST", "/api/admin/faucet/settings", { bonusMinAccountAgeHours: 0 });
  const made = (await user("POST", "/api/faucet/request", { address: randomAddress() })).json;
  await admin("POST", `/api/admin/faucet/requests/${made.id}`, { action: "APPROVED" });
  await user("POST", "/api/social/share", { platform: "Twitter" });
  const claim = (await user("POST", "/api/social/bonus-request", { address: randomAddress(), platform: "Twitter" }))
    .json;
  await admin("POST", `/api/admin/claims/${claim.id}`, { status: "APPROVED" });
  await admin("POST", `/api/admin/pay/${(await user("GET", "/api/user")).json.id}`);
  for (const path of [
    "/api/admin/wallet",
    "/api/admin/users",
    "/api/admin/faucet/requests",
    "/api/admin/audit-log",
    "/api/admin/export/payments.csv",
    "/api/health",
    "/api/nope",
  ]) {
    await admin("GET", path);
  }
  await user("POST", "/api/logout");
  // the two payouts (the faucet request, the user's payment) go through the ledger, so that what
  // they log is in what is checked
  await waitFor(() => (server.output().match(/#\d+ paid /g) ?? []).length >= 2, {
    what: "the two payouts to be paid",
    timeout: 30_000,
  });
  await server.stop();

  expect(tokens.length).toBeGreaterThanOrEqual(2);
  const logs = server.output();
  const database =
    readFileSync(join(dir, "data/app.db")).toString("latin1") +
    readFileSync(join(dir, "data/app.db-wal"), { flag: "a+" }).toString("latin1");
  const everything = { answers: answers.join("\n"), logs, database };
  for (const [where, text] of Object.entries(everything)) {
    expect({ where, seed: text.includes(hot.seed!) }).toEqual({ where, seed: false });
    expect({ where, privateKey: text.includes(hot.privateKey) }).toEqual({ where, privateKey: false });
    expect({ where, adminPassword: text.includes("a secret admin passphrase") }).toEqual({
      where,
      adminPassword: false,
    });
    for (const token of tokens) expect({ where, token: text.includes(token) }).toEqual({ where, token: false });
  }
  for (const [where, text] of Object.entries({ logs, database })) {
    expect({ where, totpSecret: text.includes(secret) }).toEqual({ where, totpSecret: false });
    expect({ where, setupCode: text.includes(setupCode) }).toEqual({ where, setupCode: false });
    for (const code of recoveryCodes)
      expect({ where, recoveryCode: text.includes(code) }).toEqual({ where, recoveryCode: false });
  }
  expect(logs).toContain(hot.classicAddress); // the address may be shown; the secret never
}, 60_000);
