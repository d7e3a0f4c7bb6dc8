import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { type Scenario, scenarios } from "../../testing/scenario.ts";
import { INVALID_ADDRESS } from "../../lib/ledger-address.ts";
import { REVIEW_REQUIRED } from "./model.ts";

let t: TestApp;
beforeEach(() => {
  t = testApp();
});
afterEach(() => t.close());

const DEVICE = "cookie-device-0000000000001";
const submit = (body: unknown, device = DEVICE, ip?: string) =>
  t.call("POST", "/api/reviews/submit", { body, cookie: `device=${device}`, ip });
const bonus = (body: unknown, device = DEVICE) =>
  t.call("POST", "/api/reviews/bonus-request", { body, cookie: `device=${device}` });
const count = (sql: string) => (t.db.sqlite.query(sql).get() as { n: number }).n;

describe("POST /api/reviews/submit", () => {
  const REVIEWS = "select count(*) as n from reviews";
  // a review sent from DEVICE
  const sent = (name: string, body: unknown) => ({
    name,
    method: "POST",
    url: "/api/reviews/submit",
    headers: { cookie: `device=${DEVICE}` },
    body,
  });
  const stored = (name: string, body: unknown, approved: boolean): Scenario => ({
    ...sent(`${name} -> 201`, body),
    expectStatus: 201,
    expectJsonMatch: { id: expect.any(Number), approved },
    // listed only when approved
    after: async (res, { call }) =>
      expect((await call("GET", "/api/reviews")).json.some((r: any) => r.id === res.json.id)).toBe(approved),
  });
  const refused = (name: string, body: unknown, message: string): Scenario => ({
    ...sent(`${name} -> 400`, body),
    expectStatus: 400,
    expectJson: { message },
    expectRows: [{ sql: REVIEWS, equals: [{ n: 0 }] }],
  });
  scenarios([
    stored("rating and text", { review: "Fast and honest faucet", rating: 5, name: "Ann" }, true),
    stored("rating as text from the select", { review: "Good", rating: "4" }, true),
    stored("a link waits for an admin", { review: "Visit https://spam.example now", rating: 5 }, false),
    stored("a very long review waits for an admin", { review: "a".repeat(1500), rating: 3 }, false),
    refused("no text", { review: "   ", rating: 5 }, REVIEW_REQUIRED),
    refused("no rating", { review: "Nice" }, REVIEW_REQUIRED),
    refused("rating 0", { review: "Nice", rating: 0 }, "Rating must be a whole number from 1 to 5"),
    refused("rating 6", { review: "Nice", rating: 6 }, "Rating must be a whole number from 1 to 5"),
    refused("rating 4.5", { review: "Nice", rating: 4.5 }, "Rating must be a whole number from 1 to 5"),
    refused(
      "text over 2000 characters",
      { review: "a".repeat(2001), rating: 5 },
      "review must be at most 2000 characters",
    ),
    refused("name as an object", { review: "Nice", rating: 5, name: { a: 1 } }, "name must be text"),
    {
      name: "GET /api/reviews lists approved reviews newest first, Anonymous when unnamed",
      method: "GET",
      url: "/api/reviews",
      setup: async (t) => {
        await t.call("POST", "/api/reviews/submit", {
          body: { review: "First", rating: 4, name: "Ann" },
          cookie: `device=${DEVICE}`,
        });
        t.clock.advance(1000);
        // (from another network: a second review from one network within 24 h waits for an admin)
        await t.call("POST", "/api/reviews/submit", {
          body: { review: "Second", rating: 5 },
          cookie: `device=${DEVICE}`,
          ip: "198.51.100.9",
        });
      },
      expectStatus: 200,
      expectJson: [
        { id: 2, rating: 5, content: "Second", name: "Anonymous", approved: true, createdAt: expect.any(String) },
        { id: 1, rating: 4, content: "First", name: "Ann", approved: true, createdAt: expect.any(String) },
      ],
    },
  ]);

  test("one IP cannot flood reviews", async () => {
    for (let i = 0; i < 5; i++) expect((await submit({ review: `r${i}`, rating: 5 })).status).toBe(201);
    const res = await submit({ review: "again", rating: 5 });
    expect(res.status).toBe(429);
    expect(count("select count(*) as n from reviews")).toBe(5);
  });
});

