// Drills on the built binary against ONE simulated ledger that outlives the servers: the project's
// ledger simulator run as its own process (src/payouts/simulator/cli.ts, a ledger a second closed),
// servers in real-ledger mode on it (--xrpl-url, XRPL_SEED, XRPL_ADDRESS of a wallet funded from the
// simulator's genesis account), admins signed in with two-factor sign-in as a real-ledger server
// demands, and the hot wallet's history on the ledger (account_tx) as the ground truth of who was
// paid. Data directories are backed up, restored and copied with the binary's own --backup and
// --restore, or by hand, as an operator would.
import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Client, Wallet } from "xrpl";
import { STEP_UP_MS } from "../auth/step-up.ts";
import { TOTP_PERIOD_MS, totpCode } from "../auth/totp.ts";
import { BINARY, assertBuilt, collectText, freePort, runBinary, startBinary, type RunningServer } from "./binary.ts";
import { httpClient, type ClientResponse, type HttpClient } from "./client.ts";
import { strangerIp } from "./harness.ts";
import { waitFor } from "./wait.ts";

const SIMULATOR_CLI = resolve(import.meta.dir, "../payouts/simulator/cli.ts");
export const GENESIS = { address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", seed: "snoPBrXtMeMyMHUVTgbuqAfg1SUTb" };
// The operator's admin on every server of a drill (a copy or a restore carries the same account).
export const DRILL_ADMIN = { username: "operator", password: "amber kestrel lantern 48 quietly" };
// The faucet's settings a drill starts with: 2 XRP a request (a new account on the ledger: the
// reserve is 1 XRP), no proof of work, bonuses for accounts of any age.
export const DRILL_SETTINGS = {
  dailyLimit: "1000000",
  minAmount: "2",
  maxAmount: "2",
  powDifficulty: 0,
  bonusMinAccountAgeHours: 0,
};

// --- what a drill started, stopped at the end whatever happened ----------------------------------

const running = new Set<{ kill(): Promise<unknown> }>();
const dirs: string[] = [];

// A new empty directory for one drill (removed by cleanupDrills).
export function drillDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "xrp-faucet-ledger-drill-"));
  dirs.push(dir);
  return dir;
}

// Kills every simulator and server still running and removes the drills' directories (afterAll).
export async function cleanupDrills() {
  await Promise.all([...running].map((r) => r.kill().catch(() => {})));
  running.clear();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

// --- the simulated ledger, as its own process ---------------------------------------------------

export interface SimulatorProcess {
  url: string;
  port: number;
  // null: a ledger kept in memory only (gone when the process stops)
  stateFile: string | null;
  output(): string;
  // SIGTERM: the simulator saves its state file and exits.
  stop(): Promise<void>;
  // Stops it (if running) and starts it again on the same port: from the same state file unless told
  // otherwise (`stateFile: null` is a brand-new ledger); `historyFromNow` starts it as a server
  // without full history (it holds no ledger before this start).
  restart(options?: { stateFile?: string | null; historyFromNow?: boolean }): Promise<void>;
  // Applies one of the simulator's faults (cli.ts --faults-from-stdin), e.g. fault("stall", true);
  // answers what the fault returned (takeSequence: the hash).
  fault(name: string, ...args: (string | number | boolean)[]): Promise<string>;
}

export async function startSimulator(
  options: { stateFile?: string | null; port?: number; closeIntervalMs?: number; historyFromNow?: boolean } = {},
): Promise<SimulatorProcess> {
  const port = options.port ?? freePort();
  const closeIntervalMs = options.closeIntervalMs ?? 1000;
  let stateFile = options.stateFile ?? null;
  let proc: ReturnType<typeof Bun.spawn> | null = null;
  let out = "";
  let stdin: { write(text: string): unknown; flush(): unknown } | null = null;

  async function spawn(historyFromNow: boolean) {
    const args = [
      process.execPath,
      SIMULATOR_CLI,
      "--port",
      String(port),
      "--close-interval-ms",
      String(closeIntervalMs),
      "--faults-from-stdin",
    ];
    if (stateFile) args.push("--state-file", stateFile);
    if (historyFromNow) args.push("--history-from-now");
    const started = out.length;
    const child = Bun.spawn(args, {
      env: { PATH: process.env.PATH ?? "" },
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });
    proc = child;
    stdin = child.stdin as unknown as { write(text: string): unknown; flush(): unknown };
    const handle = {
      kill: async () => (child.exitCode === null ? (child.kill("SIGKILL"), await child.exited) : undefined),
    };
    running.add(handle);
    void child.exited.then(() => running.delete(handle));
    for (const stream of [child.stdout, child.stderr])
      void collectText(stream as ReadableStream<Uint8Array>, (text) => (out += text));
    await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`the simulator exited (${child.exitCode}): ${out.slice(started)}`);
        return out.slice(started).includes("ledger simulator on ");
      },
      { what: `the ledger simulator on port ${port}`, timeout: 10_000 },
    );
  }

  async function stop() {
    const child = proc;
    if (!child) return;
    proc = null;
    stdin = null;
    if (child.exitCode === null) child.kill("SIGTERM");
    await child.exited;
  }

  await spawn(options.historyFromNow ?? false);
  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    get stateFile() {
      return stateFile;
    },
    output: () => out,
    stop,
    async restart(next = {}) {
      await stop();
      if (next.stateFile !== undefined) stateFile = next.stateFile;
      await spawn(next.historyFromNow ?? false);
    },
    async fault(name, ...args) {
      if (!stdin) throw new Error("the simulator is not running");
      const from = out.length;
      stdin.write(`${[name, ...args].join(" ")}\n`);
      stdin.flush();
      const line = await waitFor(() => new RegExp(`^fault ${name}(:| failed:) (.*)$`, "m").exec(out.slice(from)), {
        what: `the simulator's answer to ${name}`,
      });
      if (line[1] !== ":") throw new Error(`fault ${name}: ${line[2]}`);
      return line[2]!;
    },
  };
}

