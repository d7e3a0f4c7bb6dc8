// GET /api/health tells a monitor when the database cannot take writes (a full disk), over real
// HTTP; and a failure repeated on every request is logged once with a count, not once a request.
import { afterEach, expect, test } from "bun:test";
import { randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { PROBE_EVERY_MS } from "./service.ts";

let t: TestApp;
afterEach(async () => {
  await t.close();
});

test("with the database full, health answers 503 'read-only' while writes fail, and ok again once they work", async () => {
  t = testApp();
  const url = t.listen();
  const health = async () => {
    const res = await fetch(`${url}/api/health`);
    return { status: res.status, body: (await res.json()) as { status: string; database: string } };
  };
  expect(await health()).toMatchObject({ status: 200, body: { status: "ok", database: "ok" } });
  // the probe's own commit skips the fsync; every other write still has it (2 = FULL)
  expect(t.db.sqlite.query("pragma synchronous").get()).toEqual({ synchronous: 2 });

  // The file may not grow by a single page: SQLite answers SQLITE_FULL, as it does on a full disk.
  const pages = (t.db.sqlite.query("pragma page_count").get() as { page_count: number }).page_count;
  t.db.sqlite.run(`pragma max_page_count = ${pages}`);
  // fill what free space the pages still have
  for (let i = 0; i < 10_000; i++) {
    try {
      t.db.sqlite.run("insert into reviews (rating, content, approved, created_at) values (5, ?, 0, 0)", [
        "y".repeat(1900),
      ]);
    } catch (error) {
      expect((error as { code: string }).code).toBe("SQLITE_FULL");
      break;
    }
  }
  const write = await fetch(`${url}/api/reviews/submit`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ rating: 5, review: "x".repeat(1900) }),
  });
  expect(write.status).toBe(500);
  expect(await health()).toMatchObject({ status: 503, body: { status: "degraded", database: "read-only" } });
  expect(t.db.sqlite.query("pragma synchronous").get()).toEqual({ synchronous: 2 });

  // Room again: the next probe (at most every few seconds) says so.
  t.db.sqlite.run("pragma max_page_count = 1073741823");
  t.clock.advance(PROBE_EVERY_MS);
  expect(await health()).toMatchObject({ status: 200, body: { database: "ok" } });
  expect(
    (
      await fetch(`${url}/api/faucet/request`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ address: randomAddress() }),
      })
    ).status,
  ).toBe(201);
});

test("the same failure on 200 requests is logged once with its stack, then as one line with the count", async () => {
  t = testApp();
  const url = t.listen();
  t.db.sqlite.run(
    "create temp trigger reviews_fail before insert on main.reviews begin select raise(abort, 'disk I/O error'); end",
  );
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${url}/api/reviews/submit`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-test-ip": strangerIp(i) },
      body: JSON.stringify({ rating: 5, review: "fine" }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
  }
  const errors = () => t.logs.filter((line) => line.includes("POST /api/reviews/submit"));
  expect(errors()).toHaveLength(1);
  expect(errors()[0]).toContain("disk I/O error");
  t.clock.advance(60_000);
  await fetch(`${url}/api/reviews/submit`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-test-ip": "198.51.100.1" },
    body: JSON.stringify({ rating: 5, review: "fine" }),
  });
  expect(errors()).toHaveLength(3);
  expect(errors()[1]).toMatch(/disk I\/O error \(repeated 199 more times in 60 s\)$/);
});
