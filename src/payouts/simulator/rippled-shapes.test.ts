// The simulator's answers against rippled's, as xrpl.js 5.3.0 sees them over a real WebSocket:
// the shapes XRPLF/xrpl.js's integration tests expect from a stand-alone rippled, and the
// behaviour XRPLF/rippled's handlers have (API v1 and v2).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { decode, encode, encodeForSigning } from "ripple-binary-codec";
import { sign } from "ripple-keypairs";
import { Client, ECDSA, getBalanceChanges, hashes, Wallet } from "xrpl";
import { waitFor } from "../../testing/wait.ts";
import { startLedgerSimulator, type LedgerSimulator } from "./index.ts";

let sim: LedgerSimulator;
let client: Client;
let wallet: Wallet;
let fundingHash: string;
const genesis = Wallet.fromSeed("snoPBrXtMeMyMHUVTgbuqAfg1SUTb", { algorithm: ECDSA.secp256k1 });
const domain = Buffer.from("example.com").toString("hex").toUpperCase();
const omit = (o: Record<string, any>, keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

const ledgerAccept = () => client.request({ command: "ledger_accept" } as never);

// xrpl.js's integration fundAccount: 400 XRP from genesis, then ledger_accept.
async function fund(to: Wallet) {
  const submitted = await client.submit(
    {
      TransactionType: "Payment",
      Account: genesis.classicAddress,
      Destination: to.classicAddress,
      Amount: "400000000",
    },
    { wallet: genesis },
  );
  expect(submitted.result.engine_result).toBe("tesSUCCESS");
  await ledgerAccept();
  return hashes.hashSignedTx(submitted.result.tx_blob);
}

// Signs without xrpl.js's client-side validation, to send what a careless client might.
function signRaw(from: Wallet, tx: Record<string, unknown>): string {
  const full = { ...tx, SigningPubKey: from.publicKey };
  return encode({ ...full, TxnSignature: sign(encodeForSigning(full as never), from.privateKey) } as never);
}

async function submitRaw(from: Wallet, tx: Record<string, unknown>) {
  const info = await client.request({ command: "account_info", account: from.classicAddress, ledger_index: "current" });
  const blob = signRaw(from, {
    Account: from.classicAddress,
    Fee: "12",
    Sequence: info.result.account_data.Sequence,
    ...tx,
  });
  return (await client.request({ command: "submit", tx_blob: blob })).result;
}

beforeEach(async () => {
  sim = await startLedgerSimulator({ closeIntervalMs: null });
  client = new Client(sim.url);
  await client.connect();
  wallet = Wallet.generate();
  fundingHash = await fund(wallet);
});
afterEach(async () => {
  client.removeAllListeners();
  await client.disconnect().catch(() => {});
  await sim.close();
});

describe("account_info (rippled AccountInfo.cpp)", () => {
  test("validated: the AccountRoot with its ledger key, thread and ledger hash", async () => {
    const { result } = await client.request({
      command: "account_info",
      account: wallet.classicAddress,
      strict: true,
      ledger_index: "validated",
    });
    expect(result.validated).toBe(true);
    expect(typeof result.ledger_index).toBe("number");
    const closed = await client.request({ command: "ledger", ledger_index: "validated" });
    expect((result as { ledger_hash?: string }).ledger_hash).toBe(closed.result.ledger_hash);
    expect(result.account_data.index).toBe(hashes.hashAccountRoot(wallet.classicAddress));
    expect(result.account_data.PreviousTxnID).toBe(fundingHash);
    expect(result.account_data.PreviousTxnLgrSeq).toBe(result.ledger_index!);
    expect(omit(result.account_data, ["PreviousTxnID", "PreviousTxnLgrSeq", "Sequence", "index"])).toEqual({
      Account: wallet.classicAddress,
      Balance: "400000000",
      Flags: 0,
      LedgerEntryType: "AccountRoot",
      OwnerCount: 0,
    });
    expect(result.account_data.Sequence).toBe(result.ledger_index!);
  });

  test("signer_lists: [] at the top level in API v2, inside account_data in v1", async () => {
    const v2 = await client.request({
      command: "account_info",
      account: wallet.classicAddress,
      signer_lists: true,
      ledger_index: "validated",
    });
    expect((v2.result as any).signer_lists).toEqual([]);
    expect((v2.result.account_data as any).signer_lists).toBeUndefined();
    const v1 = await client.request({
      command: "account_info",
      account: wallet.classicAddress,
      signer_lists: true,
      ledger_index: "validated",
      api_version: 1,
    } as never);
    expect((v1 as any).result.account_data.signer_lists).toEqual([]);
    expect((v1 as any).result.signer_lists).toBeUndefined();
  });

  test("an unknown account is actNotFound; a malformed one actMalformed", async () => {
    await expect(
      client.request({ command: "account_info", account: Wallet.generate().classicAddress }),
    ).rejects.toMatchObject({ data: { error: "actNotFound", error_code: 19 } });
    await expect(client.request({ command: "account_info", account: "rNotAnAddress" })).rejects.toMatchObject({
      data: { error: "actMalformed", error_code: 35 },
    });
  });
});

describe("ledger (rippled LedgerHandler / LedgerToJson)", () => {
  test("a validated ledger has every header field, ledger_index a number in v2 and a string in v1, and a hash rippled's formula gives", async () => {
    const { result } = await client.request({ command: "ledger", ledger_index: "validated" });
    expect(result.validated).toBe(true);
    expect(typeof result.ledger_hash).toBe("string");
    expect(typeof result.ledger_index).toBe("number");
    const ledger = result.ledger as any;
    expect(ledger.closed).toBe(true);
    for (const key of [
      "account_hash",
      "close_time_human",
      "close_time_iso",
      "ledger_hash",
      "parent_hash",
      "total_coins",
      "transaction_hash",
    ])
      expect(typeof ledger[key]).toBe("string");
    for (const key of ["close_flags", "close_time", "close_time_resolution", "parent_close_time", "ledger_index"])
      expect(typeof ledger[key]).toBe("number");
    expect(ledger.close_time_human).toMatch(/^\d{4}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2}\.0{9} UTC$/);
    expect(ledger.close_time_iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(BigInt(ledger.total_coins)).toBe(100_000_000_000_000_000n - 12n);
    expect(hashes.hashLedgerHeader(ledger)).toBe(ledger.ledger_hash);
    const parent = await client.request({ command: "ledger", ledger_index: result.ledger_index - 1 });
    expect(ledger.parent_hash).toBe(parent.result.ledger_hash);
    // the account_hash is the SHAMap root of the whole state ledger_data lists
    const state = (await client.request({ command: "ledger_data", ledger_index: "validated" })).result.state;
    expect(hashes.hashStateTree(state as never)).toBe(ledger.account_hash);
    const v1 = (await client.request({ command: "ledger", ledger_index: "validated", api_version: 1 } as never)) as any;
    expect(v1.result.ledger.ledger_index).toBe(String(result.ledger_index));
  });

  test("transactions: hashes; expand: tx_json + meta + hash in v2, the transaction with metaData in v1", async () => {
    const hashesOnly = (await client.request({ command: "ledger", ledger_index: "validated", transactions: true }))
      .result.ledger as any;
    expect(hashesOnly.transactions).toEqual([fundingHash]);
    const expanded = (
      await client.request({ command: "ledger", ledger_index: "validated", transactions: true, expand: true })
    ).result.ledger as any;
    expect(expanded.transactions[0].hash).toBe(fundingHash);
    expect(expanded.transactions[0].tx_json.DeliverMax).toBe("400000000");
    expect(expanded.transactions[0].tx_json.hash).toBeUndefined();
    expect(expanded.transactions[0].meta.TransactionResult).toBe("tesSUCCESS");
    const v1 = (
      (await client.request({
        command: "ledger",
        ledger_index: "validated",
        transactions: true,
        expand: true,
        api_version: 1,
      } as never)) as any
    ).result.ledger;
    expect(v1.transactions[0]).toMatchObject({
      hash: fundingHash,
      Amount: "400000000",
      DeliverMax: "400000000",
      metaData: { TransactionResult: "tesSUCCESS" },
    });
  });

  test("the open ledger is not closed; an unknown ledger is lgrNotFound", async () => {
    const open = await client.request({ command: "ledger", ledger_index: "current" });
    expect(open.result.ledger).toMatchObject({ closed: false, ledger_index: sim.validatedLedgerIndex() + 1 });
    expect((open.result as any).ledger_current_index).toBe(sim.validatedLedgerIndex() + 1);
    await expect(client.request({ command: "ledger", ledger_index: 999_999 })).rejects.toMatchObject({
      data: { error: "lgrNotFound" },
    });
  });
});

describe("tx (rippled Tx.cpp)", () => {
  const accountSet = () => ({ TransactionType: "AccountSet" as const, Account: wallet.classicAddress, Domain: domain });

  test("in the open ledger, API v2: exactly hash, tx_json (no hash inside), validated: false", async () => {
    const response = await client.submit(accountSet(), { wallet });
    const hash = hashes.hashSignedTx(response.result.tx_blob);
    const txResponse = await client.request({ command: "tx", transaction: hash });
    const tx_json = txResponse.result.tx_json as any;
    expect(txResponse).toEqual({
      api_version: 2,
      id: txResponse.id,
      type: "response",
      result: {
        hash,
        tx_json: {
          ...accountSet(),
          Fee: tx_json.Fee,
          Flags: 0,
          LastLedgerSequence: tx_json.LastLedgerSequence,
          Sequence: tx_json.Sequence,
          SigningPubKey: wallet.publicKey,
          TxnSignature: tx_json.TxnSignature,
        },
        validated: false,
      },
    } as never);
    const binary = (await client.request({ command: "tx", transaction: hash, binary: true })).result as any;
    expect(typeof binary.tx_blob).toBe("string");
    expect(binary.tx_json).toBeUndefined();
    expect(binary.meta).toBeUndefined();
  });

  test("in the open ledger, API v1: the transaction's fields at the top level with hash", async () => {
    const response = await client.submit(accountSet(), { wallet });
    const hash = hashes.hashSignedTx(response.result.tx_blob);
    const v1 = (await client.request({ command: "tx", transaction: hash, api_version: 1 } as never)) as any;
    expect(v1.api_version).toBe(1);
    expect(v1.result).toEqual({
      ...accountSet(),
      Fee: v1.result.Fee,
      Flags: 0,
      LastLedgerSequence: v1.result.LastLedgerSequence,
      Sequence: v1.result.Sequence,
      SigningPubKey: wallet.publicKey,
      TxnSignature: v1.result.TxnSignature,
      hash,
      validated: false,
    });
    const binary = (
      (await client.request({ command: "tx", transaction: hash, api_version: 1, binary: true } as never)) as any
    ).result;
    expect(typeof binary.tx).toBe("string");
    expect(binary.tx_blob).toBeUndefined();
  });

  test("a pending Payment shows DeliverMax in v2 and Amount + DeliverMax in v1", async () => {
    const response = await client.submit(
      {
        TransactionType: "Payment",
        Account: wallet.classicAddress,
        Destination: genesis.classicAddress,
        Amount: "1000000",
      },
      { wallet },
    );
    const hash = hashes.hashSignedTx(response.result.tx_blob);
    const v2 = (await client.request({ command: "tx", transaction: hash })).result as any;
    expect(v2.tx_json.DeliverMax).toBe("1000000");
    expect(v2.tx_json.Amount).toBeUndefined();
    const v1 = ((await client.request({ command: "tx", transaction: hash, api_version: 1 } as never)) as any).result;
    expect([v1.Amount, v1.DeliverMax]).toEqual(["1000000", "1000000"]);
  });

  test("validated, v2: ledger facts at the top level, tx_json with ledger_index, date and ctid but no hash", async () => {
    const { result } = await client.request({ command: "tx", transaction: fundingHash });
    const r = result as any;
    expect(r.validated).toBe(true);
    expect(r.hash).toBe(fundingHash);
    expect(r.tx_json.hash).toBeUndefined();
    expect(r.tx_json.DeliverMax).toBe("400000000");
    expect(r.tx_json.Amount).toBeUndefined();
    expect(r.tx_json.ledger_index).toBe(r.ledger_index);
    expect(typeof r.tx_json.date).toBe("number");
    expect(r.ctid).toMatch(/^C[0-9A-F]{15}$/);
    expect(r.ledger_hash).toBe(
      (
        (await client.request({ command: "ledger", ledger_index: r.ledger_index } as never)) as {
          result: { ledger_hash: string };
        }
      ).result.ledger_hash,
    );
    expect(r.close_time_iso).toMatch(/Z$/);
    expect(Object.keys(r.meta)).toEqual(["AffectedNodes", "TransactionIndex", "TransactionResult", "delivered_amount"]);
    const byCtid = ((await client.request({ command: "tx", ctid: r.ctid } as never)) as { result: any }).result;
    expect(byCtid.hash).toBe(fundingHash);
  });

  test("validated, v1: the transaction at the top level with hash, Amount and DeliverMax, meta, no tx_json", async () => {
    const v1 = ((await client.request({ command: "tx", transaction: fundingHash, api_version: 1 } as never)) as any)
      .result;
    expect(v1.tx_json).toBeUndefined();
    expect(v1).toMatchObject({
      hash: fundingHash,
      Amount: "400000000",
      DeliverMax: "400000000",
      validated: true,
      meta: { TransactionResult: "tesSUCCESS" },
    });
    expect(typeof v1.ledger_index).toBe("number");
    expect(typeof v1.inLedger).toBe("number");
  });
});

describe("account_tx (rippled AccountTx.cpp)", () => {
  test("v2: tx_json with DeliverMax and ledger_index, hash at the top level; v1: tx with Amount and hash", async () => {
    const v2 = (
      await client.request({ command: "account_tx", account: wallet.classicAddress, ledger_index: "validated" })
    ).result;
    expect(v2.account).toBe(wallet.classicAddress);
    const first = v2.transactions[0] as any;
    expect(first.meta.TransactionResult).toBe("tesSUCCESS");
    expect(first.hash).toBe(fundingHash);
    expect(first.tx_json).toMatchObject({
      Flags: 0,
      TransactionType: "Payment",
      Account: genesis.classicAddress,
      DeliverMax: "400000000",
      Destination: wallet.classicAddress,
    });
    for (const key of ["LastLedgerSequence", "Sequence", "ledger_index"])
      expect(typeof first.tx_json[key]).toBe("number");
    for (const key of ["SigningPubKey", "TxnSignature", "Fee"]) expect(typeof first.tx_json[key]).toBe("string");
    const v1 = (
      (await client.request({
        command: "account_tx",
        account: wallet.classicAddress,
        ledger_index: "validated",
        api_version: 1,
      } as never)) as any
    ).result;
    expect(v1.transactions[0].tx_json).toBeUndefined();
    expect(v1.transactions[0].tx).toMatchObject({ Amount: "400000000", hash: fundingHash, TransactionType: "Payment" });
    expect(typeof v1.transactions[0].tx.ledger_index).toBe("number");
  });
});

describe("submit (rippled Submit.cpp)", () => {
  test("the xrpl.js integration shape: rippled's message, sequence state, open ledger cost, what was done", async () => {
    const autofilled = await client.autofill({
      TransactionType: "AccountSet",
      Account: wallet.classicAddress,
      Domain: domain,
    });
    const signed = wallet.sign(autofilled);
    const submitResponse = await client.request({ command: "submit", tx_blob: signed.tx_blob });
    await ledgerAccept();
    const r = submitResponse.result;
    expect(submitResponse).toEqual({
      api_version: 2,
      id: submitResponse.id,
      type: "response",
      result: {
        engine_result: "tesSUCCESS",
        engine_result_code: 0,
        engine_result_message: "The transaction was applied. Only final in a validated ledger.",
        tx_blob: signed.tx_blob,
        tx_json: { ...(decode(signed.tx_blob) as any), hash: signed.hash },
        accepted: true,
        account_sequence_available: r.account_sequence_available,
        account_sequence_next: r.account_sequence_next,
        applied: true,
        broadcast: r.broadcast,
        kept: true,
        queued: false,
        open_ledger_cost: r.open_ledger_cost,
        validated_ledger_index: r.validated_ledger_index,
      },
    } as never);
    expect(r.account_sequence_next).toBe((autofilled as { Sequence?: number }).Sequence! + 1);
    expect(r.open_ledger_cost).toBe("10");
    const tx = (await client.request({ command: "tx", transaction: signed.hash })).result as any;
    expect(tx.meta.TransactionResult).toBe("tesSUCCESS");
    const info = await client.request({
      command: "account_info",
      account: wallet.classicAddress,
      ledger_index: "validated",
    });
    expect((info.result.account_data as any).Domain).toBe(domain);
  });

  test("refusals carry rippled's codes and messages", async () => {
    const past = await submitRaw(wallet, { TransactionType: "AccountSet", Sequence: 1 });
    expect([past.engine_result, past.engine_result_code, past.engine_result_message]).toEqual([
      "tefPAST_SEQ",
      -190,
      "This sequence number has already passed.",
    ]);
    expect(past.applied).toBe(false);
    expect(past.accepted).toBe(false);
  });
});

describe("subscribe / unsubscribe (rippled Subscribe.cpp, NetworkOPs)", () => {
  test("a bare subscribe, and the transactions stream, answer {}; unsubscribe answers {}", async () => {
    expect((await client.request({ command: "subscribe" })).result).toEqual({});
    expect((await client.request({ command: "subscribe", streams: ["transactions"] })).result).toEqual({});
    expect((await client.request({ command: "unsubscribe" })).result).toEqual({});
    await expect(client.request({ command: "subscribe", streams: ["nonsense" as never] })).rejects.toMatchObject({
      data: { error: "malformedStream" },
    });
  });

  test("the ledger stream answers the known fields with network_id, and ledgerClosed repeats them", async () => {
    const response = await client.request({
      command: "subscribe",
      streams: ["ledger"],
      accounts: [wallet.classicAddress],
    });
    const r = response.result as any;
    expect(Object.keys(r).sort()).toEqual([
      "fee_base",
      "ledger_hash",
      "ledger_index",
      "ledger_time",
      "network_id",
      "reserve_base",
      "reserve_inc",
      "validated_ledgers",
    ]);
    const closed = new Promise<any>((resolve) => client.once("ledgerClosed", resolve));
    await ledgerAccept();
    const frame = await closed;
    expect(frame).toEqual({
      ...r,
      type: "ledgerClosed",
      txn_count: 0,
      ledger_hash: frame.ledger_hash,
      ledger_index: r.ledger_index + 1,
      ledger_time: frame.ledger_time,
      validated_ledgers: frame.validated_ledgers,
    });
  });

  test("transactions: a validated message at close, with meta, engine result, ledger and tx_json (v2)", async () => {
    const seen: any[] = [];
    client.on("transaction", (tx) => seen.push(tx));
    await client.request({ command: "subscribe", streams: ["transactions"] });
    const { hash } = await client
      .submit(
        {
          TransactionType: "Payment",
          Account: wallet.classicAddress,
          Destination: genesis.classicAddress,
          Amount: "1000000",
        },
        { wallet },
      )
      .then((r) => ({ hash: hashes.hashSignedTx(r.result.tx_blob) }));
    expect(seen).toHaveLength(0);
    await ledgerAccept();
    // (the simulator sends a close's messages before it answers: a second one would be here too)
    await waitFor(() => seen.length > 0, { what: "the transaction message" });
    expect(seen).toHaveLength(1);
    const m = seen[0];
    expect(m).toMatchObject({
      type: "transaction",
      validated: true,
      status: "closed",
      engine_result: "tesSUCCESS",
      engine_result_code: 0,
      hash,
      ledger_index: sim.validatedLedgerIndex(),
    });
    expect(m.tx_json).toMatchObject({ DeliverMax: "1000000", Account: wallet.classicAddress });
    expect(typeof m.tx_json.date).toBe("number");
    expect(m.meta.TransactionResult).toBe("tesSUCCESS");
    expect(m.meta.AffectedNodes).toHaveLength(2);
    expect(m.ledger_hash).toBe((await client.request({ command: "ledger_closed" })).result.ledger_hash);
    // unsubscribed: nothing more
    await client.request({ command: "unsubscribe", streams: ["transactions"] });
    await client.submit(
      {
        TransactionType: "Payment",
        Account: wallet.classicAddress,
        Destination: genesis.classicAddress,
        Amount: "1000000",
      },
      { wallet },
    );
    await ledgerAccept();
    await Bun.sleep(50); // time for a message that must not come
    expect(seen).toHaveLength(1);
  });

  test("transactions_proposed sees a transaction at submit, before any close; accounts only its account's; v1 gets `transaction`", async () => {
    const other = Wallet.generate();
    await fund(other);
    const proposed: any[] = [];
    client.on("transaction", (tx) => proposed.push(tx));
    await client.request({ command: "subscribe", streams: ["transactions_proposed"] });
    await client.submit({ TransactionType: "AccountSet", Account: wallet.classicAddress, Domain: domain }, { wallet });
    await waitFor(() => proposed.length > 0, { what: "the proposed transaction message" });
    expect(proposed).toHaveLength(1);
    expect(proposed[0]).toMatchObject({
      type: "transaction",
      validated: false,
      status: "proposed",
      engine_result: "tesSUCCESS",
    });
    expect(proposed[0].meta).toBeUndefined();

    const watcher = new Client(sim.url);
    await watcher.connect();
    const mine: any[] = [];
    watcher.on("transaction", (tx) => mine.push(tx));
    await watcher.request({ command: "subscribe", accounts: [other.classicAddress], api_version: 1 } as never);
    await client.submit(
      {
        TransactionType: "Payment",
        Account: wallet.classicAddress,
        Destination: genesis.classicAddress,
        Amount: "1000000",
      },
      { wallet },
    );
    await client.submit(
      {
        TransactionType: "Payment",
        Account: genesis.classicAddress,
        Destination: other.classicAddress,
        Amount: "1000000",
      },
      { wallet: genesis },
    );
    await ledgerAccept();
    await waitFor(() => mine.length > 0, { what: "the account's transaction message" });
    expect(mine).toHaveLength(1);
    expect(mine[0].transaction).toMatchObject({
      Destination: other.classicAddress,
      Amount: "1000000",
      DeliverMax: "1000000",
    });
    expect(typeof mine[0].transaction.hash).toBe("string");
    expect(mine[0].tx_json).toBeUndefined();
    await watcher.disconnect();
  });
});

describe("server_info / server_state (rippled NetworkOPs::getServerInfo)", () => {
  test("server_info has the fields a stand-alone rippled gives, with rippled's types", async () => {
    const info = (await client.request({ command: "server_info" })).result.info as any;
    for (const key of [
      "time",
      "complete_ledgers",
      "hostid",
      "pubkey_node",
      "server_state_duration_us",
      "build_version",
    ])
      expect(typeof info[key]).toBe("string");
    expect(typeof info.uptime).toBe("number");
    expect(info.pubkey_node).toMatch(/^n/);
    expect(info.time).toMatch(/^\d{4}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6} UTC$/);
    expect(
      omit(info, [
        "time",
        "uptime",
        "complete_ledgers",
        "hostid",
        "load",
        "state_accounting",
        "pubkey_node",
        "server_state_duration_us",
        "validated_ledger",
        "build_version",
        "node_size",
        "initial_sync_duration_us",
        "network_id",
      ]),
    ).toEqual({
      io_latency_ms: 1,
      jq_trans_overflow: "0",
      last_close: { converge_time_s: 0.1, proposers: 0 },
      load_factor: 1,
      peer_disconnects: "0",
      peer_disconnects_resources: "0",
      peers: 0,
      pubkey_validator: "none",
      server_state: "full",
      validation_quorum: 0,
      validator_list: { count: 0, expiration: "unknown", status: "unknown" },
    });
    expect(typeof info.load.threads).toBe("number");
    for (const s of Object.values(info.state_accounting) as any[])
      expect([typeof s.duration_us, typeof s.transitions]).toEqual(["string", "string"]);
    for (const [key, value] of Object.entries(info.validated_ledger))
      expect(typeof value).toBe(key === "hash" ? "string" : "number");
  });

  test("server_state has the fields and load factors of rippled's", async () => {
    const state = (await client.request({ command: "server_state" })).result.state as any;
    expect(
      omit(state, [
        "complete_ledgers",
        "load",
        "state_accounting",
        "pubkey_node",
        "time",
        "uptime",
        "server_state_duration_us",
        "validated_ledger",
        "io_latency_ms",
        "build_version",
        "node_size",
        "initial_sync_duration_us",
        "ports",
        "network_id",
      ]),
    ).toEqual({
      jq_trans_overflow: "0",
      last_close: { converge_time: 100, proposers: 0 },
      load_base: 256,
      load_factor: 256,
      load_factor_fee_escalation: 256,
      load_factor_fee_queue: 256,
      load_factor_fee_reference: 256,
      load_factor_server: 256,
      peer_disconnects: "0",
      peer_disconnects_resources: "0",
      peers: 0,
      pubkey_validator: "none",
      server_state: "full",
      validation_quorum: 0,
      validator_list_expires: 0,
    });
    for (const [key, value] of Object.entries(state.validated_ledger))
      expect(typeof value).toBe(key === "hash" ? "string" : "number");
  });
});

