// Where transaction hashes link to: GET /api/explorer per network, the operator's --explorer-url,
// and its check at start.
import { afterEach, describe, expect, test } from "bun:test";
import { parseCommand, UsageError } from "../../config.ts";
import { createLedgerConnection, type LedgerConnection } from "../../payouts/ledger.ts";
import { startLedgerSimulator, type LedgerSimulator } from "../../payouts/simulator/index.ts";
import type { PayoutEngine } from "../../payouts/engine.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { scenarios } from "../../testing/scenario.ts";

let t: TestApp | undefined;
let sim: LedgerSimulator | undefined;
let ledger: LedgerConnection | undefined;
afterEach(async () => {
  await t?.close();
  await ledger?.close();
  await sim?.close();
  t = sim = ledger = undefined;
});

// An app paying on a real-ledger stand-in: the simulator answering server_info with `networkId`.
async function ledgerApp(networkId: number, url?: string) {
  sim = await startLedgerSimulator({ closeIntervalMs: null, networkId });
  ledger = createLedgerConnection({ urls: [sim.url], log: () => {}, timeoutMs: 1_000 });
  const runtime = {
    mode: "ledger" as const,
    url: url ?? sim.url,
    engine: {} as PayoutEngine,
    settleWith: () => {},
    ledger,
  };
  return testApp({ payouts: runtime });
}

const explorer = async (app: TestApp) => {
  const res = await app.call("GET", "/api/explorer");
  expect(res.status).toBe(200);
  return res.json;
};

describe("GET /api/explorer", () => {
  const sandbox = {
    mode: "sandbox" as const,
    url: "ws://127.0.0.1:1",
    engine: {} as PayoutEngine,
    settleWith: () => {},
    ledger: {} as LedgerConnection,
  };
  scenarios([
    {
      name: "without payouts configured: mainnet's explorer",
      method: "GET",
      url: "/api/explorer",
      expectStatus: 200,
      expectJson: { network: "mainnet", txUrl: "https://livenet.xrpl.org/transactions/{hash}" },
    },
  ]);
  scenarios(
    [
      {
        name: "in sandbox mode: this server's own sandbox transaction page",
        method: "GET",
        url: "/api/explorer",
        expectStatus: 200,
        expectJson: { network: "sandbox", txUrl: "/sandbox/tx/{hash}" },
      },
    ],
    { appOptions: { payouts: sandbox } },
  );

  test.each([
    [0, "mainnet", "https://livenet.xrpl.org/transactions/{hash}"],
    [1, "testnet", "https://testnet.xrpl.org/transactions/{hash}"],
    [2, "devnet", "https://devnet.xrpl.org/transactions/{hash}"],
  ])("a ledger with network id %d: %s", async (networkId, network, txUrl) => {
    t = await ledgerApp(networkId);
    expect(await explorer(t)).toEqual({ network, txUrl });
  });

  test("an unreachable ledger: the network guessed from the server's address", async () => {
    const runtime = {
      mode: "ledger" as const,
      url: "wss://s.altnet.rippletest.net:51233",
      engine: {} as PayoutEngine,
      settleWith: () => {},
      ledger: createLedgerConnection({ urls: ["ws://127.0.0.1:1"], log: () => {}, timeoutMs: 200 }),
    };
    ledger = runtime.ledger;
    t = testApp({ payouts: runtime });
    expect(await explorer(t)).toEqual({ network: "testnet", txUrl: "https://testnet.xrpl.org/transactions/{hash}" });
  });

  const { config } = parseCommand(
    ["--explorer-url", "https://explorer.example/tx/{hash}?ref=faucet", "--xrpl", "sandbox"],
    {},
  );
  scenarios(
    [
      {
        name: "the operator's --explorer-url wins over the network, even in sandbox mode",
        method: "GET",
        url: "/api/explorer",
        expectStatus: 200,
        expectJson: { network: "custom", txUrl: "https://explorer.example/tx/{hash}?ref=faucet" },
      },
    ],
    {
      appOptions: { config: { publicUrl: null, trustProxy: false, explorerUrl: config.explorerUrl }, payouts: sandbox },
    },
  );

  scenarios([
    {
      name: "needs no login and no cookie",
      method: "GET",
      url: "/api/explorer",
      expectStatus: 200,
      expectHeaders: { "set-cookie": null, "x-content-type-options": "nosniff" },
    },
  ]);
});

describe("--explorer-url", () => {
  test("from the flag or EXPLORER_URL", () => {
    expect(parseCommand(["--explorer-url", "https://a.example/{hash}"], {}).config.explorerUrl).toBe(
      "https://a.example/{hash}",
    );
    expect(parseCommand([], { EXPLORER_URL: "http://b.example/t/{hash}" }).config.explorerUrl).toBe(
      "http://b.example/t/{hash}",
    );
    expect(parseCommand([], {}).config.explorerUrl).toBeNull();
  });

  test.each([
    [
      ["--explorer-url", "https://explorer.example/tx/"],
      {},
      "--explorer-url must contain {hash} where the transaction hash goes, e.g. https://explorer.example/tx/{hash}; got 'https://explorer.example/tx/'",
    ],
    [
      ["--explorer-url", "javascript:alert(1)//{hash}"],
      {},
      "--explorer-url must be an http(s) URL such as https://explorer.example/tx/{hash}, got 'javascript:alert(1)//{hash}'",
    ],
    [
      [],
      { EXPLORER_URL: "explorer/{hash}" },
      "EXPLORER_URL must be an http(s) URL such as https://explorer.example/tx/{hash}, got 'explorer/{hash}'",
    ],
  ] as [string[], Record<string, string>, string][])("refuses %p %p at start", (argv, env, message) => {
    expect(() => parseCommand(argv, env)).toThrow(new UsageError(message));
  });
});