// --- the ledger as a wallet or an explorer sees it ----------------------------------------------

// Runs `fn` with an xrpl Client connected to the simulator.
export async function withLedger<T>(sim: { url: string }, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client(sim.url);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.disconnect().catch(() => {});
  }
}

export interface HotWallet {
  address: string;
  seed: string;
}

// A Payment from the genesis account, signed with its seed and sent over the WebSocket (validated).
export async function fundFromGenesis(sim: { url: string }, address: string, xrp = 100_000) {
  await withLedger(sim, async (client) => {
    const genesis = Wallet.fromSeed(GENESIS.seed);
    const tx = await client.autofill({
      TransactionType: "Payment",
      Account: genesis.classicAddress,
      Destination: address,
      Amount: String(xrp * 1_000_000),
    });
    const done = await client.submitAndWait(genesis.sign(tx).tx_blob);
    const result = (done.result.meta as { TransactionResult?: string }).TransactionResult;
    if (result !== "tesSUCCESS") throw new Error(`funding ${address} from genesis: ${result}`);
  });
}

// A new hot wallet (Wallet.generate), funded from genesis.
export async function fundedHotWallet(sim: { url: string }, xrp = 100_000): Promise<HotWallet> {
  const wallet = Wallet.generate();
  await fundFromGenesis(sim, wallet.classicAddress, xrp);
  return { address: wallet.classicAddress, seed: wallet.seed! };
}

export interface WalletTxOnLedger {
  hash: string;
  type: string;
  result: string;
  destination: string | null;
  sequence: number;
  ledgerIndex: number;
  memos: string[];
}

// Every validated transaction the hot wallet sent, oldest first, from the ledgers the server holds.
export async function walletTransactions(sim: { url: string }, hotAddress: string): Promise<WalletTxOnLedger[]> {
  return withLedger(sim, async (client) => {
    const sent: WalletTxOnLedger[] = [];
    let marker: unknown;
    do {
      const asked = {
        command: "account_tx",
        account: hotAddress,
        ledger_index_min: -1,
        ledger_index_max: -1,
        forward: true,
        limit: 400,
        ...(marker ? { marker } : {}),
      };
      const page = ((await client.request(asked as any)) as any).result as { transactions: any[]; marker?: unknown };
      for (const t of page.transactions) {
        const tx = t.tx_json ?? t.tx;
        if (tx.Account !== hotAddress) continue;
        sent.push({
          hash: String(t.hash ?? tx.hash),
          type: String(tx.TransactionType),
          result: String(t.meta?.TransactionResult),
          destination: tx.Destination ?? null,
          sequence: Number(tx.Sequence),
          ledgerIndex: Number(t.ledger_index ?? tx.ledger_index),
          memos: (tx.Memos ?? []).map((m: { Memo: { MemoData?: string } }) =>
            Buffer.from(m.Memo.MemoData ?? "", "hex").toString("utf8"),
          ),
        });
      }
      marker = page.marker;
    } while (marker);
    return sent;
  });
}

