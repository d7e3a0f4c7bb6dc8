// The simulator as the real xrpl Client sees it, over a real WebSocket.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Client, ECDSA, Wallet } from "xrpl";
import { waitFor } from "../../testing/wait.ts";
import { startLedgerSimulator, type LedgerSimulator } from "./index.ts";

let sim: LedgerSimulator;
let client: Client;
const genesis = Wallet.fromSeed("snoPBrXtMeMyMHUVTgbuqAfg1SUTb", { algorithm: ECDSA.secp256k1 });

beforeEach(async () => {
  sim = await startLedgerSimulator({ closeIntervalMs: null });
  client = new Client(sim.url);
  await client.connect();
});
afterEach(async () => {
  await client.disconnect().catch(() => {});
  await sim.close();
});

async function pay(from: Wallet, to: string, drops: number, extra: Record<string, unknown> = {}) {
  const prepared: any = await client.autofill({
    TransactionType: "Payment",
    Account: from.classicAddress,
    Destination: to,
    Amount: String(drops),
    ...extra,
  } as never);
  const signed = from.sign(prepared);
  const submitted = await client.request({ command: "submit", tx_blob: signed.tx_blob });
  return { hash: signed.hash, engineResult: submitted.result.engine_result, prepared };
}

describe("the stand-alone ledger", () => {
  test("starts with the genesis account holding all XRP, and server_info says what autofill needs", async () => {
    expect(genesis.classicAddress).toBe(sim.genesis.address);
    const info = (await client.request({ command: "server_info" })).result.info as any;
    expect(info.network_id).toBe(0);
    expect(info.validated_ledger).toMatchObject({ base_fee_xrp: 0.00001, reserve_base_xrp: 1, reserve_inc_xrp: 0.2 });
    const balance = await client.getXrpBalance(genesis.classicAddress);
    expect(balance).toBe(100_000_000_000);
  });

  test("a payment from genesis creates the account once the ledger closes; tx shows it validated (API v2)", async () => {
    const to = Wallet.generate().classicAddress;
    const { hash, engineResult, prepared } = await pay(genesis, to, 25_000_000);
    expect(engineResult).toBe("tesSUCCESS");
    expect(prepared.LastLedgerSequence).toBe(sim.validatedLedgerIndex() + 20);
    sim.closeLedger();
    const tx = (await client.request({ command: "tx", transaction: hash })).result as any;
    expect(tx.validated).toBe(true);
    expect(tx.meta.TransactionResult).toBe("tesSUCCESS");
    expect(tx.meta.delivered_amount).toBe("25000000");
    expect(tx.tx_json.DeliverMax).toBe("25000000");
    expect(sim.account(to)!.balanceDrops).toBe(25_000_000n);
    expect(sim.account(genesis.classicAddress)!.sequence).toBe(2);
    expect(sim.payments({ destination: to })).toHaveLength(1);
  });

  test("the payment rules: reserve, destination tag, DepositAuth, unfunded source", async () => {
    const funded = Wallet.generate();
    sim.fund(funded.classicAddress, 50_000_000);
    const tagged = Wallet.generate().classicAddress;
    const guarded = Wallet.generate().classicAddress;
    sim.fund(tagged, 10_000_000);
    sim.fund(guarded, 10_000_000);
    sim.closeLedger();
    sim.setAccountFlags(tagged, { requireDestTag: true });
    sim.setAccountFlags(guarded, { depositAuth: true });
    const cases = [
      await pay(funded, Wallet.generate().classicAddress, 500_000),
      await pay(funded, tagged, 1_000_000),
      await pay(funded, guarded, 1_000_000),
      await pay(funded, tagged, 1_000_000, { DestinationTag: 7 }),
    ];
    sim.closeLedger();
    const results = await Promise.all(
      cases.map(
        async (c) =>
          ((await client.request({ command: "tx", transaction: c.hash })).result as any).meta.TransactionResult,
      ),
    );
    expect(results).toEqual(["tecNO_DST_INSUF_XRP", "tecDST_TAG_NEEDED", "tecNO_PERMISSION", "tesSUCCESS"]);
    // tec burns the fee and uses the Sequence
    expect(sim.account(funded.classicAddress)!.sequence).toBe(sim.account(funded.classicAddress)!.sequence);
    expect(sim.account(funded.classicAddress)!.balanceDrops).toBe(50_000_000n - 4n * 12n - 1_000_000n);
    const broke = await pay(funded, tagged, 48_000_000, { DestinationTag: 1 });
    sim.closeLedger();
    expect(
      ((await client.request({ command: "tx", transaction: broke.hash })).result as any).meta.TransactionResult,
    ).toBe("tecUNFUNDED_PAYMENT");
  });

  test("sequence rules: a past Sequence is refused, a future one is held until the gap fills", async () => {
    const to = Wallet.generate().classicAddress;
    const first: any = await client.autofill({
      TransactionType: "Payment",
      Account: genesis.classicAddress,
      Destination: to,
      Amount: "2000000",
    } as never);
    const second = { ...first, Sequence: first.Sequence! + 1 };
    const held = await client.request({ command: "submit", tx_blob: genesis.sign(second as never).tx_blob });
    expect(held.result.engine_result).toBe("terPRE_SEQ");
    sim.closeLedger();
    expect(sim.account(to)).toBeNull();
    await client.request({ command: "submit", tx_blob: genesis.sign(first as never).tx_blob });
    sim.closeLedger();
    expect(sim.account(to)!.balanceDrops).toBe(4_000_000n);
    const again = await client.request({
      command: "submit",
      tx_blob: genesis.sign({ ...first, Amount: "3000000" } as never).tx_blob,
    });
    expect(again.result.engine_result).toBe("tefPAST_SEQ");
  });

  test("a bad signature and an expired LastLedgerSequence never apply", async () => {
    const to = Wallet.generate().classicAddress;
    const prepared: any = await client.autofill({
      TransactionType: "Payment",
      Account: genesis.classicAddress,
      Destination: to,
      Amount: "2000000",
    } as never);
    const other = Wallet.generate(ECDSA.secp256k1);
    const forged = other.sign({ ...prepared, SigningPubKey: undefined } as never);
    const refused = await client.request({ command: "submit", tx_blob: forged.tx_blob });
    expect(["tefBAD_AUTH", "temBAD_SIGNATURE"]).toContain(refused.result.engine_result);
    const expiring = { ...prepared, LastLedgerSequence: sim.validatedLedgerIndex() + 1 };
    const signed = genesis.sign(expiring as never);
    sim.faults.swallow(1);
    await client.request({ command: "submit", tx_blob: signed.tx_blob });
    sim.closeLedger();
    sim.closeLedger();
    const late = await client.request({ command: "submit", tx_blob: signed.tx_blob });
    expect(late.result.engine_result).toBe("tefMAX_LEDGER");
    expect(sim.account(to)).toBeNull();
  });

  test("txnNotFound says searched_all only when every ledger of the range is held", async () => {
    const missing = "A".repeat(64);
    const ask = async (min: number, max: number) => {
      try {
        await client.request({ command: "tx", transaction: missing, min_ledger: min, max_ledger: max } as never);
        return "found";
      } catch (error) {
        return (error as any).data.searched_all;
      }
    };
    sim.closeLedger();
    sim.closeLedger();
    expect(await ask(1, sim.validatedLedgerIndex())).toBe(true);
    expect(await ask(1, sim.validatedLedgerIndex() + 5)).toBe(false);
    sim.faults.historyGap(2, 3);
    expect(await ask(1, sim.validatedLedgerIndex())).toBe(false);
    expect(((await client.request({ command: "server_info" })).result.info as any).complete_ledgers).toBe(
      `1-1,4-${sim.validatedLedgerIndex()}`,
    );
  });

  test("ledger subscriptions get a ledgerClosed frame for each close", async () => {
    const seen: number[] = [];
    client.on("ledgerClosed", (l) => seen.push(l.ledger_index));
    await client.request({ command: "subscribe", streams: ["ledger"] });
    const a = sim.closeLedger();
    await client.request({ command: "ledger_accept" } as never);
    await waitFor(() => seen.length >= 2, { what: "two ledgerClosed frames" });
    expect(seen).toEqual([a, a + 1]);
  });

  test("the state survives a restart through the state file", async () => {
    const file = `${require("node:os").tmpdir()}/sim-state-${crypto.randomUUID()}.json`;
    const first = await startLedgerSimulator({ closeIntervalMs: null, stateFile: file });
    const to = Wallet.generate().classicAddress;
    first.fund(to, 30_000_000);
    const index = first.closeLedger();
    await first.close();
    const second = await startLedgerSimulator({ closeIntervalMs: null, stateFile: file });
    expect(second.account(to)!.balanceDrops).toBe(30_000_000n);
    expect(second.validatedLedgerIndex()).toBe(index);
    expect(second.payments({ destination: to })).toHaveLength(1);
    await second.close();
  });
});

