// How much a proof costs: the difficulty grows with a network's challenges of the last hour, from the
// admin's base, which a fresh install sets at 2000 and the admin may turn off or raise.
import { afterAll, describe, expect, test } from "bun:test";
import type { Challenge } from "altcha-lib";
import { randomAddress, testApp } from "../../testing/harness.ts";
import { solve } from "../../testing/pow.ts";
import { DIFFICULTY, powApp } from "./pow-fixtures.ts";

const { t, challenge } = powApp();

describe("the difficulty follows the network's challenges of the last hour", () => {
  const difficultyOf = (c: Challenge) => c.parameters.data?.difficulty;
  const counterOf = async (c: Challenge) =>
    JSON.parse(Buffer.from(await solve(c), "base64").toString()).solution.counter as number;

  test("an honest visitor's first 3 challenges cost the admin's base; the 4th twice that", async () => {
    for (let i = 0; i < 3; i++) expect(difficultyOf(await challenge(t, "faucet", "198.18.4.1"))).toBe(DIFFICULTY);
    expect(difficultyOf(await challenge(t, "review", "198.18.4.2"))).toBe(2 * DIFFICULTY);
  });

  test("the 50th challenge of one /48 (each from another /64) costs at least 40 times the base; another network still pays the base", async () => {
    const asked: Challenge[] = [];
    for (let i = 1; i <= 50; i++) asked.push(await challenge(t, "faucet", `2001:db8:a:${i.toString(16)}::1`));
    expect(difficultyOf(asked[49]!)).toBeGreaterThanOrEqual(40 * DIFFICULTY);
    expect(difficultyOf(await challenge(t, "faucet", "2001:db8:b:1::1"))).toBe(DIFFICULTY);
    // What the bot pays is the secret counter, not the label: the last 8 (41 to 48 times the base)
    // cost over 8 times the base each on average (expected: about 22 times).
    const counters = await Promise.all(asked.slice(42).map(counterOf));
    expect(counters.reduce((a, b) => a + b, 0) / counters.length).toBeGreaterThan(8 * DIFFICULTY);
    // an hour later the network is back at the base
    t.clock.advance(60 * 60_000);
    expect(difficultyOf(await challenge(t, "faucet", "2001:db8:a:1::1"))).toBe(DIFFICULTY);
  }, 30_000);
});

describe("the admin's difficulty", () => {
  const a = testApp({ powDifficulty: null });
  afterAll(() => a.close());

  test("a fresh install asks for 2000; the admin can turn it off and raise it, never to nonsense", async () => {
    const admin = await a.registerAdmin();
    const get = async () => (await a.call("GET", "/api/admin/faucet/settings", { cookie: admin.cookie })).json;
    expect((await get()).powDifficulty).toBe(2000);
    for (const bad of [-1, 1.5, "abc", "", 100_001, true]) {
      const res = await a.call("POST", "/api/admin/faucet/settings", {
        cookie: admin.cookie,
        body: { powDifficulty: bad },
      });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/powDifficulty/);
    }
    expect((await get()).powDifficulty).toBe(2000);

    const off = await a.call("POST", "/api/admin/faucet/settings", {
      cookie: admin.cookie,
      body: { powDifficulty: 0 },
    });
    expect(off.json.powDifficulty).toBe(0);
    expect((await a.call("GET", "/api/pow/challenge?form=faucet")).json).toEqual({ challenge: null });
    expect((await a.call("POST", "/api/faucet/request", { body: { address: randomAddress() } })).status).toBe(201);

    const raised = await a.call("POST", "/api/admin/faucet/settings", {
      cookie: admin.cookie,
      body: { powDifficulty: "5000" },
    });
    expect(raised.json.powDifficulty).toBe(5000);
    expect((await a.call("POST", "/api/faucet/request", { body: { address: randomAddress() } })).status).toBe(403);
  });
});