describe("the account and ledger-state commands of an XRP-only account", () => {
  test("account_lines, account_objects, account_currencies, gateway_balances: rippled's empty answers; getBalances works", async () => {
    const base = { account: wallet.classicAddress, ledger_index: "validated" as const };
    const strip = (r: any) => omit(r, ["ledger_hash", "ledger_index"]);
    const lines = (await client.request({ command: "account_lines", ...base })).result;
    expect(typeof lines.ledger_hash).toBe("string");
    expect(strip(lines)).toEqual({ account: wallet.classicAddress, lines: [], validated: true });
    expect(strip((await client.request({ command: "account_objects", ...base })).result)).toEqual({
      account: wallet.classicAddress,
      account_objects: [],
      validated: true,
    });
    expect(strip((await client.request({ command: "account_currencies", ...base })).result)).toEqual({
      receive_currencies: [],
      send_currencies: [],
      validated: true,
    });
    expect(strip((await client.request({ command: "gateway_balances", ...base, strict: true })).result)).toEqual({
      account: wallet.classicAddress,
      validated: true,
    });
    expect(await client.getBalances(wallet.classicAddress)).toEqual([{ currency: "XRP", value: "400" }]);
    await expect(
      client.request({ command: "account_lines", account: Wallet.generate().classicAddress }),
    ).rejects.toMatchObject({ data: { error: "actNotFound" } });
  });

  test("ledger_data pages the state (binary too); ledger_entry returns an entry by index or account_root, else entryNotFound", async () => {
    const page = (await client.request({ command: "ledger_data", ledger_index: "validated", limit: 2, binary: true }))
      .result as any;
    expect(page.state).toHaveLength(2);
    for (const item of page.state) expect([typeof item.data, typeof item.index]).toEqual(["string", "string"]);
    expect(typeof page.marker).toBe("string");
    expect(typeof page.ledger_hash).toBe("string");
    const rest = (await client.request({ command: "ledger_data", ledger_index: "validated", marker: page.marker }))
      .result as any;
    expect(rest.state.map((e: any) => e.index)).not.toContain(page.state[0].index);
    // genesis and the funded account, and the singletons a stand-alone rippled has
    const types = [
      ...page.state.map((e: any) => (decode(e.data) as any).LedgerEntryType),
      ...rest.state.map((e: any) => e.LedgerEntryType),
    ];
    expect(types.sort()).toEqual(["AccountRoot", "AccountRoot", "Amendments", "FeeSettings", "LedgerHashes"]);

    const all = (await client.request({ command: "ledger_data", ledger_index: "validated" })).result.state as any[];
    const index = all[0].index;
    const entry = await client.request({ command: "ledger_entry", index });
    expect(entry).toEqual({
      api_version: 2,
      id: entry.id,
      type: "response",
      result: {
        index,
        ledger_current_index: entry.result.ledger_current_index,
        node: entry.result.node,
        validated: false,
      },
    } as never);
    const root = (
      await client.request({ command: "ledger_entry", account_root: wallet.classicAddress, ledger_index: "validated" })
    ).result as any;
    expect(root.node).toMatchObject({
      LedgerEntryType: "AccountRoot",
      Account: wallet.classicAddress,
      Balance: "400000000",
      PreviousTxnID: fundingHash,
    });
    expect(root.index).toBe(hashes.hashAccountRoot(wallet.classicAddress));
    expect(root.validated).toBe(true);
    await expect(
      client.request({ command: "ledger_entry", offer: { account: wallet.classicAddress, seq: 1 } } as never),
    ).rejects.toMatchObject({ data: { error: "entryNotFound" } });
    await expect(
      client.request({ command: "ledger_entry", account_root: Wallet.generate().classicAddress }),
    ).rejects.toMatchObject({ data: { error: "entryNotFound" } });
  });

  test("server_definitions gives rippled's definitions, and only the hash when the client has them", async () => {
    const defs = (await client.request({ command: "server_definitions" })).result as any;
    expect(Object.keys(defs).sort()).toEqual([
      "FIELDS",
      "LEDGER_ENTRY_TYPES",
      "TRANSACTION_RESULTS",
      "TRANSACTION_TYPES",
      "TYPES",
      "hash",
    ]);
    expect(Object.keys(defs.FIELDS[1][1]).sort()).toEqual([
      "isSerialized",
      "isSigningField",
      "isVLEncoded",
      "nth",
      "type",
    ]);
    const again = (await client.request({ command: "server_definitions", hash: defs.hash })).result;
    expect(again).toEqual({ hash: defs.hash });
  });

  test("ping as an admin connection; random gives 64 hex digits; feature knows amendments and refuses unknown names", async () => {
    const ping = await client.request({ command: "ping" });
    expect(omit(ping, ["id"])).toEqual({
      api_version: 2,
      result: { role: "admin", unlimited: true },
      type: "response",
    });
    expect((await client.request({ command: "random" })).result.random).toMatch(/^[0-9A-F]{64}$/);
    const amm = "8CC0774A3BF66D1D22E76BBDA8E8A232E6B6313834301B3B23E8601196AE6455";
    const all = (await client.request({ command: "feature" })).result as any;
    expect(all.features[amm]).toMatchObject({ name: "AMM", supported: true, enabled: false });
    const one = (await client.request({ command: "feature", feature: amm })).result as any;
    expect(Object.keys(one)).toEqual([amm]);
    expect((await client.request({ command: "feature", feature: "XRPFees" })).result).toMatchObject({
      [Object.keys((await client.request({ command: "feature", feature: "XRPFees" })).result as any)[0]!]: {
        enabled: true,
      },
    });
    await expect(client.request({ command: "feature", feature: "NoSuchAmendment" })).rejects.toMatchObject({
      data: { error: "badFeature", error_code: 40 },
    });
  });
});

