// Reviews and the reviewer bonus against a farm, over real HTTP to a listening server: a burst of
// reviews from one network or from devices never seen before is held for an admin (the writer gets
// the same answer as any held review), and so is a review from a device or network the faucet paid
// today, or one whose writer asks for the reviewer bonus; the reviewer bonus goes only to an address
// the faucet already paid from the reviewer's device.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { type HttpClient, httpClient } from "../../testing/client.ts";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import { queryPlan, statementsPreparedBy } from "../../testing/query-plan.ts";
import { REVIEW_HELD, REVIEW_THANKS } from "./model.ts";
import { createReviewRepository } from "./repository.ts";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

let t: TestApp;
let url: string;
beforeEach(() => {
  t = testApp();
  url = t.listen();
});
afterEach(async () => {
  await t.close();
});

// A browser with its own cookie jar (its device cookie) at `ip`.
const browser = (ip: string) => httpClient(url, { ipHeader: "x-test-ip", ip });
const write = (who: ReturnType<typeof browser>, review = "Quick and simple, thanks") =>
  who.post("/api/reviews/submit", { rating: 5, review });
const approvedRows = () =>
  (
    t.db.sqlite.query("select id, approved, ip_network from reviews order by id").all() as {
      id: number;
      approved: number;
      ip_network: string;
    }[]
  ).map((r) => [r.id, r.approved, r.ip_network]);
const shown = async () => (await browser("192.0.2.250").get("/api/reviews")).json.map((r: { id: number }) => r.id);
const shownAnswer = (id: number) => ({ id, approved: true, message: REVIEW_THANKS });
const heldAnswer = (id: number) => ({ id, approved: false, message: REVIEW_HELD });

describe("a burst of reviews is held for moderation", () => {
  test("a second review from one network (an IPv6 /48, an IPv4 /24) within 24 hours waits for an admin; the writer gets the held answer", async () => {
    // (an hour apart, so that the devices' newness plays no part)
    const first = await write(browser("2001:db8:5:1::1"));
    expect(first.status).toBe(201);
    expect(first.json).toEqual(shownAnswer(first.json.id));
    t.clock.advance(HOUR + MINUTE);
    const sameSlash48 = await write(browser("2001:db8:5:2::1"));
    expect(sameSlash48.status).toBe(201);
    expect(sameSlash48.json).toEqual(heldAnswer(sameSlash48.json.id));
    t.clock.advance(HOUR + MINUTE);
    const v4 = await write(browser("198.51.100.1"));
    expect(v4.json.approved).toBe(true);
    t.clock.advance(HOUR + MINUTE);
    const sameSlash24 = await write(browser("198.51.100.200"));
    expect(sameSlash24.status).toBe(201);
    expect(sameSlash24.json).toEqual(heldAnswer(sameSlash24.json.id));
    expect(approvedRows()).toEqual([
      [first.json.id, 1, "2001:db8:5::/48"],
      [sameSlash48.json.id, 0, "2001:db8:5::/48"],
      [v4.json.id, 1, "198.51.100.0/24"],
      [sameSlash24.json.id, 0, "198.51.100.0/24"],
    ]);
    expect(await shown()).toEqual([v4.json.id, first.json.id]);
    // a day after the network's last review, the network is heard again
    t.clock.advance(24 * HOUR + MINUTE);
    expect((await write(browser("2001:db8:5:3::1"))).json.approved).toBe(true);
  });

  test("more than 3 reviews in an hour from devices never seen before: the 4th on is held, whatever their networks, until the hour is quiet", async () => {
    // a visitor whose device asked the faucet before
    const regular = browser("203.0.113.80");
    expect((await regular.post("/api/faucet/request", { address: randomAddress() })).status).toBe(201);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await write(browser(`${30 + i}.1.2.3`), `Best faucet ever ${i}`));
      t.clock.advance(MINUTE);
    }
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(answers.map((a) => a.json)).toEqual([
      shownAnswer(answers[0]!.json.id),
      shownAnswer(answers[1]!.json.id),
      shownAnswer(answers[2]!.json.id),
      heldAnswer(answers[3]!.json.id),
      heldAnswer(answers[4]!.json.id),
      heldAnswer(answers[5]!.json.id),
    ]);
    // during the burst a known device's review waits too
    expect((await write(regular)).json.approved).toBe(false);
    expect(await shown()).toEqual([answers[2]!.json.id, answers[1]!.json.id, answers[0]!.json.id]);
    // an hour after the burst a new device is heard again
    t.clock.advance(HOUR);
    expect((await write(browser("40.1.2.3"))).json.approved).toBe(true);
  });
});