// How many successful Payments the hot wallet sent to each destination (the drills' ground truth).
export async function ledgerPaymentsByDestination(
  sim: { url: string },
  hotAddress: string,
): Promise<Record<string, number>> {
  const paid: Record<string, number> = {};
  for (const t of await walletTransactions(sim, hotAddress)) {
    if (t.type === "Payment" && t.result === "tesSUCCESS" && t.destination)
      paid[t.destination] = (paid[t.destination] ?? 0) + 1;
  }
  return paid;
}

// The ledger's `tx` answer for a hash (API v2: the transaction is under tx_json), or null when unknown.
export async function ledgerTx(
  sim: { url: string },
  hash: string,
): Promise<{
  Account: string;
  Destination?: string;
  Sequence: number;
  TransactionType: string;
  result: string;
} | null> {
  return withLedger(sim, async (client) => {
    try {
      const r = (await client.request({ command: "tx", transaction: hash })).result as any;
      const tx = r.tx_json ?? r;
      return { ...tx, result: String(r.meta?.TransactionResult) };
    } catch {
      return null;
    }
  });
}

export const validatedIndex = (sim: { url: string }) => withLedger(sim, (client) => client.getLedgerIndex());

// Waits until `count` more ledgers are validated: what was signed before is in them by then. (Time
// must pass to show that something did NOT happen.)
export async function waitLedgers(sim: { url: string }, count: number) {
  const at = await validatedIndex(sim);
  await waitFor(async () => (await validatedIndex(sim)) >= at + count, {
    what: `${count} more validated ledgers`,
    timeout: count * 1500 + 5_000,
    interval: 200,
  });
}

// --- two-factor codes, as the admin's phone makes them ------------------------------------------

// The admin's authenticator app: a code is accepted for its own 30 s step and one either side, and
// only for a step after the last accepted one (src/auth/totp.ts). One app per secret, shared by every
// database that carries it (a copy, a restore): it never reuses a step any of them may have seen.
export class Authenticator {
  private lastStep: number;
  constructor(
    readonly secret: string,
    usedStep = Math.floor(Date.now() / TOTP_PERIOD_MS),
  ) {
    this.lastStep = usedStep;
  }
  // A code of a step no server has seen: this step's, the next one's, or (after two) a wait.
  async nextCode(): Promise<string> {
    const step = Math.max(this.lastStep + 1, Math.floor(Date.now() / TOTP_PERIOD_MS));
    while (Math.floor(Date.now() / TOTP_PERIOD_MS) + 1 < step) await Bun.sleep(200);
    this.lastStep = step;
    return totpCode(this.secret, step * TOTP_PERIOD_MS + 1);
  }
}

// --- the servers --------------------------------------------------------------------------------

export interface AdminClient extends HttpClient {
  authenticator: Authenticator;
  // Makes sure a code was entered in this session less than 4 minutes ago (a step-up lasts 5).
  stepUp(options?: { force?: boolean }): Promise<void>;
  approve(requestId: number): Promise<ClientResponse>;
  payUser(userId: number): Promise<ClientResponse>;
  wallet(): Promise<any>;
  alerts(): Promise<any>;
  // The admin list's row of the request to `address` (the newest).
  requestTo(address: string): Promise<any>;
}

// The signed-in browser `client` (its cookie jar holds the session), with the admin's helpers.
function adminClient(client: HttpClient, authenticator: Authenticator, steppedUpAt: number): AdminClient {
  let lastCodeAt = steppedUpAt;
  const admin: AdminClient = {
    ...client,
    authenticator,
    async stepUp({ force = false } = {}) {
      if (!force && Date.now() - lastCodeAt < STEP_UP_MS - 60_000) return;
      const res = await client.post("/api/user/step-up", { code: await authenticator.nextCode() });
      if (res.status !== 200) throw new Error(`step-up: ${res.status} ${res.text}`);
      lastCodeAt = Date.now();
    },
    async approve(requestId: number) {
      await admin.stepUp();
      return client.post(`/api/admin/faucet/requests/${requestId}`, { action: "APPROVED" });
    },
    async payUser(userId: number) {
      await admin.stepUp();
      return client.post(`/api/admin/pay/${userId}`);
    },
    wallet: async () => (await client.get("/api/admin/wallet")).json,
    alerts: async () => (await client.get("/api/admin/alerts")).json,
    requestTo: async (address: string) => (await client.get(`/api/admin/faucet/requests?q=${address}`)).json?.[0],
  };
  return admin;
}

