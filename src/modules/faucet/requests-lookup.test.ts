// A wallet's latest requests, which anyone may look up without seeing who asked, and this device's
// own; a rejected request says why in the admin's words to both.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";
import { INVALID_ADDRESS } from "../../lib/ledger-address.ts";
import { ask, device, HOUR, wallet } from "./lookup-fixtures.ts";

// Two requests of one wallet a day apart (the second paid), one of another wallet from another device.
const other = randomAddress();
async function history(t: TestApp) {
  const first = await ask(t, wallet);
  t.clock.advance(25 * HOUR);
  const second = await ask(t, wallet, { ip: "198.51.100.2" });
  t.db.sqlite
    .query("update faucet_requests set status = 'PROCESSED', processed_at = ?, tx_hash = ? where id = ?")
    .run(t.clock(), "AB".repeat(32), second.json.id);
  await ask(t, other, { ip: "198.51.100.3", device: device(2) });
  return { first: first.json, second: second.json };
}

const asList = (rows: unknown) => rows as { id: number; status: string }[];

describe("GET /api/faucet/requests", () =>
  scenarios([
    {
      name: "a wallet's requests, newest first, with amount, times and hash; never who asked",
      method: "GET",
      url: `/api/faucet/requests?address=${wallet}`,
      setup: history,
      expectStatus: 200,
      expectJson: [
        {
          id: 2,
          address: wallet,
          status: "PROCESSED",
          amount: expect.stringMatching(/^\d+\.\d{6}$/),
          createdAt: expect.any(String),
          processedAt: expect.any(String),
          txHash: "AB".repeat(32),
          rejectReason: null,
        },
        {
          id: 1,
          address: wallet,
          status: "PENDING",
          amount: expect.stringMatching(/^\d+\.\d{6}$/),
          createdAt: expect.any(String),
          processedAt: null,
          txHash: null,
          rejectReason: null,
        },
      ],
    },
    {
      name: "a wallet that never asked has none",
      method: "GET",
      url: `/api/faucet/requests?address=${randomAddress()}`,
      setup: history,
      expectStatus: 200,
      expectJson: [],
    },
    {
      name: "an invalid address: 400 with the faucet's message",
      method: "GET",
      url: "/api/faucet/requests?address=rNotAnAddress",
      expectStatus: 400,
      expectJson: { message: INVALID_ADDRESS },
    },
    {
      name: "no address: 400 with the faucet's message",
      method: "GET",
      url: "/api/faucet/requests",
      expectStatus: 400,
      expectJson: { message: INVALID_ADDRESS },
    },
    {
      name: "an over-long address: 400 with the faucet's message",
      method: "GET",
      url: `/api/faucet/requests?address=${"r".repeat(500)}`,
      expectStatus: 400,
      expectJson: { message: INVALID_ADDRESS },
    },
    {
      name: "this device's requests (?mine=1), not another device's",
      method: "GET",
      url: "/api/faucet/requests?mine=1",
      headers: { cookie: `device=${device(2)}` },
      setup: history,
      expectStatus: 200,
      after: (res) => expect(asList(res.json).map((r) => r.id)).toEqual([3]),
    },
    {
      name: "a device that never asked has none",
      method: "GET",
      url: "/api/faucet/requests?mine=1",
      headers: { cookie: `device=${device(9)}` },
      setup: history,
      expectStatus: 200,
      expectJson: [],
    },
  ] satisfies Scenario[]));

describe("a rejected request", () => {
  let t: TestApp;
  beforeEach(() => {
    t = testApp();
  });
  afterEach(() => t.close());

  test("says why, in the admin's words, to the device that asked and to anyone looking up its address", async () => {
    const asked = await ask(t, wallet);
    const admin = (await t.signIn("admin")).cookie;
    const reason = "This address belongs to an exchange: use a wallet you control.";
    expect(
      (
        await t.call("POST", `/api/admin/faucet/requests/${asked.json.id}`, {
          cookie: admin,
          body: { action: "REJECTED", reason },
        })
      ).status,
    ).toBe(200);
    const seen = { id: asked.json.id, status: "REJECTED", rejectReason: reason };
    expect((await t.call("GET", `/api/faucet/requests?address=${wallet}`)).json).toEqual([
      expect.objectContaining(seen),
    ]);
    expect((await t.call("GET", "/api/faucet/requests?mine=1", { cookie: `device=${device(1)}` })).json).toEqual([
      expect.objectContaining(seen),
    ]);
  });
});
