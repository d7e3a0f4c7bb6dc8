// The binary with --xrpl sandbox, as an operator tries it: a visitor asks, the admin approves, the
// built-in ledger pays; killed with SIGKILL right after approving, it pays exactly once on restart.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { Client } from "xrpl";
import { randomAddress } from "../testing/harness.ts";
import { binaryInEmptyDir, freePort, runBinary, startBinary, type RunningServer } from "../testing/binary.ts";
import { httpClient } from "../testing/client.ts";
import { waitFor } from "../testing/wait.ts";

const servers: RunningServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

const ADMIN = { username: "sandboxadmin", password: "an admin passphrase 42" };

// The admin, logged in: a client that keeps the session.
async function admin(url: string) {
  const client = httpClient(url);
  expect((await client.post("/api/login", ADMIN)).status).toBe(200);
  return client;
}

test("approve, SIGKILL, restart: the request is PROCESSED and the ledger paid the address exactly once", async () => {
  const { dir, binary } = binaryInEmptyDir();
  dirs.push(dir);
  expect(
    (await runBinary(["--seed-admin", ADMIN.username], { cwd: dir, binary, env: { ADMIN_PASSWORD: ADMIN.password } }))
      .code,
  ).toBe(0);
  // a port taken by another test's connection would stop the binary at start
  const sandboxPort = String(freePort());
  const args = ["--xrpl", "sandbox", "--sandbox-port", sandboxPort];
  let server = await startBinary({ binary, cwd: dir, args });
  servers.push(server);
  let boss = await admin(server.url);
  const wallet = (await boss.get("/api/admin/wallet")).json;
  expect(wallet).toMatchObject({
    configured: true,
    sandbox: true,
    notice: expect.stringContaining("nothing real is sent"),
  });

  const address = randomAddress();
  const made = (await httpClient(server.url).post("/api/faucet/request", { address }, { proof: true })).json;
  const approved = await boss.post(`/api/admin/faucet/requests/${made.id}`, { action: "APPROVED" });
  expect(approved.status).toBe(200);
  server.proc.kill("SIGKILL");
  await server.proc.exited;

  server = await startBinary({ binary, cwd: dir, args });
  servers.push(server);
  boss = await admin(server.url);
  const processed = await waitFor(
    async () => {
      const row = (await boss.get("/api/admin/faucet/requests")).json.find((r: any) => r.id === made.id);
      return row?.status === "PROCESSED" ? row : null;
    },
    // the killed process still holds the signer lease for up to 15 s
    { what: "the request to be PROCESSED", timeout: 60_000, interval: 200 },
  );
  expect(processed.txHash).toMatch(/^[0-9A-F]{64}$/);

  // ask the sandbox ledger itself, with the real xrpl client
  const client = new Client(`ws://127.0.0.1:${sandboxPort}`);
  await client.connect();
  try {
    const history: any = await client.request({ command: "account_tx", account: address } as never);
    const payments = (history.result as any).transactions.filter((t: any) => t.meta.TransactionResult === "tesSUCCESS");
    expect(payments).toHaveLength(1);
    expect(payments[0].hash).toBe(processed.txHash);
    expect(payments[0].meta.delivered_amount).toBe(String(Math.round(Number(made.amount) * 1_000_000)));
  } finally {
    await client.disconnect();
  }
  expect((await httpClient(server.url).get("/api/stats/payouts")).json.totalPayouts).toBe(Number(made.amount));
  await server.stop();
}, 90_000);