describe("metadata (rippled TxMeta)", () => {
  test("a payment to a new account: ModifiedNode for the sender, CreatedNode for the destination; getBalanceChanges adds up", async () => {
    const fresh = Wallet.generate().classicAddress;
    const before = sim.account(wallet.classicAddress)!;
    const submitted = await client.submit(
      { TransactionType: "Payment", Account: wallet.classicAddress, Destination: fresh, Amount: "20000000" },
      { wallet },
    );
    await ledgerAccept();
    const tx = (await client.request({ command: "tx", transaction: hashes.hashSignedTx(submitted.result.tx_blob) }))
      .result as any;
    const nodes = tx.meta.AffectedNodes;
    expect(nodes).toHaveLength(2);
    const created = nodes.find((n: any) => n.CreatedNode).CreatedNode;
    expect(created).toEqual({
      LedgerEntryType: "AccountRoot",
      LedgerIndex: hashes.hashAccountRoot(fresh),
      NewFields: { Account: fresh, Balance: "20000000", Sequence: tx.ledger_index },
    });
    const modified = nodes.find((n: any) => n.ModifiedNode).ModifiedNode;
    expect(modified).toEqual({
      FinalFields: {
        Account: wallet.classicAddress,
        Balance: String(before.balanceDrops - 20_000_000n - 12n),
        Flags: 0,
        OwnerCount: 0,
        Sequence: before.sequence + 1,
      },
      LedgerEntryType: "AccountRoot",
      LedgerIndex: hashes.hashAccountRoot(wallet.classicAddress),
      PreviousFields: { Balance: before.balanceDrops.toString(), Sequence: before.sequence },
      PreviousTxnID: fundingHash,
      PreviousTxnLgrSeq: before.previousTxnLgrSeq,
    });
    expect(tx.meta.delivered_amount).toBe("20000000");
    const changes = getBalanceChanges(tx.meta);
    const byAccount = Object.fromEntries(changes.map((c) => [c.account, c.balances[0]!.value]));
    expect(byAccount).toEqual({ [fresh]: "20", [wallet.classicAddress]: "-20.000012" });
    // nodes come sorted by LedgerIndex, as rippled writes them
    expect(nodes.map((n: any) => Object.values(n)[0] as any).map((n: any) => n.LedgerIndex)).toEqual(
      [...nodes.map((n: any) => (Object.values(n)[0] as any).LedgerIndex)].sort(),
    );
  });

  test("a tec payment burns the fee: only the sender's node, and no delivered_amount", async () => {
    const submitted = await client.submit(
      {
        TransactionType: "Payment",
        Account: wallet.classicAddress,
        Destination: Wallet.generate().classicAddress,
        Amount: "100",
      },
      { wallet },
    );
    await ledgerAccept();
    const tx = (await client.request({ command: "tx", transaction: hashes.hashSignedTx(submitted.result.tx_blob) }))
      .result as any;
    expect(tx.meta.TransactionResult).toBe("tecNO_DST_INSUF_XRP");
    expect(tx.meta.AffectedNodes).toHaveLength(1);
    expect(tx.meta.AffectedNodes[0].ModifiedNode.PreviousFields).toEqual({
      Balance: "400000000",
      Sequence: tx.tx_json.Sequence,
    });
    expect(tx.meta.delivered_amount).toBeUndefined();
  });
});

