// A challenge names its algorithm and cost but never its answer, its secret counter is drawn from the
// whole range, and a network may ask for 120 a minute, each for one protected form.
import { describe, expect, test } from "bun:test";
import { solve } from "../../testing/pow.ts";
import { ipNetworks } from "../../lib/ip-group.ts";
import { DIFFICULTY, powApp } from "./pow-fixtures.ts";
import { createProofOfWork, POW_ALGORITHM, POW_COST } from "./service.ts";

const { t, challenge } = powApp();

describe("the faucet form", () => {
  test("a challenge names the algorithm and cost, never its answer; solving it costs about its counter in derivations", async () => {
    const c = await challenge();
    expect(c.parameters).toMatchObject({ algorithm: POW_ALGORITHM, cost: POW_COST, keyLength: 32 });
    expect(c.parameters.keyPrefix).toMatch(/^[0-9a-f]{32}$/); // half of the 32-byte key: the other half is the proof
    expect(JSON.stringify(c)).not.toContain("counter");
    const proof = JSON.parse(Buffer.from(await solve(c), "base64").toString());
    // The solver tries counters from 0, and the server picks one from 1 to the difficulty.
    expect(proof.solution.counter).toBeGreaterThanOrEqual(1);
    expect(proof.solution.counter).toBeLessThanOrEqual(DIFFICULTY);
  });

  // A secret counter drawn from only part of the range would let a bot start counting there and pay
  // less than a browser counting from 0 (it was [d/2, d]: a bot starting at d/2 paid about a third).
  test("over 200 challenges the secret counters spread over the whole range 1..d, so no starting point beats counting from 0", async () => {
    const d = 200;
    const pow = createProofOfWork({ clock: t.clock, difficulty: () => d });
    const counters: number[] = [];
    for (let i = 0; i < 200; i++) {
      // (each from its own network, so each at the base difficulty)
      const proof = JSON.parse(
        Buffer.from(
          await solve((await pow.challengeFor(ipNetworks(`10.1.${i}.1`, "subnet"), "faucet"))!),
          "base64",
        ).toString(),
      );
      counters.push(proof.solution.counter);
    }
    expect(Math.min(...counters)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...counters)).toBeLessThanOrEqual(d);
    const mean = counters.reduce((a, b) => a + b, 0) / counters.length;
    // Uniform over 1..200: mean 100.5 (standard error 4.1), about half below d/2, a quarter in each quarter.
    expect(mean).toBeGreaterThan(80);
    expect(mean).toBeLessThan(121);
    expect(counters.filter((n) => n < d / 2).length).toBeGreaterThanOrEqual(0.2 * counters.length);
    for (let q = 0; q < 4; q++) {
      const inQuarter = counters.filter((n) => n > (q * d) / 4 && n <= ((q + 1) * d) / 4).length;
      expect(inQuarter, `quarter ${q + 1}`).toBeGreaterThanOrEqual(0.12 * counters.length);
    }
  }, 60_000);

  test("one network may ask for 120 challenges a minute, from one address or many", async () => {
    for (let i = 0; i < 120; i++)
      expect((await t.call("GET", "/api/pow/challenge?form=faucet", { ip: `192.0.2.${55 + (i % 2)}` })).status).toBe(
        200,
      );
    const over = await t.call("GET", "/api/pow/challenge?form=faucet", { ip: "192.0.2.57" });
    expect(over.status).toBe(429);
    expect(over.json.message).toBe("Too many anti-bot challenges requested. Please wait a minute.");
    expect((await t.call("GET", "/api/pow/challenge?form=faucet", { ip: "192.0.3.55" })).status).toBe(200);
  });

  test("a challenge is asked for one form: none, or a name that is no protected form, answers 400", async () => {
    for (const query of ["", "?form=", "?form=login", "?form=FAUCET", "?form=toString", "?form=faucet,review"]) {
      const res = await t.call("GET", `/api/pow/challenge${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.message).toBe(
        "Which form is the anti-bot check for? Ask for /api/pow/challenge?form= with one of: faucet, review, reviewer-bonus, newsletter, earning-alerts, advertising, register, password-reset, social-bonus, contact.",
      );
    }
  });
});
