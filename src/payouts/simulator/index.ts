// The ledger simulator: a stand-in for a stand-alone rippled speaking the WebSocket JSON API
// (API v1 and v2), so the real xrpl Client talks to it unchanged. It is the sandbox ledger operators can
// try the faucet against, and the ledger the payout tests run on, with every fault payouts.md lists.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import * as account from "./commands/account.ts";
import * as ledgerCommands from "./commands/ledger.ts";
import * as server from "./commands/server.ts";
import { publishLedgerClosed, subscribe, unsubscribe } from "./commands/subscriptions.ts";
import * as transactions from "./commands/transactions.ts";
import { GENESIS, SimulatedLedger, type AccountState, type AppliedPayment, type LedgerSnapshot } from "./ledger.ts";
import {
  ERROR_CODES,
  type FaultState,
  type Handler,
  RpcError,
  type SimContext,
  type Socket,
  type Subscription,
} from "./rpc.ts";

export type { AccountState, AppliedPayment } from "./ledger.ts";

export interface SimulatorOptions {
  host?: string;
  port?: number;
  // Close (and validate) a ledger every this many ms; null: only on demand.
  closeIntervalMs?: number | null;
  // Where the ledger's state lives across restarts (written after every close).
  stateFile?: string | null;
  // Told when the state file cannot be written (EACCES, ENOSPC, ...) and when it can again; the
  // simulator keeps running and tries again at the next close.
  onSaveError?: (error: Error | null) => void;
  // 0 like mainnet and a stand-alone rippled: transactions carry no NetworkID.
  networkId?: number;
  reserveBaseDrops?: number;
  reserveIncDrops?: number;
  baseFeeDrops?: number;
}

// What the sandbox's transaction page shows of one transaction.
export interface SandboxTransaction {
  hash: string;
  type: string;
  result: string;
  account: string;
  destination: string | null;
  destinationTag: number | null;
  // XRP amounts in drops: what was sent and what arrived (null for a transaction moving no XRP)
  amountDrops: bigint | null;
  deliveredDrops: bigint | null;
  feeDrops: bigint;
  ledgerIndex: number;
  closeTime: number; // seconds since the Ripple epoch, as the ledger keeps it
}

export interface SimulatorFaults {
  submitNoReply(count?: number): void;
  dropSocketBeforeApply(count?: number): void;
  dropSocketAfterApply(count?: number): void;
  rpcError(command: string, error: string, count?: number): void;
  // Answers a failure (telINSUF_FEE_P) for a transaction it does apply.
  lyingProvisional(count?: number): void;
  // Answers tesSUCCESS for a transaction it never includes.
  swallow(count?: number): void;
  stall(on: boolean): void;
  incompleteHistory(ledgers: number): void;
  lieNotFound(count?: number): void;
  historyGap(fromLedger: number, toLedger: number): void;
  feeSpike(loadFactor: number): void;
  busy(on: boolean, queueLimitPerAccount?: number): void;
  takeSequence(address: string): string;
  latency(ms: number): void;
  dropConnections(): void;
  reset(): void;
}

export interface LedgerSimulator {
  url: string;
  port: number;
  readonly genesis: { address: string; seed: string };
  validatedLedgerIndex(): number;
  closeLedger(): number;
  account(address: string): AccountState | null;
  fund(address: string, drops: bigint | number): void;
  setBalance(address: string, drops: bigint | number): void;
  setAccountFlags(address: string, flags: Partial<AccountState["flags"]>): void;
  payments(filter?: { destination?: string; account?: string }): AppliedPayment[];
  // A transaction in a closed ledger, by its hash (any case); null when the ledger has none.
  transaction(hash: string): SandboxTransaction | null;
  faults: SimulatorFaults;
  close(): Promise<void>;
}

const freshFaults = (): FaultState => ({
  submitNoReply: 0,
  dropBefore: 0,
  dropAfter: 0,
  rpcErrors: new Map(),
  lying: 0,
  swallow: 0,
  stalled: false,
  incompleteUntil: 0,
  lieNotFound: 0,
  gaps: [],
  queueLimit: null,
  latencyMs: 0,
});

// One handler per command, grouped by file under commands/.
const COMMANDS: Record<string, Handler> = {
  ping: server.ping,
  random: server.random,
  server_info: server.serverInfo,
  server_state: server.serverState,
  server_definitions: server.serverDefinitions,
  fee: server.fee,
  feature: server.feature,
  ledger: ledgerCommands.ledger,
  ledger_current: ledgerCommands.ledgerCurrent,
  ledger_closed: ledgerCommands.ledgerClosed,
  ledger_accept: ledgerCommands.ledgerAccept,
  ledger_entry: ledgerCommands.ledgerEntry,
  ledger_data: ledgerCommands.ledgerData,
  account_info: account.accountInfo,
  account_lines: account.accountLines,
  account_objects: account.accountObjects,
  account_currencies: account.accountCurrencies,
  account_channels: account.accountChannels,
  account_offers: account.accountOffers,
  account_nfts: account.accountNfts,
  gateway_balances: account.gatewayBalances,
  deposit_authorized: account.depositAuthorized,
  account_tx: transactions.accountTx,
  submit: transactions.submit,
  tx: transactions.tx,
  subscribe,
  unsubscribe,
};

