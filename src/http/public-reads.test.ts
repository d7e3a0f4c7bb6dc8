// The anonymous reads (src/http/public-reads.ts), over real HTTP: the same answers as the app gives
// in process, the security headers on each, and every request a read declines (a session, a
// declared body, a failure) answered by its route as any other.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { testApp, type TestApp } from "../testing/harness.ts";

const READS = [
  "/api/health",
  "/api/faucet/status",
  "/api/reviews",
  "/api/stats/payouts",
  "/api/social/bonus",
  "/api/user",
];

let t: TestApp;
let url: string;
beforeEach(async () => {
  t = testApp();
  await t.call("POST", "/api/reviews/submit", { body: { rating: 5, review: "Arrived in a minute" } });
  url = t.listen();
});
afterEach(() => t.close());

// Status, JSON and headers, without the ones each transport sets itself.
async function answer(res: Response) {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== "date" && name !== "content-length"));
  return { status: res.status, headers, json: await res.json() };
}
const inProcess = async (path: string, headers: Record<string, string> = {}) =>
  answer(await t.app.handle(new Request(`http://localhost${path}`, { headers })));
const overHttp = async (path: string, headers: Record<string, string> = {}) =>
  answer(await fetch(`${url}${path}`, { headers }));

describe("an anonymous read over HTTP", () => {
  test.each(READS)("%s answers as the app does in process, with the security headers and no cookie", async (path) => {
    const res = await overHttp(path);
    expect(res).toEqual(await inProcess(path));
    expect(res.headers).toMatchObject({
      "content-type": "application/json;charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": expect.stringContaining("frame-ancestors 'none'"),
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
      "x-frame-options": "DENY",
    });
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.status).toBe(path === "/api/user" ? 401 : 200);
  });

  test("HEAD gets the headers without a body", async () => {
    const res = await fetch(`${url}/api/reviews`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(await res.text()).toBe("");
  });

  test("follows the data: a new review is listed at once, a closed faucet says so", async () => {
    await t.call("POST", "/api/reviews/submit", { body: { rating: 4, review: "Second one" }, ip: "198.51.100.4" });
    expect((await overHttp("/api/reviews")).json.map((r: { content: string }) => r.content)).toEqual([
      "Second one",
      "Arrived in a minute",
    ]);
    const admin = await t.registerAdmin();
    await t.call("POST", "/api/admin/faucet/settings", { cookie: admin.cookie, body: { enabled: false } });
    expect((await overHttp("/api/faucet/status")).json).toMatchObject({
      isActive: false,
      message: "Faucet is offline",
    });
  });
});

describe("what a read leaves to its route", () => {
  test("a session cookie: the user's own answer, and a stale one is cleared", async () => {
    const { cookie } = await t.register("alice");
    const me = await overHttp("/api/user", { cookie: `device=${"d".repeat(24)}; ${cookie}` });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ username: "alice" });
    expect((await overHttp("/api/social/bonus", { cookie })).json).toEqual(
      (await inProcess("/api/social/bonus", { cookie })).json,
    );
    const stale = await fetch(`${url}/api/user`, { headers: { cookie: "session=expired-or-forged" } });
    expect(stale.status).toBe(401);
    expect(stale.headers.get("set-cookie")).toContain("Max-Age=0");
  });

  test("a declared body over the limit: the app's 413", async () => {
    const reply = await new Promise<string>((resolve) => {
      let out = "";
      const socket = connect(t.app.server!.port!, "127.0.0.1", () => {
        socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n");
      });
      socket.on("data", (data) => {
        out += data;
        if (out.includes("\r\n\r\n") && out.endsWith("}")) socket.destroy();
      });
      socket.on("close", () => resolve(out));
      socket.on("error", () => resolve(out));
      setTimeout(() => socket.destroy(), 5_000);
    });
    expect(reply).toStartWith("HTTP/1.1 413");
    expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4))).toEqual({
      message: "The request body is too large (at most 64 KiB)",
    });
  });

  test("a read that fails: the app's 500, logged like any other route's", async () => {
    t.db.sqlite.run("drop table reviews");
    t.clock.advance(2_000); // past the list's one-second cache
    const res = await overHttp("/api/reviews");
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ message: "Something went wrong on our side. Please try again." });
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(t.logs.join("\n")).toContain("error: GET /api/reviews");
  });
});