describe("POST /api/reviews/bonus-request goes only to an address the faucet paid from this device", () => {
  test("a never-paid address, a pending one or one paid from another device is refused with 409; a paid one gets the bonus", async () => {
    const reviewer = browser("198.51.100.60");
    const review = (await write(reviewer)).json.id as number;
    const bonus = (address: string) => reviewer.post("/api/reviews/bonus-request", { address, reviewId: review });
    const NOT_PAID = {
      message:
        "The reviewer bonus goes to an address the faucet has already paid from this device. Request XRP from the faucet first; once it is paid, claim your bonus to that address.",
    };

    const never = await bonus(randomAddress());
    expect(never.status).toBe(409);
    expect(never.headers.get("x-error-code")).toBe("BONUS_ADDRESS_NOT_PAID");
    expect(never.json).toEqual(NOT_PAID);

    const address = randomAddress();
    const request = await reviewer.post("/api/faucet/request", { address });
    expect(request.status).toBe(201);
    expect((await bonus(address)).json).toEqual(NOT_PAID); // not paid yet

    // paid, but from another device
    const elsewhere = randomAddress();
    const other = browser("198.51.101.60");
    const theirs = await other.post("/api/faucet/request", { address: elsewhere });
    // (the engine marks a validated payout's request PROCESSED; no wallet in this test)
    t.db.sqlite.run("update faucet_requests set status = 'PROCESSED' where id in (?, ?)", [
      request.json.id,
      theirs.json.id,
    ]);
    expect((await bonus(elsewhere)).json).toEqual(NOT_PAID);
    expect(
      t.db.sqlite.query("select count(*) as n from faucet_requests where reason = 'Reviewer bonus'").get(),
    ).toEqual({ n: 0 });

    const paid = await bonus(address);
    expect(paid.status).toBe(201);
    expect(paid.json).toMatchObject({ status: "PENDING", reason: "Reviewer bonus", address });
  });
});

