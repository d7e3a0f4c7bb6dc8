// A burst of reviews is held for an admin: a second one from one network within a day, or a 4th in
// an hour from devices never seen before; the writer gets the same answer as for any held review.
import { describe, expect, test } from "bun:test";
import { randomAddress } from "../../testing/harness.ts";
import { browser, heldAnswer, HOUR, MINUTE, newServerEachTest, shown, shownAnswer, t, write } from "./farm-fixtures.ts";

newServerEachTest();

const approvedRows = () =>
  (
    t.db.sqlite.query("select id, approved, ip_network from reviews order by id").all() as {
      id: number;
      approved: number;
      ip_network: string;
    }[]
  ).map((r) => [r.id, r.approved, r.ip_network]);

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
