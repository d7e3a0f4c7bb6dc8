// The proof of work on the public forms: what a bot without one, or with a forged, stale or reused
// one, gets; what a solver pays; and the admin's difficulty setting.
import { afterAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { createChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { randomAddress, testApp } from "../../testing/harness.ts";
import { proofFromChallenge, solve } from "../../testing/pow.ts";
import { PROTECTED_FORMS } from "../../shared/forms.ts";
import { createProofOfWork, POW_ALGORITHM, POW_COST, POW_HEADER } from "./service.ts";

const DIFFICULTY = 60;
const t = testApp({ powDifficulty: DIFFICULTY });
const other = testApp({ powDifficulty: DIFFICULTY });
afterAll(() => {
  t.close();
  other.close();
});
const requests = () => (t.db.sqlite.query("select count(*) as n from faucet_requests").get() as { n: number }).n;
const challenge = async (app = t): Promise<Challenge> => (await app.call("GET", "/api/pow/challenge")).json.challenge;
const ask = (headers: Record<string, string> = {}) => t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, headers });
const refusedWith = async (headers: Record<string, string>, message: string) => {
  const before = requests();
  const res = await ask(headers);
  expect(res.status).toBe(403);
  expect(res.json).toEqual({ message });
  expect(res.headers.get(POW_HEADER)).toBe("retry");
  expect(requests()).toBe(before);
};

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
      const proof = JSON.parse(Buffer.from(await solve((await pow.challenge())!), "base64").toString());
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

  test("without a proof, or with one that cannot be read, the request is refused and nothing is stored", async () => {
    await refusedWith({}, "Your browser has not finished its anti-bot check. Please try again.");
    for (const junk of ["x", "%%%", Buffer.from("{}").toString("base64"), Buffer.from('{"challenge":1,"solution":2}').toString("base64"), "A".repeat(5000)]) {
      await refusedWith({ [POW_HEADER]: junk }, "The anti-bot check could not be read. Please try again.");
    }
  });

  test("500 forged headers (random text, random base64 JSON, mangled real proofs): all refused with 403, nothing stored", async () => {
    const real = JSON.parse(Buffer.from(await solve(await challenge()), "base64").toString());
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");
    const header = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.jsonValue({ maxDepth: 4 }).map(b64),
      fc.record({ counter: fc.integer(), derivedKey: fc.string() }).map((solution) => b64({ challenge: real.challenge, solution })),
      fc.dictionary(fc.constantFrom(...Object.keys(real.challenge.parameters)), fc.jsonValue({ maxDepth: 1 })).map((p) =>
        b64({ challenge: { ...real.challenge, parameters: { ...real.challenge.parameters, ...p } }, solution: real.solution }),
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
    await refusedWith({ [POW_HEADER]: proofFromChallenge(c, { counter: 1, derivedKey: c.parameters.keyPrefix + "0".repeat(32) }) }, failed);
    // A bot minting its own cheap challenge cannot sign it as the server would.
    const minted = await createChallenge({ algorithm: POW_ALGORITHM, cost: 1, counter: 1, deriveKey, data: c.parameters.data, hmacSignatureSecret: "guess", hmacKeySignatureSecret: "guess" });
    await refusedWith({ [POW_HEADER]: await solve(minted) }, failed);
    await refusedWith({ [POW_HEADER]: await solve(await challenge(other)) }, failed);
  });

  test("a proof older than 10 minutes is refused", async () => {
    const proof = await solve(await challenge());
    t.clock.advance(10 * 60_000 + 1);
    await refusedWith({ [POW_HEADER]: proof }, "The anti-bot check expired. Please try again.");
  });

  test("one IP may ask for 120 challenges a minute", async () => {
    const ip = "192.0.2.55";
    for (let i = 0; i < 120; i++) expect((await t.call("GET", "/api/pow/challenge", { ip })).status).toBe(200);
    const over = await t.call("GET", "/api/pow/challenge", { ip });
    expect(over.status).toBe(429);
    expect(over.json.message).toBe("Too many anti-bot challenges requested. Please wait a minute.");
    expect((await t.call("GET", "/api/pow/challenge", { ip: "192.0.2.56" })).status).toBe(200);
  });
});