describe("POST /api/reviews/bonus-request", () => {
  let reviewId: number;
  beforeEach(async () => {
    reviewId = (await submit({ review: "Great", rating: 5 })).json.id;
  });
  // The bonus goes to an address the faucet paid from the reviewer's device (bonus-address.test.ts tests
  // the rule): a faucet request from the device, PROCESSED as the engine leaves a paid one.
  const paid = async (address = randomAddress(), device = DEVICE) => {
    const request = await t.call("POST", "/api/faucet/request", {
      body: { address },
      cookie: `device=${device}`,
      ip: "198.51.100.77",
    });
    expect(request.status).toBe(201);
    t.db.sqlite.run("update faucet_requests set status = 'PROCESSED' where id = ?", [request.json.id]);
    return address;
  };
  const bonuses = () => count("select count(*) as n from faucet_requests where reason = 'Reviewer bonus'");

  // (reviewId 1: the review beforeEach wrote, the app's first)
  const address = randomAddress();
  const FAUCET_REQUESTS = [{ sql: "select count(*) as n from faucet_requests", equals: [{ n: 0 }] }];
  const refused = (name: string, body: unknown, status: number, message: string): Scenario => ({
    name: `${name} -> ${status}`,
    method: "POST",
    url: "/api/reviews/bonus-request",
    headers: { cookie: `device=${DEVICE}` },
    body,
    expectStatus: status,
    expectJson: { message },
    expectRows: FAUCET_REQUESTS,
  });
  scenarios(
    [
      {
        name: "becomes a PENDING faucet request with the reason 'Reviewer bonus' and the faucet's minimum amount",
        method: "POST",
        url: "/api/reviews/bonus-request",
        headers: { cookie: `device=${DEVICE}` },
        setup: () => paid(address),
        body: { address: ` ${address} `, reviewId: 1 },
        expectStatus: 201,
        expectJsonMatch: { status: "PENDING", reason: "Reviewer bonus", amount: "5.000000", address },
        expectRows: [{ sql: "select count(*) as n from faucet_requests where review_id = 1", equals: [{ n: 1 }] }],
      },
      refused("empty address", { address: "  ", reviewId: 1 }, 400, INVALID_ADDRESS),
      refused("invalid address", { address: "rNotAnAddressAtAll123456789", reviewId: 1 }, 400, INVALID_ADDRESS),
      refused("no review id", { address: randomAddress() }, 400, "reviewId must be the id of your review"),
      refused("unknown review", { address: randomAddress(), reviewId: 999 }, 404, "Review not found"),
    ],
    { app: () => t },
  );

  test("one bonus per review", async () => {
    expect((await bonus({ address: await paid(), reviewId })).status).toBe(201);
    const again = await bonus({ address: await paid(), reviewId });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: "A bonus was already requested for this review" });
  });

  test("one bonus per address, whatever the review", async () => {
    const address = await paid();
    expect((await bonus({ address, reviewId })).status).toBe(201);
    t.clock.advance(1000);
    const second = (await submit({ review: "Still great", rating: 5 })).json.id;
    const again = await bonus({ address, reviewId: second });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: "This address already received a reviewer bonus" });
    expect(bonuses()).toBe(1);
  });

  test("only from the device that wrote the review, within 24 hours", async () => {
    const other = await bonus({ address: randomAddress(), reviewId }, "another-device-000000000001");
    expect(other.status).toBe(403);
    t.clock.advance(25 * 60 * 60 * 1000);
    expect((await bonus({ address: randomAddress(), reviewId })).status).toBe(403);
    expect(count("select count(*) as n from faucet_requests")).toBe(0);
  });
});

// Over real HTTP to a listening server, with the proof of work on (as on a fresh install).
describe("POST /api/reviews/submit against a bot", () => {
  let site: TestApp;
  let url: string;
  beforeEach(() => {
    site = testApp({ powDifficulty: 20 });
    site.app.listen({ port: 0, hostname: "127.0.0.1" });
    url = `http://127.0.0.1:${site.app.server!.port}`;
  });
  afterEach(async () => {
    await site.app.stop(true);
    site.close();
  });

  const reviews = () => (site.db.sqlite.query("select count(*) as n from reviews").get() as { n: number }).n;
  const post = async (ip: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/reviews/submit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-test-ip": ip, cookie: `device=${DEVICE}`, ...headers },
      body: JSON.stringify({ review: `Fast faucet, from ${ip}`, rating: 5 }),
    });
  const proven = async (ip: string) => post(ip, await site.proof("review", ip));

  test("without a proof, or with a used one, a review is refused with 403 and nothing is stored; with one it is stored", async () => {
    const bare = await post("198.51.100.20");
    expect(bare.status).toBe(403);
    expect(bare.headers.get("x-proof-of-work")).toBe("retry");
    expect(await bare.json()).toEqual({
      message: "Your browser has not finished its anti-bot check. Please try again.",
    });
    expect(reviews()).toBe(0);
    const proof = await site.proof("review", "198.51.100.20");
    expect((await post("198.51.100.20", proof)).status).toBe(201);
    expect((await post("198.51.100.20", proof)).status).toBe(403);
    expect(reviews()).toBe(1);
  });

  test("6 addresses inside one IPv6 /64 count as one: the 6th review gets 429; another /64 is still heard", async () => {
    for (let i = 1; i <= 5; i++) expect((await proven(`2001:db8:1:2::${i}`)).status).toBe(201);
    const sixth = await proven("2001:db8:1:2::6");
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({
      message: "You have written several reviews already. Please try again later.",
    });
    expect(reviews()).toBe(5);
    expect((await proven("2001:db8:1:3::1")).status).toBe(201);
  });

  test("with subnet grouping, 6 addresses inside one IPv4 /24 count as one; without it they count apart", async () => {
    const admin = await site.registerAdmin();
    expect(
      (await site.call("POST", "/api/admin/faucet/settings", { cookie: admin.cookie, body: { ipGrouping: "address" } }))
        .status,
    ).toBe(200);
    for (let i = 1; i <= 6; i++) expect((await proven(`192.0.2.${i}`)).status).toBe(201);
    expect(
      (await site.call("POST", "/api/admin/faucet/settings", { cookie: admin.cookie, body: { ipGrouping: "subnet" } }))
        .status,
    ).toBe(200);
    for (let i = 1; i <= 5; i++) expect((await proven(`198.51.100.${i}`)).status).toBe(201);
    expect((await proven("198.51.100.6")).status).toBe(429);
    expect(reviews()).toBe(11);
    expect((await proven("198.51.101.1")).status).toBe(201);
  });
});
