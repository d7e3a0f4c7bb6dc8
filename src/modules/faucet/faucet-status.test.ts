// The status the faucet page shows before its form: online or why not, the amount range, today's
// budget and the wait until this visitor's next claim, which is never handed to another.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";
import { INVALID_ADDRESS } from "../../lib/ledger-address.ts";
import { BUDGET_REACHED, FAUCET_OFFLINE, waitReasons } from "./model.ts";
import { ask, device, HOUR, wallet } from "./lookup-fixtures.ts";

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
        offlineCode: null,
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
      expectJsonMatch: { isActive: false, offlineReason: FAUCET_OFFLINE, offlineCode: "FAUCET_OFFLINE" },
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
        offlineCode: "BUDGET_REACHED",
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
