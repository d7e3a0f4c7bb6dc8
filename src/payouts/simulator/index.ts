// The ledger simulator: a stand-in for a stand-alone rippled speaking the WebSocket JSON API
// (API v2), so the real xrpl Client talks to it unchanged. It is the sandbox ledger operators can
// try the faucet against, and the ledger the payout tests run on, with every fault payouts.md lists.
import type { ServerWebSocket } from "bun";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { accountFlagsBits, GENESIS, SimulatedLedger, type AccountState, type AppliedPayment, type LedgerSnapshot, type TxRecord } from "./ledger.ts";

export type { AccountState, AppliedPayment } from "./ledger.ts";

export interface SimulatorOptions {
  host?: string;
  port?: number;
  // Close (and validate) a ledger every this many ms; null: only on demand.
  closeIntervalMs?: number | null;
  // Where the ledger's state lives across restarts (written after every close).
  stateFile?: string | null;
  // 0 like mainnet and a stand-alone rippled: transactions carry no NetworkID.
  networkId?: number;
  reserveBaseDrops?: number;
  reserveIncDrops?: number;
  baseFeeDrops?: number;
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
  faults: SimulatorFaults;
  close(): Promise<void>;
}

const ERROR_CODES: Record<string, number> = { txnNotFound: 29, actNotFound: 19, tooBusy: 9, noCurrent: 17, unknownCmd: 32, invalidParams: 31, lgrNotFound: 21 };

class RpcError extends Error {
  constructor(
    readonly error: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

interface FaultState {
  submitNoReply: number;
  dropBefore: number;
  dropAfter: number;
  rpcErrors: Map<string, { error: string; count: number }>;
  lying: number;
  swallow: number;
  stalled: boolean;
  incompleteUntil: number;
  lieNotFound: number;
  gaps: [number, number][];
  queueLimit: number | null;
  latencyMs: number;
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

const xrp = (drops: bigint) => Number(drops) / 1_000_000;

export async function startLedgerSimulator(options: SimulatorOptions = {}): Promise<LedgerSimulator> {
  const ledgerOptions = {
    networkId: options.networkId ?? 0,
    reserveBaseDrops: BigInt(options.reserveBaseDrops ?? 1_000_000),
    reserveIncDrops: BigInt(options.reserveIncDrops ?? 200_000),
    baseFeeDrops: BigInt(options.baseFeeDrops ?? 10),
  };
  const stateFile = options.stateFile ?? null;
  const snapshot = stateFile && existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, "utf8")) as LedgerSnapshot) : undefined;
  const ledger = new SimulatedLedger(ledgerOptions, snapshot);
  let faults = freshFaults();
  const sockets = new Set<ServerWebSocket<unknown>>();
  const subscribers = new Set<ServerWebSocket<unknown>>();
  const startedAt = Date.now();

