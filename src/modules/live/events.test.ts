// GET /api/admin/events over real HTTP: admins only, as every admin call; what changes reaches an
// open stream as the admin reads to read again; a stream ends with its session, and a session
// flagged elsewhere gets no stream.
import { afterEach, describe, expect, test } from "bun:test";
import { totpCode } from "../../auth/totp.ts";
import { payoutBed, type PayoutBed } from "../../payouts/testing.ts";
import { LAST_HOUR, randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { waitFor } from "../../testing/wait.ts";
import { LIVE_MESSAGES, LIVE_STREAMS_PER_SESSION } from "./model.ts";

const QUICK = { live: { gatherMs: 20, heartbeatMs: 50 } };
const WINDOWS_FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0";
const LINUX_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const HOME = { "x-test-ip": "203.0.113.44", "user-agent": WINDOWS_FIREFOX };
const AWAY = { "x-test-ip": "198.51.100.9", "user-agent": LINUX_CHROME };

let t: TestApp | undefined;
let bed: PayoutBed | undefined;
afterEach(async () => {
  await t?.close();
  await bed?.close();
  t = bed = undefined;
});

// An open stream: what it sent so far, the reads its messages named, and whether it ended.
async function openStream(url: string, cookie: string, headers: Record<string, string> = HOME) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/admin/events`, { headers: { cookie, ...headers }, signal: controller.signal });
  const stream = { res, text: "", ended: false, stop: () => controller.abort() };
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          stream.text += value;
        }
      } catch {
        // aborted by the test
      }
      stream.ended = true;
    })();
  }
  return stream;
}
const readsIn = (text: string): string[][] =>
  [...text.matchAll(/^data: (.*)$/gm)].map((m) => (JSON.parse(m[1]!) as { reads: string[] }).reads);

describe("who may watch", () => {
  test("nobody signed in: 401; a member: 403; an admin: an open event stream that says so at once", async () => {
    t = testApp(QUICK);
    const url = t.listen();
    const member = await t.register("member");
    const { cookie } = await t.registerAdmin("boss");

    const anonymous = await fetch(`${url}/api/admin/events`);
    expect({ status: anonymous.status, json: await anonymous.json() }).toEqual({
      status: 401,
      json: { message: "Please log in to continue" },
    });
    const asMember = await fetch(`${url}/api/admin/events`, { headers: { cookie: member.cookie } });
    expect({ status: asMember.status, json: await asMember.json() }).toEqual({
      status: 403,
      json: { message: "Admins only" },
    });

    const stream = await openStream(url, cookie);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get("content-type")).toBe("text/event-stream");
    expect(stream.res.headers.get("cache-control")).toBe("no-store");
    await waitFor(() => stream.text.includes("retry: 3000"), { what: "the stream's first line" });
    stream.stop();
  });

  test(`one session may keep ${LIVE_STREAMS_PER_SESSION} streams open (tabs); one more is 429 until one closes`, async () => {
    t = testApp(QUICK);
    const url = t.listen();
    const { cookie } = await t.registerAdmin("boss");
    const open = [];
    for (let i = 0; i < LIVE_STREAMS_PER_SESSION; i++) open.push(await openStream(url, cookie));
    expect(open.map((s) => s.res.status)).toEqual(open.map(() => 200));

    const extra = await fetch(`${url}/api/admin/events`, { headers: { cookie, ...HOME } });
    expect({ status: extra.status, code: extra.headers.get("x-error-code"), json: await extra.json() }).toEqual({
      status: 429,
      code: "LIVE_LIMIT",
      json: { message: LIVE_MESSAGES.tooManyTabs },
    });
    // another admin's session is not held by it
    const other = await t.registerAdmin("deputy");
    const theirs = await openStream(url, other.cookie);
    expect(theirs.res.status).toBe(200);

    open[0]!.stop();
    await waitFor(() => t!.app.services.live.watching() === LIVE_STREAMS_PER_SESSION, { what: "the tab closed" });
    const again = await openStream(url, cookie);
    expect(again.res.status).toBe(200);
    for (const s of [...open, theirs, again]) s.stop();
  });
});

describe("what the stream tells", () => {
  test("a visitor's request, then its rejection: each names the requests list and the counts", async () => {
    t = testApp(QUICK);
    const url = t.listen();
    const { cookie } = await t.registerAdmin("boss");
    const stream = await openStream(url, cookie);
    await waitFor(() => stream.text.includes("retry"), { what: "the stream open" });

    const made = await t.call("POST", "/api/faucet/request", {
      body: { address: randomAddress() },
      ip: strangerIp(7),
      headers: { "user-agent": "Mozilla/5.0" },
    });
    expect(made.status).toBe(201);
    await waitFor(() => readsIn(stream.text).length === 1, { what: "the new request's message" });
    expect(readsIn(stream.text)[0]).toEqual(
      expect.arrayContaining(["/api/admin/faucet/requests", "/api/admin/counts", "/api/admin/faucet/budget"]),
    );

    const rejected = await t.call("POST", `/api/admin/faucet/requests/${made.json.id}`, {
      cookie,
      body: { action: "REJECTED", reason: "Looks like a farm" },
    });
    expect(rejected.status).toBe(200);
    await waitFor(() => readsIn(stream.text).length === 2, { what: "the rejection's message" });
    expect(readsIn(stream.text)[1]).toContain("/api/admin/faucet/requests");
    stream.stop();
  });

  test("many requests at once are gathered into few messages, not one each", async () => {
    t = testApp({ live: { gatherMs: 200, heartbeatMs: 10_000 } });
    t.clock.set(LAST_HOUR); // the whole day's budget is released
    const url = t.listen();
    const { cookie } = await t.registerAdmin("boss");
    // (a budget that holds every request, whatever amounts they draw)
    expect((await t.call("POST", "/api/admin/faucet/settings", { cookie, body: { dailyLimit: "1000" } })).status).toBe(
      200,
    );
    const stream = await openStream(url, cookie);
    await waitFor(() => stream.text.includes("retry"), { what: "the stream open" });
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t!.call("POST", "/api/faucet/request", {
          body: { address: randomAddress() },
          ip: strangerIp(100 + i),
          headers: { "user-agent": "Mozilla/5.0" },
        }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(made.map(() => 201));
    await waitFor(() => readsIn(stream.text).length >= 1, { what: "the gathered message" });
    // (nothing more is coming: the gathering window is 200 ms)
    await Bun.sleep(300);
    expect(readsIn(stream.text).length).toBeLessThanOrEqual(2);
    stream.stop();
  });

  test("a contact message, a review and a newsletter signup each name their list", async () => {
    t = testApp(QUICK);
    const url = t.listen();
    const { cookie } = await t.registerAdmin("boss");
    const stream = await openStream(url, cookie);
    await waitFor(() => stream.text.includes("retry"), { what: "the stream open" });
    const from = { ip: strangerIp(9), headers: { "user-agent": "Mozilla/5.0" } };

    const sends: [string, unknown, string][] = [
      [
        "/api/contact",
        { name: "Ana", email: "ana@example.com", message: "Hello there" },
        "/api/admin/contact/messages",
      ],
      ["/api/reviews/submit", { rating: 5, review: "Paid in seconds" }, "/api/admin/reviews"],
      ["/api/newsletter/signup", { email: "news@example.com" }, "/api/admin/newsletter-signups"],
    ];
    for (const [path, body, read] of sends) {
      const before = readsIn(stream.text).length;
      const res = await t.call("POST", path, { body, ...from });
      expect({ path, status: res.status }).toEqual({ path, status: 201 });
      await waitFor(() => readsIn(stream.text).length > before, { what: `the message for ${path}` });
      expect(readsIn(stream.text).at(-1)).toEqual(expect.arrayContaining([read, "/api/admin/counts"]));
    }
    stream.stop();
  });

  test("a payout the ledger settled names the requests, the wallet and the health strip", async () => {
    bed = await payoutBed({ app: QUICK });
    const url = bed.t.listen();
    const stream = await openStream(url, bed.admin);
    await waitFor(() => stream.text.includes("retry"), { what: "the stream open" });
    const { id } = await bed.approvedRequest();
    await bed.settle(
      () =>
        (
          bed!.t.db.sqlite.query("select status from faucet_requests where id = ?").get(id) as {
            status: string;
          }
        )?.status === "PROCESSED",
    );
    await waitFor(() => readsIn(stream.text).some((reads) => reads.includes("/api/admin/wallet")), {
      what: "the settlement's message",
    });
    expect(readsIn(stream.text).flat()).toEqual(
      expect.arrayContaining(["/api/admin/faucet/requests", "/api/admin/wallet", "/api/admin/health"]),
    );
    stream.stop();
  });
});

describe("a stream ends with its session", () => {
  test("logging out ends the stream at its next heartbeat, and a new one is 401", async () => {
    t = testApp(QUICK);
    const url = t.listen();
    const { cookie } = await t.registerAdmin("boss");
    const stream = await openStream(url, cookie);
    await waitFor(() => stream.text.includes(": still here"), { what: "a heartbeat" });
    expect(stream.ended).toBe(false);

    expect((await t.call("POST", "/api/logout", { cookie })).status).toBe(200);
    await waitFor(() => stream.ended, { what: "the stream ended" });
    expect((await fetch(`${url}/api/admin/events`, { headers: { cookie } })).status).toBe(401);
  });

  test("an admin with two-factor whose cookie is used elsewhere: the thief gets 403 STEP_UP_REQUIRED, the owner's stream ends", async () => {
    t = testApp(QUICK);
    const url = t.listen();
    await t.registerAdmin("boss");
    const login = await t.call("POST", "/api/login", {
      body: { username: "boss", password: "correct horse battery" },
      ip: HOME["x-test-ip"],
      headers: { "user-agent": WINDOWS_FIREFOX },
    });
    const cookie = login.cookie!;
    const from = { cookie, ip: HOME["x-test-ip"], headers: { "user-agent": WINDOWS_FIREFOX } };
    const setup = await t.call("POST", "/api/user/two-factor/setup", {
      ...from,
      body: { password: "correct horse battery" },
    });
    const enabled = await t.call("POST", "/api/user/two-factor/enable", {
      ...from,
      body: { code: totpCode(setup.json.secret, t.clock()) },
    });
    expect(enabled.status).toBe(200);

    const owners = await openStream(url, cookie, HOME);
    expect(owners.res.status).toBe(200);
    const thief = await fetch(`${url}/api/admin/events`, { headers: { cookie, ...AWAY } });
    expect({ status: thief.status, code: thief.headers.get("x-error-code") }).toEqual({
      status: 403,
      code: "STEP_UP_REQUIRED",
    });
    await waitFor(() => owners.ended, { what: "the owner's stream ended" });
  });
});

test("the server stopping ends every stream", async () => {
  t = testApp(QUICK);
  const url = t.listen();
  const { cookie } = await t.registerAdmin("boss");
  const streams = [await openStream(url, cookie), await openStream(url, cookie)];
  await waitFor(() => t!.app.services.live.watching() === 2, { what: "two streams" });
  t.app.services.live.closeAll();
  await waitFor(() => streams.every((s) => s.ended), { what: "the streams ended" });
  expect(t.app.services.live.watching()).toBe(0);
});
