// ping, random, server_info, server_state, fee, feature, server_definitions.
import { encodeNodePublic } from "ripple-address-codec";
import { AMENDMENTS, DEFINITIONS, humanTime, sha512Half } from "../protocol.ts";
import { type Handler, RpcError, type SimContext } from "../rpc.ts";

const BUILD_VERSION = "2.3.0-xrp-faucet-simulator";
// A fixed node identity (compressed secp256k1 public key form), as a stand-alone rippled has one.
const PUBKEY_NODE = encodeNodePublic(
  Buffer.from(`02${sha512Half(Buffer.from("xrp-faucet simulator node").toString("hex"))}`, "hex"),
);

// The connection is an admin one (the simulator is a local sandbox), like localhost on rippled.
export const ping: Handler = () => ({ role: "admin", unlimited: true });

export const random: Handler = () => ({
  random: Buffer.from(crypto.getRandomValues(new Uint8Array(32)))
    .toString("hex")
    .toUpperCase(),
});

function common(ctx: SimContext) {
  const uptimeMs = Date.now() - ctx.startedAt;
  const us = (ms: number) => String(Math.max(0, Math.round(ms * 1000)));
  return {
    build_version: BUILD_VERSION,
    complete_ledgers: ctx.completeLedgers(),
    initial_sync_duration_us: "0",
    io_latency_ms: 1,
    jq_trans_overflow: "0",
    load: { job_types: [], threads: 1 },
    network_id: ctx.options.networkId,
    node_size: "tiny",
    peer_disconnects: "0",
    peer_disconnects_resources: "0",
    peers: 0,
    pubkey_node: PUBKEY_NODE,
    pubkey_validator: "none",
    server_state: "full",
    server_state_duration_us: us(uptimeMs),
    state_accounting: {
      connected: { duration_us: "0", transitions: "0" },
      disconnected: { duration_us: "0", transitions: "0" },
      full: { duration_us: us(uptimeMs), transitions: "1" },
      syncing: { duration_us: "0", transitions: "0" },
      tracking: { duration_us: "0", transitions: "0" },
    },
    time: humanTime(Date.now(), 6),
    uptime: Math.floor(uptimeMs / 1000),
    validation_quorum: 0,
  };
}

const xrp = (drops: bigint) => Number(drops) / 1_000_000;

export const serverInfo: Handler = (ctx) => {
  const { ledger, options } = ctx;
  const header = ledger.ledgerHashes.get(ledger.validatedIndex)!;
  return {
    info: {
      ...common(ctx),
      hostid: "SIMULATOR",
      last_close: { converge_time_s: 0.1, proposers: 0 },
      load_factor: ledger.loadFactor,
      validated_ledger: {
        age: Math.max(0, Math.floor(Date.now() / 1000) - 946_684_800 - header.closeTime),
        base_fee_xrp: xrp(options.baseFeeDrops),
        hash: header.hash,
        reserve_base_xrp: xrp(options.reserveBaseDrops),
        reserve_inc_xrp: xrp(options.reserveIncDrops),
        seq: ledger.validatedIndex,
      },
      validator_list: { count: 0, expiration: "unknown", status: "unknown" },
    },
  };
};

export const serverState: Handler = (ctx) => {
  const { ledger, options } = ctx;
  const header = ledger.ledgerHashes.get(ledger.validatedIndex)!;
  const loadFactor = Math.round(256 * ledger.loadFactor);
  return {
    state: {
      ...common(ctx),
      last_close: { converge_time: 100, proposers: 0 },
      load_base: 256,
      load_factor: loadFactor,
      load_factor_fee_escalation: 256,
      load_factor_fee_queue: 256,
      load_factor_fee_reference: 256,
      load_factor_server: loadFactor,
      validated_ledger: {
        base_fee: Number(options.baseFeeDrops),
        close_time: header.closeTime,
        hash: header.hash,
        reserve_base: Number(options.reserveBaseDrops),
        reserve_inc: Number(options.reserveIncDrops),
        seq: ledger.validatedIndex,
      },
      validator_list_expires: 0,
    },
  };
};

export const fee: Handler = (ctx) => {
  const { ledger, options } = ctx;
  const required = ledger.requiredFee().toString();
  return {
    current_ledger_size: String(ledger.pending.length),
    current_queue_size: "0",
    drops: {
      base_fee: options.baseFeeDrops.toString(),
      median_fee: "5000",
      minimum_fee: required,
      open_ledger_fee: required,
    },
    expected_ledger_size: "1000",
    ledger_current_index: ledger.openIndex,
    levels: {
      median_level: "128000",
      minimum_level: "256",
      open_ledger_level: String(Math.round(256 * ledger.loadFactor)),
      reference_level: "256",
    },
    max_queue_size: "20000",
  };
};

const featureJson = (a: (typeof AMENDMENTS)[number]) => ({
  enabled: a.enabled,
  name: a.name,
  supported: true,
  vetoed: false,
});

// rippled's Feature1.cpp: every amendment, or one by name or id; anything else is badFeature.
export const feature: Handler = (_ctx, params) => {
  if (params.feature === undefined)
    return { features: Object.fromEntries(AMENDMENTS.map((a) => [a.id, featureJson(a)])) };
  const wanted = String(params.feature);
  const found = AMENDMENTS.find((a) => a.name === wanted || a.id === wanted.toUpperCase());
  if (!found) throw new RpcError("badFeature", "Feature unknown or invalid.");
  return { [found.id]: featureJson(found) };
};

// rippled's ServerDefinitions.cpp; with the hash the client already has, only the hash.
export const serverDefinitions: Handler = (_ctx, params) => {
  if (params.hash !== undefined && String(params.hash).toUpperCase() === DEFINITIONS.hash)
    return { hash: DEFINITIONS.hash };
  return {
    FIELDS: DEFINITIONS.FIELDS,
    LEDGER_ENTRY_TYPES: DEFINITIONS.LEDGER_ENTRY_TYPES,
    TRANSACTION_RESULTS: DEFINITIONS.TRANSACTION_RESULTS,
    TRANSACTION_TYPES: DEFINITIONS.TRANSACTION_TYPES,
    TYPES: DEFINITIONS.TYPES,
    hash: DEFINITIONS.hash,
  };
};
