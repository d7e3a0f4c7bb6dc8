// A review from a device or network the faucet paid today, or one whose writer asks for the reviewer
// bonus, waits for an admin; each paid-today read is one range of an index.
import { beforeEach, describe, expect, test } from "bun:test";
import { type HttpClient, httpClient } from "../../testing/client.ts";
import { randomAddress } from "../../testing/harness.ts";
import { queryPlan, statementsPreparedBy } from "../../testing/query-plan.ts";
import {
  browser,
  heldAnswer,
  HOUR,
  MINUTE,
  newServerEachTest,
  shown,
  shownAnswer,
  t,
  url,
  write,
} from "./farm-fixtures.ts";
import { createReviewRepository } from "./repository.ts";

newServerEachTest();

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