describe("what the sandbox does not implement is refused, never accepted", () => {
  test("an XRP-to-XRP partial payment is temBAD_SEND_XRP_PARTIAL; SendMax temBAD_SEND_XRP_MAX... as rippled's Payment preflight", async () => {
    const partial = await submitRaw(wallet, {
      TransactionType: "Payment",
      Destination: genesis.classicAddress,
      Amount: "1000000",
      Flags: 0x00020000,
    });
    expect([partial.engine_result, partial.engine_result_code, partial.applied]).toEqual([
      "temBAD_SEND_XRP_PARTIAL",
      -285,
      false,
    ]);
    const noDirect = await submitRaw(wallet, {
      TransactionType: "Payment",
      Destination: genesis.classicAddress,
      Amount: "1000000",
      Flags: 0x00010000,
    });
    expect(noDirect.engine_result).toBe("temBAD_SEND_XRP_NO_DIRECT");
    const badFlag = await submitRaw(wallet, {
      TransactionType: "Payment",
      Destination: genesis.classicAddress,
      Amount: "1000000",
      Flags: 0x00000100,
    });
    expect(badFlag.engine_result).toBe("temINVALID_FLAG");
    const iou = await submitRaw(wallet, {
      TransactionType: "Payment",
      Destination: genesis.classicAddress,
      Amount: { currency: "USD", issuer: genesis.classicAddress, value: "1" },
    });
    expect(iou.engine_result).toBe("temDISABLED");
    await ledgerAccept();
    expect(sim.payments({ account: wallet.classicAddress })).toHaveLength(0);
  });

  test("asfDisableMaster without a regular key is tecNO_ALTERNATIVE_KEY (fee taken) and the master key still signs", async () => {
    const result = await submitRaw(wallet, { TransactionType: "AccountSet", SetFlag: 4 });
    expect([result.engine_result, result.engine_result_code, result.engine_result_message]).toEqual([
      "tecNO_ALTERNATIVE_KEY",
      130,
      "The operation would remove as many keys as it can.",
    ]);
    await ledgerAccept();
    const info = await client.request({
      command: "account_info",
      account: wallet.classicAddress,
      ledger_index: "validated",
    });
    expect(info.result.account_flags!.disableMasterKey).toBe(false);
    expect(info.result.account_data.Balance).toBe(String(400_000_000 - 12));
    const again = await client.submit({ TransactionType: "AccountSet", Account: wallet.classicAddress }, { wallet });
    expect(again.result.engine_result).toBe("tesSUCCESS");
  });

  test("fields and flags of features it lacks (Sponsor, tickets, trust-line flags) are temDISABLED", async () => {
    const sponsored = await submitRaw(wallet, {
      TransactionType: "Payment",
      Destination: genesis.classicAddress,
      Amount: "1000000",
      Sponsor: genesis.classicAddress,
    });
    expect(sponsored.engine_result).toBe("temDISABLED");
    const ticket = await submitRaw(wallet, { TransactionType: "AccountSet", TicketSequence: 5 });
    expect(ticket.engine_result).toBe("temDISABLED");
    const defaultRipple = await submitRaw(wallet, { TransactionType: "AccountSet", SetFlag: 8 });
    expect(defaultRipple.engine_result).toBe("temDISABLED");
    // a field its type does not have at all: rippled cannot build the transaction
    await expect(
      submitRaw(wallet, { TransactionType: "AccountSet", Destination: genesis.classicAddress }),
    ).rejects.toMatchObject({ data: { error: "invalidTransaction" } });
  });

  test("other transaction types (trust lines, offers, NFTs, escrow, AMM, signer lists) are temDISABLED", async () => {
    const cases: Record<string, unknown>[] = [
      { TransactionType: "TrustSet", LimitAmount: { currency: "USD", issuer: genesis.classicAddress, value: "10" } },
      {
        TransactionType: "OfferCreate",
        TakerGets: "13100000",
        TakerPays: { currency: "USD", issuer: genesis.classicAddress, value: "10" },
      },
      { TransactionType: "NFTokenMint", NFTokenTaxon: 0 },
      {
        TransactionType: "EscrowCreate",
        Destination: genesis.classicAddress,
        Amount: "1000000",
        FinishAfter: 900_000_000,
      },
      { TransactionType: "SignerListSet", SignerQuorum: 0 },
      { TransactionType: "SetRegularKey", RegularKey: genesis.classicAddress },
    ];
    for (const tx of cases)
      expect([tx.TransactionType, (await submitRaw(wallet, tx)).engine_result]).toEqual([
        tx.TransactionType,
        "temDISABLED",
      ]);
    await ledgerAccept();
    expect(sim.account(wallet.classicAddress)!.ownerCount).toBe(0);
  });
});
