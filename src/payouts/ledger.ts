// One connection to the XRP Ledger for the payout engine, with failover across the configured
// servers: a request that finds the socket gone reconnects (next server first) and says so by
// throwing, so the engine treats the outcome as unknown rather than guessing.
import { Client } from "xrpl";
import { DROPS_PER_XRP } from "../shared/money.ts";

export interface LedgerFacts {
  networkId: number;
  validatedIndex: number;
  baseFeeDrops: number;
  loadFactor: number;
  reserveBaseDrops: number;
  reserveIncDrops: number;
}

export type LedgerRequest = { command: string; [key: string]: unknown };

// The parts of rippled's answers (their `result`) that this project reads, as xrpl.org documents
// them. Fields rippled may leave out are optional.
export interface TxAnswer {
  validated?: boolean;
  ledger_index?: number;
  // JSON metadata (binary metadata is never asked for)
  meta?: { TransactionResult?: string; delivered_amount?: unknown; DeliveredAmount?: unknown };
}
export interface AccountInfoAnswer {
  account_data: { Sequence: number; Balance: string; OwnerCount?: number; Flags?: number };
}
export interface SubmitAnswer {
  engine_result: string;
}
interface ServerInfoAnswer {
  info: {
    network_id?: number;
    load_factor?: number;
    validated_ledger?: {
      seq: number;
      age?: number;
      base_fee_xrp?: number;
      reserve_base_xrp?: number;
      reserve_inc_xrp?: number;
    };
  };
}
// What a refusal (xrpl's RippledError) carries in `data`: the error's name and, for a transaction
// not found, whether the server searched the whole range (where it says so differs by version).
export interface RippledErrorData {
  error?: string;
  searched_all?: boolean;
  result?: { searched_all?: boolean };
  data?: { searched_all?: boolean };
}
export const rippledError = (error: unknown): RippledErrorData | undefined =>
  (error as { data?: RippledErrorData } | null)?.data;

export class LedgerUnavailable extends Error {}

// rippled's fee and reserve figures are JSON numbers of XRP (0.00001), not the text money.ts reads.
const xrpNumberToDrops = (xrp: unknown) => Math.round(Number(xrp) * DROPS_PER_XRP);
// A ledger's close time (ledger_time) counts seconds from 2000-01-01T00:00:00Z.
const RIPPLE_EPOCH_MS = 946_684_800_000;

// The newest validated ledger a connection has heard of, and when it closed (wall-clock ms).
export interface ValidatedLedger {
  index: number;
  closedAt: number;
}

export function createLedgerConnection({
  urls,
  log,
  timeoutMs = 10_000,
}: {
  urls: string[];
  log: (line: string) => void;
  timeoutMs?: number;
}) {
  let client: Client | null = null;
  let connecting: Promise<Client> | null = null;
  let next = 0;
  let closed = false;
  const ledgerListeners = new Set<(index: number) => void>();
  // from the ledger stream, the subscribe answer and server_info (the engine asks it every tick):
  // GET /metrics reports its age without asking the server anything
  let lastValidated: ValidatedLedger | null = null;
  const sawValidated = (index: number, closedAt: number) => {
    if (Number.isFinite(index) && Number.isFinite(closedAt) && (!lastValidated || index > lastValidated.index))
      lastValidated = { index, closedAt };
  };
  const closedAtOf = (ledgerTime: number | undefined) =>
    ledgerTime === undefined ? Date.now() : ledgerTime * 1000 + RIPPLE_EPOCH_MS;

  async function connect(): Promise<Client> {
    let lastError: unknown;
    for (let tried = 0; tried < urls.length; tried++) {
      const url = urls[next % urls.length]!;
      next++;
      const candidate = new Client(url, { connectionTimeout: 5_000, timeout: timeoutMs });
      try {
        await candidate.connect();
        candidate.on("ledgerClosed", (ledger: { ledger_index: number; ledger_time?: number }) => {
          sawValidated(Number(ledger.ledger_index), closedAtOf(ledger.ledger_time));
          for (const listener of ledgerListeners) listener(ledger.ledger_index);
        });
        candidate.on("disconnected", () => {
          if (client === candidate) client = null;
        });
        const subscribed = (await candidate.request({ command: "subscribe", streams: ["ledger"] } as never)) as {
          result?: { ledger_index?: number; ledger_time?: number };
        };
        if (subscribed.result?.ledger_index !== undefined)
          sawValidated(Number(subscribed.result.ledger_index), closedAtOf(subscribed.result.ledger_time));
        next--; // stay on the server that works
        log(`payouts: connected to ${url}`);
        return candidate;
      } catch (error) {
        lastError = error;
        log(`payouts: cannot reach ${url}: ${error instanceof Error ? error.message : String(error)}`);
        await candidate.disconnect().catch(() => {});
      }
    }
    throw new LedgerUnavailable(
      `no XRPL server reachable (${lastError instanceof Error ? lastError.message : String(lastError)})`,
    );
  }

  async function ensure(): Promise<Client> {
    if (closed) throw new LedgerUnavailable("the ledger connection is closed");
    if (client?.isConnected()) return client;
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    client = await connecting;
    return client;
  }

  return {
    ensure,

    // A raw request; rippled errors come back as thrown RippledError (with .data), network
    // problems as other errors.
    async request<T>(request: LedgerRequest): Promise<T> {
      const c = await ensure();
      const response = await c.request(request as never);
      return (response as { result: T }).result;
    },

    async facts(): Promise<LedgerFacts> {
      const info = (await this.request<ServerInfoAnswer>({ command: "server_info" })).info;
      const validated = info.validated_ledger;
      if (!validated) throw new LedgerUnavailable("the server has no validated ledger yet");
      sawValidated(Number(validated.seq), Date.now() - Number(validated.age ?? 0) * 1000);
      return {
        networkId: Number(info.network_id ?? 0),
        validatedIndex: Number(validated.seq),
        baseFeeDrops: xrpNumberToDrops(validated.base_fee_xrp ?? 0.00001),
        loadFactor: Number(info.load_factor ?? 1),
        reserveBaseDrops: xrpNumberToDrops(validated.reserve_base_xrp ?? 1),
        reserveIncDrops: xrpNumberToDrops(validated.reserve_inc_xrp ?? 0.2),
      };
    },

    // The newest validated ledger heard of (null before the first): nothing is asked of the server.
    lastValidated: (): ValidatedLedger | null => lastValidated,

    onLedgerClosed(listener: (index: number) => void): () => void {
      ledgerListeners.add(listener);
      return () => ledgerListeners.delete(listener);
    },

    async close(): Promise<void> {
      closed = true;
      const c = client;
      client = null;
      await c?.disconnect().catch(() => {});
    },
  };
}
export type LedgerConnection = ReturnType<typeof createLedgerConnection>;