export interface DrillServer extends RunningServer {
  dataDir: string;
  admin: AdminClient;
  sim: SimulatorProcess;
  wallet: HotWallet;
  // the payout rows, attempts, ... of its database, read-only
  query<T>(sql: string, ...params: (string | number | null)[]): T[];
}

const setupCodeIn = (printed: string) => /setup code for '[^']+': ([a-z0-9-]+)/.exec(printed)?.[1] ?? null;

// Starts the binary on `dataDir` in real-ledger mode on the simulator, paying from `wallet`. A new
// data directory gets the drill's admin (--seed-admin), who signs in, sets two-factor sign-in up with
// the printed setup code and the faucet's settings; a directory that has them already (a restore, a
// copy) is signed into with a code of `authenticator` (the app of the database it came from).
export async function startServer(options: {
  dataDir: string;
  sim: SimulatorProcess;
  wallet: HotWallet;
  extraArgs?: string[];
  authenticator?: Authenticator;
  settings?: Record<string, unknown>;
}): Promise<DrillServer> {
  assertBuilt();
  const dataDir = resolve(options.dataDir);
  const cwd = dirname(dataDir);
  const fresh = !existsSync(join(dataDir, "app.db"));
  let setupCode: string | null = null;
  if (fresh) {
    const seeded = await runBinary(["--seed-admin", DRILL_ADMIN.username, "--data-dir", dataDir], {
      cwd,
      env: { ADMIN_PASSWORD: DRILL_ADMIN.password },
    });
    setupCode = setupCodeIn(seeded.stdout);
    if (seeded.code !== 0 || !setupCode)
      throw new Error(`--seed-admin: ${seeded.code} ${seeded.stdout}${seeded.stderr}`);
  } else if (!options.authenticator) {
    throw new Error(`${dataDir} has a database: its admin's authenticator is needed to sign in`);
  }
  const args = [
    "--data-dir",
    dataDir,
    "--trust-proxy",
    "--xrpl-url",
    options.sim.url,
    "--max-daily-payout",
    "100000",
    ...(options.extraArgs ?? []),
  ];
  const server = await startBinary({
    binary: BINARY,
    cwd,
    args,
    env: { XRPL_SEED: options.wallet.seed, XRPL_ADDRESS: options.wallet.address },
  });
  running.add({ kill: () => server.stop("SIGKILL") });

  const client = httpClient(server.url);
  let authenticator: Authenticator;
  if (fresh) {
    const login = await client.post("/api/login", DRILL_ADMIN);
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
    const setup = await client.post("/api/user/two-factor/setup", { setupCode });
    if (setup.status !== 200) throw new Error(`two-factor setup: ${setup.status} ${setup.text}`);
    authenticator = new Authenticator(setup.json.secret, Math.floor(Date.now() / TOTP_PERIOD_MS) - 2);
    const enable = await client.post("/api/user/two-factor/enable", { code: await authenticator.nextCode() });
    if (enable.status !== 200) throw new Error(`two-factor enable: ${enable.status} ${enable.text}`);
  } else {
    authenticator = options.authenticator!;
    const login = await client.post("/api/login", { ...DRILL_ADMIN, code: await authenticator.nextCode() });
    if (login.status !== 200) throw new Error(`login with a code: ${login.status} ${login.text}`);
  }
  // (enabling two-factor sign-in, or a login with a code, is a step-up)
  const admin = adminClient(client, authenticator, Date.now());
  if (fresh) {
    const saved = await admin.post("/api/admin/faucet/settings", options.settings ?? DRILL_SETTINGS);
    if (saved.status !== 200) throw new Error(`faucet settings: ${saved.status} ${saved.text}`);
  }
  return {
    ...server,
    dataDir,
    admin,
    sim: options.sim,
    wallet: options.wallet,
    query<T>(sql: string, ...params: (string | number | null)[]) {
      const db = new Database(join(dataDir, "app.db"), { readonly: true });
      try {
        return db.query(sql).all(...params) as T[];
      } finally {
        db.close();
      }
    },
  };
}

// --- visitors and users -------------------------------------------------------------------------

let visitorCount = 0;
export interface Visitor {
  ip: string;
  device: string;
}
// A visitor of their own network and device (the n-th since the file started).
export function newVisitor(): Visitor {
  const n = visitorCount++;
  return { ip: strangerIp(2000 + n), device: `ledgerdrill${String(n).padStart(16, "0")}` };
}