describe("account_tx as rippled answers it (AccountTx.cpp)", () => {
  test("forward from a ledger, paged with markers, with Memos and InvoiceID as sent; a range outside the complete history: v2 refuses, v1 narrows", async () => {
    const to = Wallet.generate().classicAddress;
    const hashes: string[] = [];
    const memo = {
      Memo: {
        MemoType: Buffer.from("xrp-faucet/payout").toString("hex").toUpperCase(),
        MemoData: Buffer.from("faucet_request:7").toString("hex").toUpperCase(),
      },
    };
    const invoice = "AB".repeat(32);
    for (let i = 0; i < 5; i++) {
      const extra = i === 0 ? { Memos: [memo], InvoiceID: invoice } : {};
      hashes.push((await pay(genesis, to, 25_000_000 + i, extra)).hash);
      sim.closeLedger();
    }
    const first = (await client.request({ command: "tx", transaction: hashes[0]! } as never)) as any;
    const from = first.result.ledger_index as number;

    // forward, two at a time: every payment once, oldest first, the marker carrying the rest
    const seen: any[] = [];
    let marker: unknown;
    let pages = 0;
    do {
      const page = (
        (await client.request({
          command: "account_tx",
          account: to,
          ledger_index_min: from,
          ledger_index_max: -1,
          forward: true,
          limit: 2,
          ...(marker ? { marker } : {}),
        } as never)) as any
      ).result;
      expect(page.ledger_index_min).toBe(from);
      seen.push(...page.transactions);
      marker = page.marker;
      pages++;
    } while (marker);
    expect(pages).toBe(3);
    expect(seen.map((t) => t.hash)).toEqual(hashes);
    expect(seen[0].tx_json).toMatchObject({ Memos: [memo], InvoiceID: invoice });
    // newest first without forward; the client's own helper reads the same
    const back = (
      (await client.request({ command: "account_tx", account: to, ledger_index_min: from, limit: 5 } as never)) as any
    ).result;
    expect(back.transactions.map((t: any) => t.hash)).toEqual([...hashes].reverse());

    // the server lost the ledgers before the third payment
    const third = ((await client.request({ command: "tx", transaction: hashes[2]! } as never)) as any).result
      .ledger_index as number;
    sim.faults.historyGap(1, third - 1);
    const refused = await client
      .request({ command: "account_tx", account: to, ledger_index_min: from, ledger_index_max: -1 } as never)
      .catch((error) => error);
    expect(refused.data).toMatchObject({ error: "lgrIdxMalformed", error_code: 58 });
    const v1 = (
      (await client.request({
        command: "account_tx",
        account: to,
        ledger_index_min: from,
        ledger_index_max: -1,
        api_version: 1,
      } as never)) as any
    ).result;
    expect(v1.ledger_index_min).toBe(third);
    expect(v1.transactions.map((t: any) => t.tx.hash)).toEqual(hashes.slice(2).reverse());
    const inverted = await client
      .request({
        command: "account_tx",
        account: to,
        ledger_index_min: third + 2,
        ledger_index_max: third + 1,
      } as never)
      .catch((error) => error);
    expect(inverted.data).toMatchObject({ error: "invalidLgrRange" });
  });
});