  const save = () => {
    if (!stateFile) return;
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(ledger.snapshot()));
    renameSync(`${stateFile}.tmp`, stateFile);
  };

  const completeLedgers = () => {
    const ranges: string[] = [];
    let start = ledger.firstIndex;
    for (const [from, to] of [...faults.gaps].sort((a, b) => a[0] - b[0])) {
      if (from > start) ranges.push(`${start}-${from - 1}`);
      start = Math.max(start, to + 1);
    }
    if (start <= ledger.validatedIndex) ranges.push(`${start}-${ledger.validatedIndex}`);
    return ranges.join(",");
  };
  const inGap = (index: number) => faults.gaps.some(([from, to]) => index >= from && index <= to);

  function closeLedger(): number {
    if (faults.stalled) return ledger.validatedIndex;
    const { index, applied } = ledger.close();
    save();
    const frame = JSON.stringify({
      type: "ledgerClosed",
      ledger_index: index,
      ledger_hash: ledger.ledgerHashes.get(index)!.hash,
      ledger_time: ledger.ledgerHashes.get(index)!.closeTime,
      fee_base: Number(ledgerOptions.baseFeeDrops),
      reserve_base: Number(ledgerOptions.reserveBaseDrops),
      reserve_inc: Number(ledgerOptions.reserveIncDrops),
      validated_ledgers: completeLedgers(),
      txn_count: applied.length,
    });
    for (const ws of subscribers) ws.send(frame);
    return index;
  }

  function txResult(record: TxRecord, validated: boolean) {
    const { Amount, ...rest } = record.tx;
    const txJson: Record<string, unknown> = { ...rest, hash: record.hash };
    if (record.tx.TransactionType === "Payment") txJson.DeliverMax = Amount;
    else if (Amount !== undefined) txJson.Amount = Amount;
    const meta: Record<string, unknown> = { TransactionIndex: record.transactionIndex, TransactionResult: record.result, AffectedNodes: [] };
    if (record.tx.TransactionType === "Payment") meta.delivered_amount = record.delivered === null ? "0" : record.delivered.toString();
    return {
      tx_json: { ...txJson, ledger_index: record.ledgerIndex, date: record.closeTime },
      hash: record.hash,
      meta,
      validated,
      ledger_index: record.ledgerIndex,
      close_time_iso: new Date((record.closeTime + 946_684_800) * 1000).toISOString().replace(".000", ""),
    };
  }

  function accountInfo(params: Record<string, any>) {
    const address = String(params.account ?? "");
    const account = ledger.accounts.get(address);
    if (!account) throw new RpcError("actNotFound", "Account not found.", { account: address });
    const current = params.ledger_index === "current" || params.ledger_index === undefined;
    const sequence = current ? ledger.currentSequence(address)! : account.sequence;
    const result: Record<string, unknown> = {
      account_data: {
        Account: address,
        Balance: account.balanceDrops.toString(),
        Flags: accountFlagsBits(account.flags),
        LedgerEntryType: "AccountRoot",
        OwnerCount: account.ownerCount,
        Sequence: sequence,
        index: "0".repeat(64),
      },
      account_flags: {
        defaultRipple: false,
        depositAuth: account.flags.depositAuth,
        disableMasterKey: false,
        disallowIncomingXRP: account.flags.disallowXRP,
        globalFreeze: false,
        noFreeze: false,
        passwordSpent: false,
        requireAuthorization: false,
        requireDestinationTag: account.flags.requireDestTag,
      },
      validated: !current,
    };
    if (current) result.ledger_current_index = ledger.openIndex;
    else result.ledger_index = ledger.validatedIndex;
    return result;
  }

  function ledgerIndexOf(spec: unknown): number {
    if (spec === undefined || spec === "validated" || spec === "closed") return ledger.validatedIndex;
    if (spec === "current") return ledger.openIndex;
    const n = Number(spec);
    if (!Number.isInteger(n) || !ledger.ledgerHashes.has(n)) throw new RpcError("lgrNotFound", "ledgerNotFound");
    return n;
  }

  // Answers one command; throws RpcError for an error answer.
  function answer(params: Record<string, any>, ws: ServerWebSocket<unknown>): Record<string, unknown> | "no-reply" {
    const command = String(params.command);
    const injected = faults.rpcErrors.get(command);
    if (injected && injected.count > 0) {
      injected.count--;
      throw new RpcError(injected.error, injected.error === "tooBusy" ? "The server is too busy to help you now." : "Current ledger is unavailable.");
    }
    const validated = {
      seq: ledger.validatedIndex,
      hash: ledger.ledgerHashes.get(ledger.validatedIndex)!.hash,
      age: 1,
      base_fee_xrp: xrp(ledgerOptions.baseFeeDrops),
      reserve_base_xrp: xrp(ledgerOptions.reserveBaseDrops),
      reserve_inc_xrp: xrp(ledgerOptions.reserveIncDrops),
    };
    switch (command) {
      case "ping":
        return {};
      case "server_info":
        return {
          info: {
            build_version: "2.3.0-xrp-faucet-simulator",
            complete_ledgers: completeLedgers(),
            hostid: "SIMULATOR",
            load_factor: ledger.loadFactor,
            network_id: ledgerOptions.networkId,
            peers: 0,
            server_state: "full",
            uptime: Math.floor((Date.now() - startedAt) / 1000),
            validated_ledger: validated,
          },
        };
      case "server_state":
        return {
          state: {
            build_version: "2.3.0-xrp-faucet-simulator",
            complete_ledgers: completeLedgers(),
            load_base: 256,
            load_factor: Math.round(256 * ledger.loadFactor),
            network_id: ledgerOptions.networkId,
            server_state: "full",
            validated_ledger: {
              seq: ledger.validatedIndex,
              hash: validated.hash,
              base_fee: Number(ledgerOptions.baseFeeDrops),
              reserve_base: Number(ledgerOptions.reserveBaseDrops),
              reserve_inc: Number(ledgerOptions.reserveIncDrops),
            },
          },
        };
      case "fee": {
        const fee = ledger.requiredFee().toString();
        return {
          current_ledger_size: String(ledger.pending.length),
          current_queue_size: "0",
          drops: { base_fee: ledgerOptions.baseFeeDrops.toString(), median_fee: "5000", minimum_fee: fee, open_ledger_fee: fee },
          expected_ledger_size: "1000",
          ledger_current_index: ledger.openIndex,
          levels: { median_level: "128000", minimum_level: "256", open_ledger_level: "256", reference_level: "256" },
          max_queue_size: "20000",
        };
      }
      case "ledger_current":
        return { ledger_current_index: ledger.openIndex };
      case "ledger_closed":
        return { ledger_hash: validated.hash, ledger_index: ledger.validatedIndex };
      case "ledger": {
        const index = ledgerIndexOf(params.ledger_index);
        if (index === ledger.openIndex) return { ledger: { closed: false, ledger_index: String(index) }, ledger_current_index: index, validated: false };
        const header = ledger.ledgerHashes.get(index)!;
        return {
          ledger: { closed: true, ledger_hash: header.hash, ledger_index: String(index), close_time: header.closeTime, parent_close_time: header.closeTime },
          ledger_hash: header.hash,
          ledger_index: index,
          validated: true,
        };
      }
      case "ledger_accept":
        closeLedger();
        return { ledger_current_index: ledger.openIndex };
      case "feature":
        return params.feature ? { [String(params.feature)]: { enabled: false, name: String(params.feature), supported: true } } : { features: {} };
      case "account_info":
        return accountInfo(params);
      case "account_tx": {
        const address = String(params.account ?? "");
        const transactions = [...ledger.txs.values()]
          .filter((r) => r.tx.Account === address || r.tx.Destination === address)
          .sort((a, b) => b.ledgerIndex - a.ledgerIndex)
          .slice(0, Number(params.limit ?? 200))
          .map((r) => ({ ...txResult(r, true) }));
        return { account: address, transactions, ledger_index_min: ledger.firstIndex, ledger_index_max: ledger.validatedIndex, validated: true };
      }
      case "subscribe":
        if (Array.isArray(params.streams) && params.streams.includes("ledger")) subscribers.add(ws);
        return {
          fee_base: Number(ledgerOptions.baseFeeDrops),
          ledger_hash: validated.hash,
          ledger_index: ledger.validatedIndex,
          ledger_time: ledger.ledgerHashes.get(ledger.validatedIndex)!.closeTime,
          reserve_base: Number(ledgerOptions.reserveBaseDrops),
          reserve_inc: Number(ledgerOptions.reserveIncDrops),
          validated_ledgers: completeLedgers(),
        };
      case "unsubscribe":
        subscribers.delete(ws);
        return {};
      case "submit":
        return submit(params, ws);
      case "tx":
        return lookup(params);
      default:
        throw new RpcError("unknownCmd", "Unknown method.");
    }
  }

  function submit(params: Record<string, any>, ws: ServerWebSocket<unknown>): Record<string, unknown> | "no-reply" {
    if (faults.dropBefore > 0) {
      faults.dropBefore--;
      ws.close(1011, "dropped before apply");
      return "no-reply";
    }
    const blob = String(params.tx_blob ?? "");
    const swallowed = faults.swallow > 0;
    if (swallowed) faults.swallow--;
    const outcome = ledger.submit(blob, faults.queueLimit);
    if (outcome.result === "invalidTransaction") throw new RpcError("invalidTransaction", "fails local checks: Unable to decode the transaction.");
    let result = outcome.result;
    if (swallowed && outcome.queued && outcome.hash) {
      ledger.pending = ledger.pending.filter((p) => p.hash !== outcome.hash);
      result = "tesSUCCESS";
    }
    if (faults.lying > 0 && outcome.queued) {
      faults.lying--;
      result = "telINSUF_FEE_P";
    }
    if (faults.dropAfter > 0) {
      faults.dropAfter--;
      ws.close(1011, "dropped after apply");
      return "no-reply";
    }
    if (faults.submitNoReply > 0) {
      faults.submitNoReply--;
      return "no-reply";
    }
    return {
      accepted: outcome.queued,
      applied: outcome.queued,
      broadcast: outcome.queued,
      engine_result: result,
      engine_result_code: result.startsWith("tes") ? 0 : -1,
      engine_result_message: result,
      kept: outcome.queued,
      queued: false,
      tx_blob: blob,
      tx_json: { ...(outcome.tx ?? {}), hash: outcome.hash },
      validated_ledger_index: ledger.validatedIndex,
    };
  }

  function lookup(params: Record<string, any>) {
    const hash = String(params.transaction ?? "").toUpperCase();
    const hasRange = params.min_ledger !== undefined && params.max_ledger !== undefined;
    const min = Number(params.min_ledger);
    const max = Number(params.max_ledger);
    const record = ledger.txs.get(hash);
    const lying = record && faults.lieNotFound > 0;
    if (lying) faults.lieNotFound--;
    if (record && !lying && !inGap(record.ledgerIndex)) return txResult(record, true);
    const pending = ledger.pending.find((p) => p.hash === hash);
    if (pending && !lying) {
      return { tx_json: { ...pending.tx, hash }, hash, validated: false, ledger_index: undefined };
    }
    const extra: Record<string, unknown> = {};
    if (hasRange) {
      const holdsAll =
        min <= max &&
        min >= ledger.firstIndex &&
        max <= ledger.validatedIndex &&
        ledger.validatedIndex >= faults.incompleteUntil &&
        !faults.gaps.some(([from, to]) => from <= max && to >= min);
      extra.searched_all = lying ? true : holdsAll;
    }
    throw new RpcError("txnNotFound", "Transaction not found.", extra);
  }

  async function handle(ws: ServerWebSocket<unknown>, raw: string | Buffer) {
    let params: Record<string, any>;
    try {
      params = JSON.parse(String(raw));
    } catch {
      ws.send(JSON.stringify({ type: "response", status: "error", error: "invalidParams", error_code: 31, error_message: "Unable to parse request." }));
      return;
    }
    let reply: Record<string, unknown>;
    try {
      const result = answer(params, ws);
      if (result === "no-reply") return;
      reply = { id: params.id, type: "response", status: "success", api_version: params.api_version ?? 2, result };
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
      reply = {
        id: params.id,
        type: "response",
        status: "error",
        api_version: params.api_version ?? 2,
        error: error.error,
        error_code: ERROR_CODES[error.error] ?? 0,
        error_message: error.message,
        request: params,
        ...error.extra,
      };
    }
    if (faults.latencyMs > 0) await Bun.sleep(faults.latencyMs);
    if (ws.readyState === 1) ws.send(JSON.stringify(reply));
  }

  const server = Bun.serve({
    hostname: options.host ?? "127.0.0.1",
    port: options.port ?? 0,
    fetch(request, srv) {
      if (srv.upgrade(request)) return undefined;
      return new Response("xrp-faucet ledger simulator: connect with a WebSocket client (xrpl.js)\n", { headers: { "content-type": "text/plain" } });
    },
    websocket: {
      open: (ws) => void sockets.add(ws),
      message: (ws, message) => void handle(ws, message),
      close: (ws) => {
        sockets.delete(ws);
        subscribers.delete(ws);
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
        .filter((p) => (!filter.destination || p.destination === filter.destination) && (!filter.account || p.account === filter.account));
    },
    faults: {
      submitNoReply: (count = 1) => void (faults.submitNoReply += count),
      dropSocketBeforeApply: (count = 1) => void (faults.dropBefore += count),
      dropSocketAfterApply: (count = 1) => void (faults.dropAfter += count),
      rpcError: (command, error, count = 1) => void faults.rpcErrors.set(command, { error, count }),
      lyingProvisional: (count = 1) => void (faults.lying += count),
      swallow: (count = 1) => void (faults.swallow += count),
      stall: (on) => void (faults.stalled = on),
      incompleteHistory: (ledgers) => void (faults.incompleteUntil = ledger.validatedIndex + ledgers),
      lieNotFound: (count = 1) => void (faults.lieNotFound += count),
      historyGap: (from, to) => void faults.gaps.push([from, to]),
      feeSpike: (loadFactor) => void (ledger.loadFactor = loadFactor),
      busy: (on, limit = 10) => void (faults.queueLimit = on ? limit : null),
      takeSequence(address) {
        const account = requireAccount(address);
        return ledger.submitForeign({ TransactionType: "AccountSet", Account: address, Fee: "10", Sequence: account.sequence });
      },
      latency: (ms) => void (faults.latencyMs = ms),
      dropConnections() {
        for (const ws of sockets) ws.close(1012, "dropped by the simulator");
      },
      reset() {
        faults = freshFaults();
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
