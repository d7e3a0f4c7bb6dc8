// The hot wallet's secret and session tokens never show up in a log line, an API answer or the
// database, through a full flow on real XRPL-mode payouts (the simulator as the XRPL server).
import { afterAll, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ECDSA, Wallet } from "xrpl";
import { startLedgerSimulator, type LedgerSimulator } from "../payouts/simulator/index.ts";
import { PROTECTED_FORMS } from "../shared/forms.ts";
import { randomAddress } from "../testing/harness.ts";
import { proofFor } from "../testing/pow.ts";
import { binaryInEmptyDir, runBinary, startBinary, type RunningServer } from "../testing/binary.ts";

let sim: LedgerSimulator;
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

test("a full flow leaks neither the wallet secret nor a session token", async () => {
  sim = await startLedgerSimulator({ closeIntervalMs: 500 });
  cleanups.push(() => sim.close());
  const hot = Wallet.generate(ECDSA.secp256k1);
  sim.fund(hot.classicAddress, 1_000 * 1_000_000);
  sim.closeLedger();
  const { dir, binary } = binaryInEmptyDir();
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const env = { XRPL_URL: sim.url, XRPL_SEED: hot.seed!, XRPL_ADDRESS: hot.classicAddress, ADMIN_PASSWORD: "a secret admin passphrase" };
  const seeded = await runBinary(["--seed-admin", "keeper"], { cwd: dir, binary, env });
  const server: RunningServer = await startBinary({ binary, cwd: dir, env });
  cleanups.push(() => server.stop("SIGKILL"));

  const answers: string[] = [seeded.stdout, seeded.stderr];
  const tokens: string[] = [];
  const call = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        ...(cookie ? { cookie } : {}),
        ...(method === "POST" && PROTECTED_FORMS.has(path) ? await proofFor(server.url) : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get("set-cookie");
    const token = setCookie?.match(/session=([^;]+)/)?.[1];
    if (token) tokens.push(token);
    const headers = [...res.headers].filter(([k]) => k !== "set-cookie").map(([k, v]) => `${k}: ${v}`);
    const text = await res.text();
    answers.push(headers.join("\n"), text);
    return { status: res.status, text, cookie: token ? `session=${token}` : cookie };
  };

  const user = await call("POST", "/api/register", { username: "leaky", email: "leaky@example.com", password: "correct horse battery" });
  await call("GET", "/api/user", undefined, user.cookie);
  await call("POST", "/api/login", { username: "leaky", password: "wrong password" });
  const admin = await call("POST", "/api/login", { username: "keeper", password: "a secret admin passphrase" });
  const made = JSON.parse((await call("POST", "/api/faucet/request", { address: randomAddress() }, user.cookie)).text);
  await call("POST", `/api/admin/faucet/requests/${made.id}`, { action: "APPROVED" }, admin.cookie);
  await call("POST", "/api/social/share", { platform: "Twitter" }, user.cookie);
  const claim = JSON.parse((await call("POST", "/api/social/bonus-request", { address: randomAddress(), platform: "Twitter" }, user.cookie)).text);
  await call("POST", `/api/admin/claims/${claim.id}`, { status: "APPROVED" }, admin.cookie);
  await call("POST", `/api/admin/pay/${JSON.parse((await call("GET", "/api/user", undefined, user.cookie)).text).id}`, undefined, admin.cookie);
  for (const path of ["/api/admin/wallet", "/api/admin/users", "/api/admin/faucet/requests", "/api/admin/audit-log", "/api/admin/export/payments.csv", "/api/health", "/api/nope"]) {
    await call("GET", path, undefined, admin.cookie);
  }
  await call("POST", "/api/logout", undefined, user.cookie);
  await Bun.sleep(1500);
  await server.stop();

  expect(tokens.length).toBeGreaterThanOrEqual(2);
  const logs = server.output();
  const database = readFileSync(join(dir, "data/app.db")).toString("latin1") + readFileSync(join(dir, "data/app.db-wal"), { flag: "a+" }).toString("latin1");
  const everything = { answers: answers.join("\n"), logs, database };
  for (const [where, text] of Object.entries(everything)) {
    expect({ where, seed: text.includes(hot.seed!) }).toEqual({ where, seed: false });
    expect({ where, privateKey: text.includes(hot.privateKey) }).toEqual({ where, privateKey: false });
    expect({ where, adminPassword: text.includes("a secret admin passphrase") }).toEqual({ where, adminPassword: false });
    for (const token of tokens) expect({ where, token: text.includes(token) }).toEqual({ where, token: false });
  }
  expect(logs).toContain(hot.classicAddress); // the address may be shown; the secret never
}, 60_000);
