// What every command handler gets: the simulated ledger, the options, the faults, the
// subscriptions; and the helpers rippled's handlers share (errors, lookupLedger, API versions).
import type { ServerWebSocket } from "bun";
import { isValidClassicAddress } from "ripple-address-codec";
import type { LedgerHeader, SimulatedLedger } from "./ledger.ts";

export const ERROR_CODES: Record<string, number> = {
  noCurrent: 16,
  tooBusy: 9,
  actNotFound: 19,
  lgrNotFound: 21,
  lgrIdxsInvalid: 57,
  lgrIdxMalformed: 58,
  invalidLgrRange: 79,
  txnNotFound: 29,
  invalidParams: 31,
  unknownCmd: 32,
  actMalformed: 35,
  badFeature: 40,
  malformedStream: 71,
  entryNotFound: 98,
};

export class RpcError extends Error {
  constructor(
    readonly error: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface FaultState {
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

export interface SimOptions {
  networkId: number;
  reserveBaseDrops: bigint;
  reserveIncDrops: bigint;
  baseFeeDrops: bigint;
}

// What a connection subscribed to (rippled's InfoSub), with the API version it asked in.
export interface Subscription {
  apiVersion: number;
  ledger: boolean;
  transactions: boolean;
  proposed: boolean;
  accounts: Set<string>;
  accountsProposed: Set<string>;
}

export type Socket = ServerWebSocket<unknown>;

export interface SimContext {
  ledger: SimulatedLedger;
  options: SimOptions;
  faults: FaultState;
  startedAt: number;
  subscriptions: Map<Socket, Subscription>;
  completeLedgers(): string;
  // the newest run of complete validated ledgers (rippled's getValidatedRange)
  validatedRange(): { min: number; max: number };
  inGap(index: number): boolean;
  closeLedger(): number;
}

export type Reply = Record<string, unknown> | "no-reply";
export type Handler = (ctx: SimContext, params: Record<string, any>, ws: Socket) => Reply;

// rippled answers API version 1 when a request names none; xrpl.js always sends 2.
export function apiVersion(params: Record<string, any>): number {
  if (params.api_version === undefined) return 1;
  const v = Number(params.api_version);
  if (v !== 1 && v !== 2) throw new RpcError("invalid_API_version", "Invalid API version.");
  return v;
}

export interface LedgerRef {
  index: number;
  open: boolean;
  header: LedgerHeader | null;
  // the fields lookupLedger puts in every answer
  fields: Record<string, unknown>;
}

// rippled's RPC::lookupLedger: ledger_hash or ledger_index ("current" by default).
export function lookupLedger(
  ctx: SimContext,
  params: Record<string, any>,
  fallback: "current" | "validated" = "current",
): LedgerRef {
  const { ledger } = ctx;
  let spec: unknown = params.ledger_index ?? params.ledger;
  if (params.ledger_hash !== undefined) {
    const hash = String(params.ledger_hash).toUpperCase();
    if (!/^[0-9A-F]{64}$/.test(hash)) throw new RpcError("invalidParams", "ledgerHashMalformed");
    const found = [...ledger.ledgerHashes.entries()].find(([, h]) => h.hash === hash);
    if (!found) throw new RpcError("lgrNotFound", "ledgerNotFound");
    spec = found[0];
  }
  spec ??= fallback;
  let index: number;
  if (spec === "current") index = ledger.openIndex;
  else if (spec === "validated" || spec === "closed") index = ledger.validatedIndex;
  else {
    index = Number(spec);
    if (!Number.isInteger(index) || index <= 0) throw new RpcError("invalidParams", "ledgerIndexMalformed");
    if (index > ledger.openIndex || (index < ledger.openIndex && (!ledger.ledgerHashes.has(index) || ctx.inGap(index))))
      throw new RpcError("lgrNotFound", "ledgerNotFound");
  }
  if (index === ledger.openIndex)
    return { index, open: true, header: null, fields: { ledger_current_index: index, validated: false } };
  const header = ledger.ledgerHashes.get(index)!;
  return { index, open: false, header, fields: { ledger_hash: header.hash, ledger_index: index, validated: true } };
}

export function requireAccountParam(params: Record<string, any>, name = "account"): string {
  const value = params[name];
  if (value === undefined) throw new RpcError("invalidParams", `Missing field '${name}'.`);
  if (typeof value !== "string") throw new RpcError("invalidParams", `Invalid field '${name}'.`);
  if (!isValidClassicAddress(value)) throw new RpcError("actMalformed", "Account malformed.");
  return value;
}