// A farm gets its devices paid, then has them write five-star reviews from networks that never wrote
// one: a device or a network (IPv6 /48, IPv4 /24) paid today (a faucet request APPROVED or PROCESSED
// since 00:00 UTC, or a reward approved or paid) writes a review that waits for an admin.
describe("a review from a device or network the faucet paid today waits for an admin", () => {
  let admin: HttpClient;
  beforeEach(async () => {
    admin = httpClient(url, {
      ipHeader: "x-test-ip",
      ip: "192.0.2.200",
      headers: { cookie: (await t.registerAdmin()).cookie },
    });
  });
  // What the device at `ip` was paid first: a faucet request left PENDING, REJECTED by the admin,
  // APPROVED or PROCESSED (approving needs the payout engine, and the engine marks a validated
  // payout's request PROCESSED; no wallet in this test: both written as they would, with the moment
  // of the decision), or a social bonus the admin marked PAID.
  type Paid = "PENDING" | "REJECTED" | "APPROVED" | "PROCESSED" | "BONUS PAID";
  async function pay(who: HttpClient, paid: Paid) {
    if (paid === "BONUS PAID") {
      expect(
        (
          await who.post("/api/register", {
            username: "member",
            email: "member@example.com",
            password: "correct horse battery",
          })
        ).status,
      ).toBe(201);
      t.clock.advance(24 * HOUR); // a bonus needs an account a day old
      await who.post("/api/social/share", { platform: "Twitter" });
      const claim = await who.post("/api/social/bonus-request", { address: randomAddress(), platform: "Twitter" });
      expect(claim.status).toBe(201);
      expect((await admin.post(`/api/admin/claims/${claim.json.id}`, { status: "PAID" })).status).toBe(200);
      return;
    }
    const request = await who.post("/api/faucet/request", { address: randomAddress() });
    expect(request.status).toBe(201);
    if (paid === "REJECTED")
      expect(
        (await admin.post(`/api/admin/faucet/requests/${request.json.id}`, { action: "REJECTED", reason: "Not today" }))
          .status,
      ).toBe(200);
    if (paid === "APPROVED" || paid === "PROCESSED")
      t.db.sqlite.run("update faucet_requests set status = ?, processed_at = ? where id = ?", [
        paid,
        t.clock(),
        request.json.id,
      ]);
  }
  // `paid`: what the device at `paidAt` got (none: nothing); `hoursLater`: the clock moves on; then
  // `writer` (that device, or a new one) writes a five-star review from `writesFrom`.
  test.each<{
    name: string;
    paid: Paid | null;
    paidAt?: string;
    hoursLater?: number;
    writer: "that device" | "a new device";
    writesFrom: string;
    held: boolean;
  }>([
    {
      name: "a device whose faucet request an admin approved today, from a network that never asked",
      paid: "APPROVED",
      writer: "that device",
      writesFrom: "203.0.113.45",
      held: true,
    },
    {
      name: "a device whose faucet request was paid today (PROCESSED)",
      paid: "PROCESSED",
      writer: "that device",
      writesFrom: "203.0.113.45",
      held: true,
    },
    {
      name: "a device whose social bonus was marked paid today",
      paid: "BONUS PAID",
      writer: "that device",
      writesFrom: "203.0.113.45",
      held: true,
    },
    {
      name: "another device on an IPv4 /24 paid today",
      paid: "APPROVED",
      writer: "a new device",
      writesFrom: "198.51.100.201",
      held: true,
    },
    {
      name: "another device on an IPv6 /48 paid today",
      paid: "APPROVED",
      paidAt: "2001:db8:9:1::1",
      writer: "a new device",
      writesFrom: "2001:db8:9:77::5",
      held: true,
    },
    {
      name: "a device whose faucet request waits (nothing paid)",
      paid: "PENDING",
      writer: "that device",
      writesFrom: "198.51.100.7",
      held: false,
    },
    {
      name: "a device whose faucet request was rejected today",
      paid: "REJECTED",
      writer: "that device",
      writesFrom: "198.51.100.7",
      held: false,
    },
    {
      name: "a device paid yesterday (before 00:00 UTC)",
      paid: "PROCESSED",
      hoursLater: 13,
      writer: "that device",
      writesFrom: "198.51.100.7",
      held: false,
    },
    { name: "a fresh visitor", paid: null, writer: "a new device", writesFrom: "203.0.113.45", held: false },
  ])("$name: held $held", async ({ paid, paidAt = "198.51.100.7", hoursLater = 0, writer, writesFrom, held }) => {
    const device = browser(paidAt);
    if (paid) await pay(device, paid);
    t.clock.advance(hoursLater * HOUR + MINUTE); // (from 2026-01-15 12:00 UTC: 13 hours is the next day)
    const who = writer === "that device" ? device : browser(writesFrom);
    const review = await who.post(
      "/api/reviews/submit",
      { rating: 5, review: "Best faucet, paid in seconds!" },
      { ip: writesFrom },
    );
    expect(review.status).toBe(201);
    expect(review.json).toEqual(held ? heldAnswer(review.json.id) : shownAnswer(review.json.id));
    expect((await shown()).includes(review.json.id)).toBe(!held);
    // the admin's moderation queue: the review waits there (the sidebar counts it)
    expect(
      (await admin.get("/api/admin/reviews")).json.find((r: { id: number }) => r.id === review.json.id),
    ).toMatchObject({ approved: !held });
    expect((await admin.get("/api/admin/counts")).json.heldReviews).toBe(held ? 1 : 0);
  });

  test("a published review whose writer asks for the reviewer bonus goes back to the admin, who may publish it again", async () => {
    const reviewer = browser("198.51.100.60");
    const address = randomAddress();
    const request = await reviewer.post("/api/faucet/request", { address });
    t.db.sqlite.run("update faucet_requests set status = 'PROCESSED', processed_at = ? where id = ?", [
      t.clock(),
      request.json.id,
    ]);
    t.clock.advance(13 * HOUR); // paid yesterday: the review is published
    const review = await write(reviewer);
    expect(review.json).toEqual(shownAnswer(review.json.id));
    expect(await shown()).toEqual([review.json.id]);

    const bonus = await reviewer.post("/api/reviews/bonus-request", { address, reviewId: review.json.id });
    expect(bonus.status).toBe(201);
    expect(await shown()).toEqual([]);
    expect((await admin.get("/api/admin/reviews")).json).toEqual([
      expect.objectContaining({ id: review.json.id, approved: false }),
    ]);
    expect((await admin.get("/api/admin/counts")).json.heldReviews).toBe(1);
    // the admin reads it and publishes it
    expect(
      (await admin.request("PATCH", `/api/admin/reviews/${review.json.id}`, { body: { approved: true } })).status,
    ).toBe(200);
    expect(await shown()).toEqual([review.json.id]);
  });

  test("each paid-today read is one range of an existing (network or device, created_at) index", () => {
    const reads = statementsPreparedBy(t.db, () => createReviewRepository(t.db)).filter((sql) =>
      sql.includes("processed_at"),
    );
    expect(reads.map((sql) => queryPlan(t.db, sql))).toEqual([
      ["SEARCH faucet_requests USING INDEX faucet_requests_network_time (ip_network=? AND created_at>?)"],
      ["SEARCH rewards USING INDEX rewards_network_time (ip_network=? AND created_at>?)"],
      ["SEARCH faucet_requests USING INDEX faucet_requests_device_time (device_id=? AND created_at>?)"],
      ["SEARCH rewards USING INDEX rewards_device_time (device_id=? AND created_at>?)"],
    ]);
  });
});
