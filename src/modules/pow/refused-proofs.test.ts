// What a bot gets on the faucet form without a proof or with an unreadable, forged, reused, raced,
// guessed or stale one: 403, and nothing stored.
import { afterAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { createChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { testApp } from "../../testing/harness.ts";
import { proofFromChallenge, solve } from "../../testing/pow.ts";
import { DIFFICULTY, powApp } from "./pow-fixtures.ts";
import { POW_ALGORITHM, POW_HEADER } from "./service.ts";

const { t, requests, challenge, ask, refusedWith } = powApp();
// another server, with secrets of its own
const other = testApp({ powDifficulty: DIFFICULTY });
afterAll(() => {
  other.close();
});

describe("the faucet form", () => {
  test("without a proof, or with one that cannot be read, the request is refused and nothing is stored", async () => {
    await refusedWith({}, "Your browser has not finished its anti-bot check. Please try again.");
    for (const junk of [
      "x",
      "%%%",
      Buffer.from("{}").toString("base64"),
      Buffer.from('{"challenge":1,"solution":2}').toString("base64"),
      "A".repeat(5000),
    ]) {
      await refusedWith({ [POW_HEADER]: junk }, "The anti-bot check could not be read. Please try again.");
    }
  });

  test("500 forged headers (random text, random base64 JSON, mangled real proofs): all refused with 403, nothing stored", async () => {
    const real = JSON.parse(Buffer.from(await solve(await challenge()), "base64").toString());
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");
    const header = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.jsonValue({ maxDepth: 4 }).map(b64),
      fc
        .record({ counter: fc.integer(), derivedKey: fc.string() })
        .map((solution) => b64({ challenge: real.challenge, solution })),
      fc
        .dictionary(fc.constantFrom(...Object.keys(real.challenge.parameters)), fc.jsonValue({ maxDepth: 1 }))
        .map((p) =>
          b64({
            challenge: { ...real.challenge, parameters: { ...real.challenge.parameters, ...p } },
            solution: real.solution,
          }),
        ),
    );
    const before = requests();
    await fc.assert(
      fc.asyncProperty(header, async (value) => {
        const res = await ask({ [POW_HEADER]: value });
        // (a mangled proof that happens to keep every field is the real one: accepted once at most)
        if (res.status === 201) return;
        expect(res.status).toBe(403);
        expect(typeof res.json.message).toBe("string");
      }),
      { numRuns: 500, seed: 7 },
    );
    expect(requests() - before).toBeLessThanOrEqual(1);
  });

  test("a solved proof is accepted once; sent again it is refused", async () => {
    const proof = await solve(await challenge());
    const first = await ask({ [POW_HEADER]: proof });
    expect(first.status).toBe(201);
    await refusedWith({ [POW_HEADER]: proof }, "This anti-bot check was already used. Please try again.");
  });

  test("two requests racing with one proof: exactly one is accepted", async () => {
    const proof = await solve(await challenge());
    const before = requests();
    const answers = await Promise.all([ask({ [POW_HEADER]: proof }), ask({ [POW_HEADER]: proof })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403]);
    expect(requests()).toBe(before + 1);
  });

  test("a guessed answer, an easier forged challenge and another server's proof are refused", async () => {
    const c = await challenge();
    const failed = "The anti-bot check failed. Please try again.";
    await refusedWith(
      { [POW_HEADER]: proofFromChallenge(c, { counter: 1, derivedKey: c.parameters.keyPrefix + "0".repeat(32) }) },
      failed,
    );
    // A bot minting its own cheap challenge cannot sign it as the server would.
    const minted = await createChallenge({
      algorithm: POW_ALGORITHM,
      cost: 1,
      counter: 1,
      deriveKey,
      data: c.parameters.data,
      hmacSignatureSecret: "guess",
      hmacKeySignatureSecret: "guess",
    });
    await refusedWith({ [POW_HEADER]: await solve(minted) }, failed);
    await refusedWith({ [POW_HEADER]: await solve(await challenge(other)) }, failed);
  });

  test("a proof lives 2 minutes: one solved in advance is refused after that", async () => {
    const ip = "198.18.7.1";
    const inTime = await solve(await challenge(t, "faucet", ip));
    const late = await solve(await challenge(t, "faucet", ip));
    t.clock.advance(2 * 60_000 - 1000);
    expect((await ask({ [POW_HEADER]: inTime }, ip)).status).toBe(201);
    t.clock.advance(1001);
    await refusedWith({ [POW_HEADER]: late }, "The anti-bot check expired. Please try again.", ip);
  });
});