// A faucet request for `address` from `visitor`: the answer's status, error code and request id.
export async function ask(server: { url: string }, address: string, visitor: Visitor = newVisitor()) {
  const res = await fetch(`${server.url}/api/faucet/request`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": visitor.ip, cookie: `device=${visitor.device}` },
    body: JSON.stringify({ address }),
  });
  const json = (await res.json().catch(() => null)) as { id?: number; message?: string } | null;
  return {
    status: res.status,
    code: res.headers.get("x-error-code"),
    id: json?.id ?? null,
    message: json?.message ?? null,
    visitor,
  };
}

// A request that must be accepted: its id.
export async function askAccepted(server: { url: string }, address: string, visitor?: Visitor): Promise<number> {
  const answer = await ask(server, address, visitor);
  if (answer.status !== 201 || answer.id === null)
    throw new Error(`faucet request for ${address}: ${answer.status} ${answer.code} ${answer.message}`);
  return answer.id;
}

// Waits for the request to `address` to be PROCESSED on `server`; answers its row.
export const processed = (admin: AdminClient, address: string, timeout = 20_000) =>
  waitFor(
    async () => {
      const row = await admin.requestTo(address);
      return row?.status === "PROCESSED" && row;
    },
    { what: `the request to ${address} PROCESSED`, timeout, interval: 200 },
  );

let userCount = 0;
// A registered user owed an approved social bonus at `address`: register, share, claim, the admin approves.
export async function owedUser(
  server: DrillServer,
  address: string,
): Promise<{ userId: number; address: string; owed: string }> {
  const n = userCount++;
  const member = httpClient(server.url, { ip: `203.0.${113 - (n % 50)}.${40 + n}` });
  const username = `owed${n}x${Date.now() % 100_000}`;
  const registered = await member.post(
    "/api/register",
    { username, email: `${username}@example.com`, password: "a member's passphrase, seven words long" },
    { proof: true },
  );
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
  const userId: number = registered.json.user.id;
  const shared = await member.post("/api/social/share", { platform: "Twitter" });
  if (shared.status !== 201) throw new Error(`share: ${shared.status} ${shared.text}`);
  const claim = await member.post("/api/social/bonus-request", { address, platform: "Twitter" });
  if (claim.status !== 201) throw new Error(`bonus request: ${claim.status} ${claim.text}`);
  await server.admin.stepUp();
  const approved = await server.admin.post(`/api/admin/claims/${claim.json.id}`, { status: "APPROVED" });
  if (approved.status !== 200) throw new Error(`claim approval: ${approved.status} ${approved.text}`);
  const owed: string = (await server.admin.get(`/api/admin/users/${userId}`)).json.user.owed;
  if (!(Number(owed) > 0)) throw new Error(`user ${userId} is owed ${owed}`);
  return { userId, address, owed };
}

export const owedOf = async (admin: AdminClient, userId: number): Promise<string> =>
  (await admin.get(`/api/admin/users/${userId}`)).json.user.owed;

// --- backups, restores, copies ------------------------------------------------------------------

// The binary's --backup FILE of the data directory (safe while the server runs), with secret.key
// copied beside it by hand (--backup leaves the key to the operator; --restore takes it from there).
export async function backup(dataDir: string, file: string) {
  mkdirSync(dirname(file), { recursive: true });
  const made = await runBinary(["--backup", file, "--data-dir", dataDir], { cwd: dirname(dataDir) });
  if (made.code !== 0) throw new Error(`--backup: ${made.code} ${made.stdout}${made.stderr}`);
  copyFileSync(join(dataDir, "secret.key"), join(dirname(file), "secret.key"));
}

// The binary's --restore FILE into `dataDir` (its server stopped; the directory is made when missing).
export async function restore(file: string, dataDir: string) {
  const done = await runBinary(["--restore", file, "--data-dir", dataDir], { cwd: dirname(resolve(dataDir)) });
  if (done.code !== 0) throw new Error(`--restore: ${done.code} ${done.stdout}${done.stderr}`);
}

// Plain copies of app.db (and its WAL, if any) and secret.key into another data directory.
export function copyDataDir(from: string, to: string) {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const file of ["app.db", "app.db-wal", "secret.key"])
    if (existsSync(join(from, file))) copyFileSync(join(from, file), join(to, file));
}