test("every protected form refuses a request without a proof; login does not ask for one", async () => {
  const review = await t.call("POST", "/api/reviews/submit", { body: { name: "Ann", rating: 5, review: "Fast and simple" }, headers: await t.proof() });
  expect(review.status).toBe(201);
  const device = review.headers.get("set-cookie")!.match(/device=[^;]+/)![0]; // the bonus is claimed from the reviewer's device
  const bodies: Record<string, unknown> = {
    "/api/faucet/request": { address: randomAddress() },
    "/api/reviews/submit": { name: "Bob", rating: 4, review: "Works" },
    "/api/reviews/bonus-request": { address: randomAddress(), reviewId: review.json.id },
    "/api/newsletter/signup": { email: "a@example.com", source: "homepage" },
    "/api/earning-alerts/signup": { email: "a@example.com", alertTypes: ["daily_challenges"], source: "homepage" },
    "/api/advertising/submit": { companyName: "Acme", email: "ads@example.com", website: "https://acme.example", budget: "1000", message: "Banner" },
    "/api/register": { username: "bot1", email: "bot1@example.com", password: "correct horse battery" },
    "/api/password-reset/request": { email: "bot1@example.com" },
  };
  expect(Object.keys(bodies).sort()).toEqual([...PROTECTED_FORMS].sort());
  for (const [path, body] of Object.entries(bodies)) {
    const res = await t.call("POST", path, { body, cookie: device, ip: "198.51.100.77" });
    expect(res.status, path).toBe(403);
    expect(res.json.message).toBe("Your browser has not finished its anti-bot check. Please try again.");
    const proven = await t.call("POST", path, { body, cookie: device, ip: "198.51.100.77", headers: await t.proof() });
    // (this app has no mail: past the proof, "Forgot password?" answers 503 MAIL_OFF)
    if (path === "/api/password-reset/request") expect(proven.status, path).toBe(503);
    else expect(proven.status, path).toBeLessThan(300);
  }
  expect((await t.call("POST", "/api/login", { body: { username: "bot1", password: "correct horse battery" } })).status).toBe(200);
});

test("the protected forms are exactly the public POST routes that ask for a proof", async () => {
  const asking: string[] = [];
  for (const route of t.app.routes) {
    if (route.method !== "POST" || route.path.startsWith("/api/admin")) continue;
    const res = await t.call("POST", route.path.replace(/:[^/]+/g, "1"), { body: {} });
    if (res.status === 403 && res.headers.get(POW_HEADER) === "retry") asking.push(route.path);
  }
  expect(asking.sort()).toEqual([...PROTECTED_FORMS].sort());
});

describe("the admin's difficulty", () => {
  const a = testApp({ powDifficulty: null });
  afterAll(() => a.close());

  test("a fresh install asks for 2000; the admin can turn it off and raise it, never to nonsense", async () => {
    const admin = await a.registerAdmin();
    const get = async () => (await a.call("GET", "/api/admin/faucet/settings", { cookie: admin.cookie })).json;
    expect((await get()).powDifficulty).toBe(2000);
    for (const bad of [-1, 1.5, "abc", "", 100_001, true]) {
      const res = await a.call("POST", "/api/admin/faucet/settings", { cookie: admin.cookie, body: { powDifficulty: bad } });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/powDifficulty/);
    }
    expect((await get()).powDifficulty).toBe(2000);

    const off = await a.call("POST", "/api/admin/faucet/settings", { cookie: admin.cookie, body: { powDifficulty: 0 } });
    expect(off.json.powDifficulty).toBe(0);
    expect((await a.call("GET", "/api/pow/challenge")).json).toEqual({ challenge: null });
    expect((await a.call("POST", "/api/faucet/request", { body: { address: randomAddress() } })).status).toBe(201);

    const raised = await a.call("POST", "/api/admin/faucet/settings", { cookie: admin.cookie, body: { powDifficulty: "5000" } });
    expect(raised.json.powDifficulty).toBe(5000);
    expect((await a.call("POST", "/api/faucet/request", { body: { address: randomAddress() } })).status).toBe(403);
  });
});
