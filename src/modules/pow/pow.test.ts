// The proof of work on the public forms: what a bot without one, or with a forged, stale, reused or
// borrowed one (another network's, another form's), gets; what a solver pays, and how that grows
// with a network's challenges; and the admin's difficulty setting.
import { afterAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { createChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { randomAddress, testApp } from "../../testing/harness.ts";
import { proofFromChallenge, solve } from "../../testing/pow.ts";
import { ipNetworks } from "../../lib/ip-group.ts";
import { formAt, PROTECTED_FORMS, type ProtectedForm } from "../../shared/forms.ts";
import { createProofOfWork, POW_ALGORITHM, POW_COST, POW_HEADER } from "./service.ts";

const DIFFICULTY = 60;
const t = testApp({ powDifficulty: DIFFICULTY });
const other = testApp({ powDifficulty: DIFFICULTY });
afterAll(() => {
  t.close();
  other.close();
});
const requests = () => (t.db.sqlite.query("select count(*) as n from faucet_requests").get() as { n: number }).n;
const challenge = async (app = t, form: ProtectedForm = "faucet", ip?: string): Promise<Challenge> =>
  (await app.call("GET", `/api/pow/challenge?form=${form}`, { ip })).json.challenge;
const ask = (headers: Record<string, string> = {}, ip?: string) =>
  t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, headers, ip });
const refusedWith = async (headers: Record<string, string>, message: string, ip?: string) => {
  const before = requests();
  const res = await ask(headers, ip);
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

describe("a proof is good for the network and the form that asked for it", () => {
  test("a proof fetched from another IP group is refused; another address of the same group may send it", async () => {
    const elsewhere = "The anti-bot check was made on another network. Please try again.";
    // IPv6: the group is the /64 (another /64 of the same /48 is another group)
    const v6 = await solve(await challenge(t, "faucet", "2001:db8:5:1::1"));
    await refusedWith({ [POW_HEADER]: v6 }, elsewhere, "2001:db8:5:2::1");
    await refusedWith({ [POW_HEADER]: v6 }, elsewhere, "2001:db8:6:1::1");
    expect((await ask({ [POW_HEADER]: v6 }, "2001:db8:5:1::99")).status).toBe(201);
    // IPv4 (subnet grouping, the default): the group is the /24
    const v4 = await solve(await challenge(t, "faucet", "198.18.1.1"));
    await refusedWith({ [POW_HEADER]: v4 }, elsewhere, "198.18.2.1");
    expect((await ask({ [POW_HEADER]: v4 }, "198.18.1.2")).status).toBe(201);
  });

  test("a proof for another form is refused, and stays good for its own", async () => {
    const ip = "198.18.3.1";
    const proof = { [POW_HEADER]: await solve(await challenge(t, "review", ip)) };
    await refusedWith(proof, "The anti-bot check was made for another form. Please try again.", ip);
    const review = await t.call("POST", "/api/reviews/submit", {
      body: { name: "Ann", rating: 5, review: "Quick" },
      headers: proof,
      ip,
    });
    expect(review.status).toBe(201);
  });
});

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

test("every protected form refuses a request without a proof; login does not ask for one", async () => {
  const ip = "198.51.100.77";
  const review = await t.call("POST", "/api/reviews/submit", {
    body: { name: "Ann", rating: 5, review: "Fast and simple" },
    headers: await t.proof("review", ip),
    ip,
  });
  expect(review.status).toBe(201);
  const device = review.headers.get("set-cookie")!.match(/device=[^;]+/)![0]; // the bonus is claimed from the reviewer's device
  const bodies: Record<string, unknown> = {
    "/api/faucet/request": { address: randomAddress() },
    "/api/reviews/submit": { name: "Bob", rating: 4, review: "Works" },
    "/api/reviews/bonus-request": { address: randomAddress(), reviewId: review.json.id },
    "/api/newsletter/signup": { email: "a@example.com", source: "homepage" },
    "/api/earning-alerts/signup": { email: "a@example.com", alertTypes: ["daily_challenges"], source: "homepage" },
    "/api/advertising/submit": {
      companyName: "Acme",
      email: "ads@example.com",
      website: "https://acme.example",
      budget: "1000",
      message: "Banner",
    },
    "/api/register": { username: "bot1", email: "bot1@example.com", password: "correct horse battery" },
    "/api/password-reset/request": { email: "bot1@example.com" },
    "/api/social/bonus-request": { address: randomAddress() },
    "/api/contact": { name: "Ann", email: "ann@example.com", message: "Hello" },
  };
  expect(Object.keys(bodies).sort()).toEqual([...PROTECTED_FORMS].sort());
  for (const [path, body] of Object.entries(bodies)) {
    const res = await t.call("POST", path, { body, cookie: device, ip });
    expect(res.status, path).toBe(403);
    expect(res.json.message).toBe("Your browser has not finished its anti-bot check. Please try again.");
    const proven = await t.call("POST", path, { body, cookie: device, ip, headers: await t.proof(formAt(path)!, ip) });
    // Past the proof each form answers by its own rules: "Forgot password?" 503 MAIL_OFF (this app has
    // no mail), the social bonus 401 (no one is logged in), the reviewer bonus asks for an address the
    // faucet paid; the others accept.
    expect(proven.headers.get("x-error-code"), `${path}: ${proven.text}`).not.toBe("PROOF_REFUSED");
    if (!/password-reset|bonus-request/.test(path)) expect(proven.status, `${path}: ${proven.text}`).toBeLessThan(300);
  }
  expect(
    (await t.call("POST", "/api/login", { body: { username: "bot1", password: "correct horse battery" } })).status,
  ).toBe(200);
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