export async function startLedgerSimulator(options: SimulatorOptions = {}): Promise<LedgerSimulator> {
  const ledgerOptions = {
    networkId: options.networkId ?? 0,
    reserveBaseDrops: BigInt(options.reserveBaseDrops ?? 1_000_000),
    reserveIncDrops: BigInt(options.reserveIncDrops ?? 200_000),
    baseFeeDrops: BigInt(options.baseFeeDrops ?? 10),
  };
  const stateFile = options.stateFile ?? null;
  const snapshot =
    stateFile && existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, "utf8")) as LedgerSnapshot) : undefined;
  const ledger = new SimulatedLedger(ledgerOptions, snapshot);
  const sockets = new Set<Socket>();
  const subscriptions = new Map<Socket, Subscription>();
  const startedAt = Date.now();

  let saveFailing = false;
  const save = () => {
    if (!stateFile) return;
    try {
      writeFileSync(`${stateFile}.tmp`, JSON.stringify(ledger.snapshot()), { mode: 0o600 });
      renameSync(`${stateFile}.tmp`, stateFile);
      if (saveFailing) options.onSaveError?.(null);
      saveFailing = false;
    } catch (error) {
      // A timer closes the ledgers: an exception here would end the whole process.
      if (!saveFailing) options.onSaveError?.(error instanceof Error ? error : new Error(String(error)));
      saveFailing = true;
    }
  };

  const ctx: SimContext = {
    ledger,
    options: ledgerOptions,
    faults: freshFaults(),
    startedAt,
    subscriptions,
    completeLedgers() {
      const ranges: string[] = [];
      let start = ledger.firstIndex;
      for (const [from, to] of [...ctx.faults.gaps].sort((a, b) => a[0] - b[0])) {
        if (from > start) ranges.push(`${start}-${from - 1}`);
        start = Math.max(start, to + 1);
      }
      if (start <= ledger.validatedIndex) ranges.push(`${start}-${ledger.validatedIndex}`);
      return ranges.join(",");
    },
    validatedRange() {
      let min = ledger.firstIndex;
      for (const [from, to] of [...ctx.faults.gaps].sort((a, b) => a[0] - b[0]))
        if (from <= ledger.validatedIndex && to >= min) min = Math.max(min, to + 1);
      return { min: Math.min(min, ledger.validatedIndex), max: ledger.validatedIndex };
    },
    inGap: (index) => ctx.faults.gaps.some(([from, to]) => index >= from && index <= to),
    closeLedger,
  };

  function closeLedger(): number {
    if (ctx.faults.stalled) return ledger.validatedIndex;
    const { index, applied } = ledger.close();
    save();
    publishLedgerClosed(ctx, index, applied);
    return index;
  }

  // Answers one command; throws RpcError for an error answer.
  function answer(params: Record<string, any>, ws: Socket): Record<string, unknown> | "no-reply" {
    const command = String(params.command ?? params.method ?? "");
    const injected = ctx.faults.rpcErrors.get(command);
    if (injected && injected.count > 0) {
      injected.count--;
      throw new RpcError(
        injected.error,
        injected.error === "tooBusy" ? "The server is too busy to help you now." : "Current ledger is unavailable.",
      );
    }
    if (!command) throw new RpcError("missingCommand", "Missing command entry.");
    const handler = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (!handler) throw new RpcError("unknownCmd", "Unknown method.");
    return handler(ctx, params, ws);
  }

  async function handle(ws: Socket, raw: string | Buffer) {
    let params: Record<string, any>;
    try {
      params = JSON.parse(String(raw));
    } catch {
      ws.send(
        JSON.stringify({
          type: "response",
          status: "error",
          error: "invalidParams",
          error_code: 31,
          error_message: "Unable to parse request.",
        }),
      );
      return;
    }
    // rippled echoes the api_version a request names
    const version = params.api_version === undefined ? {} : { api_version: params.api_version };
    let reply: Record<string, unknown>;
    try {
      const result = answer(params, ws);
      if (result === "no-reply") return;
      reply = { id: params.id, type: "response", status: "success", ...version, result };
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
      reply = {
        id: params.id,
        type: "response",
        status: "error",
        ...version,
        error: error.error,
        error_code: ERROR_CODES[error.error] ?? 0,
        error_message: error.message,
        request: params,
        ...error.extra,
      };
    }
    if (ctx.faults.latencyMs > 0) await Bun.sleep(ctx.faults.latencyMs);
    if (ws.readyState === 1) ws.send(JSON.stringify(reply));
  }

  const server = Bun.serve({
    hostname: options.host ?? "127.0.0.1",
    port: options.port ?? 0,
    fetch(request, srv) {
      if (srv.upgrade(request)) return undefined;
      return new Response("xrp-faucet ledger simulator: connect with a WebSocket client (xrpl.js)\n", {
        headers: { "content-type": "text/plain" },
      });
    },
    websocket: {
      open: (ws) => void sockets.add(ws),
      message: (ws, message) => void handle(ws, message),
      close: (ws) => {
        sockets.delete(ws);
        subscriptions.delete(ws);
      },
    },
  });

  const timer = options.closeIntervalMs === null ? null : setInterval(closeLedger, options.closeIntervalMs ?? 3_000);

  const requireAccount = (address: string) => {
    const account = ledger.accounts.get(address);
    if (!account) throw new Error(`no account ${address} on the simulated ledger`);
    return account;
  };

  return {
    url: `ws://${server.hostname}:${server.port}`,
    port: server.port!,
    genesis: GENESIS,
    validatedLedgerIndex: () => ledger.validatedIndex,
    closeLedger,
    account: (address) => {
      const a = ledger.accounts.get(address);
      return a ? { ...a, flags: { ...a.flags } } : null;
    },
    // A Payment from genesis, applied in the next closed ledger.
    fund(address, drops) {
      const genesis = ledger.accounts.get(GENESIS.address)!;
      ledger.submitForeign({
        TransactionType: "Payment",
        Account: GENESIS.address,
        Destination: address,
        Amount: BigInt(drops).toString(),
        Fee: "10",
        Sequence: ledger.currentSequence(GENESIS.address) ?? genesis.sequence,
      });
    },
    setBalance(address, drops) {
      requireAccount(address).balanceDrops = BigInt(drops);
    },
    setAccountFlags(address, flags) {
      Object.assign(requireAccount(address).flags, flags);
    },
    payments(filter = {}) {
      return ledger
        .payments()
        .filter(
          (p) =>
            (!filter.destination || p.destination === filter.destination) &&
            (!filter.account || p.account === filter.account),
        );
    },
    transaction(hash) {
      const record = ledger.txs.get(hash.toUpperCase());
      if (!record) return null;
      const { tx } = record;
      const xrp = (value: unknown) => (typeof value === "string" && /^\d+$/.test(value) ? BigInt(value) : null);
      return {
        hash: record.hash,
        type: String(tx.TransactionType),
        result: record.result,
        account: String(tx.Account),
        destination: tx.Destination === undefined ? null : String(tx.Destination),
        destinationTag: tx.DestinationTag === undefined ? null : Number(tx.DestinationTag),
        amountDrops: xrp(tx.Amount),
        deliveredDrops: record.delivered,
        feeDrops: BigInt(String(tx.Fee ?? "0")),
        ledgerIndex: record.ledgerIndex,
        closeTime: record.closeTime,
      };
    },
    faults: {
      submitNoReply: (count = 1) => void (ctx.faults.submitNoReply += count),
      dropSocketBeforeApply: (count = 1) => void (ctx.faults.dropBefore += count),
      dropSocketAfterApply: (count = 1) => void (ctx.faults.dropAfter += count),
      rpcError: (command, error, count = 1) => void ctx.faults.rpcErrors.set(command, { error, count }),
      lyingProvisional: (count = 1) => void (ctx.faults.lying += count),
      swallow: (count = 1) => void (ctx.faults.swallow += count),
      stall: (on) => void (ctx.faults.stalled = on),
      incompleteHistory: (ledgers) => void (ctx.faults.incompleteUntil = ledger.validatedIndex + ledgers),
      lieNotFound: (count = 1) => void (ctx.faults.lieNotFound += count),
      historyGap: (from, to) => void ctx.faults.gaps.push([from, to]),
      feeSpike: (loadFactor) => void (ledger.loadFactor = loadFactor),
      busy: (on, limit = 10) => void (ctx.faults.queueLimit = on ? limit : null),
      takeSequence(address) {
        const account = requireAccount(address);
        return ledger.submitForeign({
          TransactionType: "AccountSet",
          Account: address,
          Fee: "10",
          Sequence: account.sequence,
        });
      },
      latency: (ms) => void (ctx.faults.latencyMs = ms),
      dropConnections() {
        for (const ws of sockets) ws.close(1012, "dropped by the simulator");
      },
      reset() {
        ctx.faults = freshFaults();
        ledger.loadFactor = 1;
      },
    },
    async close() {
      if (timer) clearInterval(timer);
      save();
      for (const ws of sockets) ws.close(1001, "simulator stopping");
      server.stop(true);
    },
  };
}
