// What a visitor can follow without an account: a wallet's latest requests (anyone may look them
// up, never seeing who asked), this device's requests, and the status the faucet page shows before
// its form (amount range, today's budget, the wait until the next claim).
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";
import { INVALID_ADDRESS } from "../../lib/ledger-address.ts";
import { BUDGET_REACHED, FAUCET_OFFLINE, waitReasons } from "./model.ts";

const HOUR = 60 * 60 * 1000;
const device = (n: number) => `device-${String(n).padStart(20, "0")}`;
const ask = (t: TestApp, address: string, options: { ip?: string; device?: string } = {}) =>
  t.call("POST", "/api/faucet/request", {
    body: { address },
    ip: options.ip,
    cookie: `device=${options.device ?? device(1)}`,
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" },
  });

// Two requests of one wallet a day apart (the second paid), one of another wallet from another device.
const wallet = randomAddress();
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

describe("GET /api/faucet/status", () =>
  scenarios([
    {
      name: "before the form: online, the amount range and today's budget",
      method: "GET",
      url: "/api/faucet/status",
      expectStatus: 200,
      expectJson: {
        isActive: true,
        message: "Faucet is online",
        offlineReason: null,
        minAmount: "5.000000",
        maxAmount: "20.000000",
        // at 12:00 UTC with nothing used, the hour's slice is the day's 100 XRP spread over the 12
        // hours left (8.33), at least one request's most (20)
        budgetLeft: "20.000000",
        budgetTotal: "100.000000",
        budgetLeftDrops: 20_000_000,
        budgetTotalDrops: 100_000_000,
        budgetReleased: "20.000000",
        budgetSlice: "8.333334",
        nextSliceAt: "2026-01-15T13:00:00.000Z",
        reviewerBonus: "5.000000",
        nextClaimSeconds: null,
        nextClaimLimit: null,
        nextClaimReason: null,
        surge: false,
        surgeNotice: null,
      },
    },
    {
      name: "a request takes its amount from today's budget",
      method: "GET",
      url: "/api/faucet/status",
      setup: (t) => ask(t, wallet),
      expectStatus: 200,
      after: (res) => {
        expect(res.json.budgetLeftDrops).toBeGreaterThanOrEqual(20_000_000 - 20_000_000);
        expect(res.json.budgetLeftDrops).toBeLessThanOrEqual(20_000_000 - 5_000_000);
        expect(Number(res.json.budgetLeft) * 1e6).toBeCloseTo(res.json.budgetLeftDrops, 0);
      },
    },
    {
      name: "offline: why, in words",
      method: "GET",
      url: "/api/faucet/status",
      setup: async (t) => {
        const admin = (await t.signIn("admin")).cookie;
        await t.call("POST", "/api/admin/faucet/settings", { cookie: admin, body: { enabled: false } });
      },
      expectStatus: 200,
      expectJsonMatch: { isActive: false, offlineReason: FAUCET_OFFLINE },
    },
    {
      name: "the budget given out: why, in words, and nothing left",
      method: "GET",
      url: "/api/faucet/status",
      setup: async (t) => {
        const admin = (await t.signIn("admin")).cookie;
        await t.call("POST", "/api/admin/faucet/settings", {
          cookie: admin,
          body: { dailyLimit: "10", minAmount: "10", maxAmount: "10" },
        });
        await ask(t, wallet);
      },
      expectStatus: 200,
      expectJsonMatch: {
        isActive: false,
        offlineReason: BUDGET_REACHED,
        budgetLeft: "0.000000",
        budgetLeftDrops: 0,
        budgetTotal: "10.000000",
      },
    },
    {
      name: "an address that asked an hour ago waits 23 hours",
      method: "GET",
      url: `/api/faucet/status?address=${wallet}`,
      setup: async (t) => {
        await ask(t, wallet);
        t.clock.advance(HOUR);
      },
      expectStatus: 200,
      expectJsonMatch: { isActive: true, nextClaimSeconds: 23 * 60 * 60 },
    },
    {
      name: "an address that never asked may claim now",
      method: "GET",
      url: `/api/faucet/status?address=${randomAddress()}`,
      setup: (t) => ask(t, wallet),
      expectStatus: 200,
      expectJsonMatch: { nextClaimSeconds: 0 },
    },
    {
      name: "a device at its daily number of addresses waits until the first drops out",
      method: "GET",
      url: "/api/faucet/status?mine=1",
      headers: { cookie: `device=${device(5)}` },
      setup: async (t) => {
        for (let i = 0; i < 3; i++) {
          await ask(t, randomAddress(), { ip: `198.51.100.${i}`, device: device(5) });
          t.clock.advance(HOUR);
        }
      },
      expectStatus: 200,
      expectJsonMatch: { nextClaimSeconds: 21 * 60 * 60 },
    },
    {
      name: "an address's wait says it is the address's, in its refusal's words",
      method: "GET",
      url: `/api/faucet/status?address=${wallet}`,
      setup: (t) => ask(t, wallet),
      expectStatus: 200,
      expectJsonMatch: {
        nextClaimSeconds: 24 * 60 * 60,
        nextClaimLimit: "address",
        nextClaimReason: waitReasons.address,
      },
    },
    {
      name: "a network at its daily number of addresses: this visitor's wait is the network's, as its refusal says",
      method: "GET",
      url: "/api/faucet/status?mine=1",
      // a new device on that network (the device's own limit is not what holds it)
      headers: { cookie: `device=${device(9)}` },
      ip: "198.51.100.200",
      setup: async (t) => {
        for (let i = 0; i < 3; i++) {
          await ask(t, randomAddress(), { ip: `198.51.100.${i}`, device: device(10 + i) });
          t.clock.advance(HOUR);
        }
      },
      expectStatus: 200,
      after: async (res, { t }) => {
        expect(res.json).toMatchObject({
          nextClaimSeconds: 21 * 60 * 60,
          nextClaimLimit: "network",
          nextClaimReason: waitReasons.network(3),
        });
        const refused = await ask(t, randomAddress(), { ip: "198.51.100.200", device: device(9) });
        expect(refused.status).toBe(429);
        expect(refused.json.message.startsWith(res.json.nextClaimReason)).toBe(true);
      },
    },
    {
      name: "an invalid address: 400 with the faucet's message",
      method: "GET",
      url: "/api/faucet/status?address=0x1234",
      expectStatus: 400,
      expectJson: { message: INVALID_ADDRESS },
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

describe("the status over HTTP", () => {
  let t: TestApp;
  let url: string;
  beforeEach(() => {
    t = testApp();
    url = t.listen();
  });
  afterEach(() => t.close());
  const status = async (query: string, cookie?: string) =>
    (await (await fetch(`${url}/api/faucet/status${query}`, { headers: cookie ? { cookie } : {} })).json()) as {
      nextClaimSeconds: number | null;
    };

  test("a device's own wait is never handed to another visitor", async () => {
    for (let i = 0; i < 3; i++) await ask(t, randomAddress(), { ip: `198.51.100.${i}`, device: device(5) });
    expect((await status("?mine=1", `device=${device(5)}`)).nextClaimSeconds).toBe(24 * 60 * 60);
    expect((await status("?mine=1", `device=${device(6)}`)).nextClaimSeconds).toBe(0);
    expect((await status("", `device=${device(5)}`)).nextClaimSeconds).toBeNull();
    expect((await status("?mine=1", `device=${device(5)}`)).nextClaimSeconds).toBe(24 * 60 * 60);
  });
});
