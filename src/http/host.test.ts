// A request whose Host header is malformed, or that has none (HTTP/1.0 allows that), over real HTTP
// with raw requests (fetch cannot send them): 400 on every path, JSON for the API and plain text
// for the pages, and nothing in the log for any of them (many distinct paths must not fill the log
// with stack traces).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AccessEntry } from "../lib/log.ts";
import { rawGet, rawRequest } from "../testing/raw-http.ts";
import { testApp, type TestApp } from "../testing/harness.ts";
import { BAD_HOST } from "./host.ts";

// Host headers no URL can be built from, or that are not one host (two joined, a path, a user)
const BAD_HOSTS = [
  "exa mple",
  "[::1",
  "a%zz",
  "a:b:c",
  "",
  "a:99999",
  "u@evil.example",
  "a/b",
  "a?b",
  "a#b",
  "999.1.1.1",
  "exämple.com",
  "a, b",
];
const PAGES = [
  "/",
  "/faucet",
  "/rss.xml",
  "/sitemap.xml",
  "/blog/some-post",
  "/robots.txt",
  "/no-such-page",
  "/assets/x.js",
];
const API = [
  "/api/user",
  "/api/nothing",
  "/api/health",
  "/api/faucet/status",
  "/api/stats/recent-payouts",
  "/api/admin/users",
  "/api/posts",
];

let t: TestApp;
let port: number;
const access: AccessEntry[] = [];
beforeAll(() => {
  t = testApp({ accessLog: (entry) => access.push(entry) });
  port = Number(new URL(t.listen()).port);
});
afterAll(() => t.close());

const expectRefused = (path: string, answer: { status: number; headers: Record<string, string>; body: string }) => {
  const api = path === "/api" || path.startsWith("/api/");
  expect({ path, status: answer.status, type: answer.headers["content-type"] }).toEqual({
    path,
    status: 400,
    type: api ? "application/json; charset=utf-8" : "text/plain;charset=utf-8",
  });
  if (api)
    expect({ json: JSON.parse(answer.body), code: answer.headers["x-error-code"] }).toEqual({
      json: { message: BAD_HOST },
      code: "BAD_HOST",
    });
  else expect(answer.body).toBe(`${BAD_HOST}\n`);
  expect(answer.headers["x-content-type-options"]).toBe("nosniff");
};

describe("a malformed Host", () => {
  test("400 on every page, feed and API path, and on a form's POST; nothing logged", async () => {
    for (const host of BAD_HOSTS) {
      for (const path of [...PAGES, ...API]) expectRefused(path, await rawGet(port, path, [`Host: ${host}`]));
      const body = '{"address":"rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh"}';
      const post = await rawRequest(
        port,
        `POST /api/faucet/request HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
      expectRefused("/api/faucet/request", post);
    }
    expect(t.logs).toEqual([]);
  }, 60_000);

  test("2,000 distinct paths: 400 each, not one line of log beyond the one access line each", async () => {
    const before = access.length;
    const paths = Array.from({ length: 2_000 }, (_, i) => (i % 2 ? `/api/x${i}` : `/page-${i}`));
    for (let i = 0; i < paths.length; i += 50) {
      const answers = await Promise.all(paths.slice(i, i + 50).map((path) => rawGet(port, path, ["Host: [::1"])));
      expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(400));
    }
    expect(t.logs).toEqual([]);
    expect(access.length - before).toBe(2_000);
    expect(new Set(access.slice(before).map((entry) => entry.status))).toEqual(new Set([400]));
  }, 60_000);
});

describe("no Host", () => {
  test("HTTP/1.0 without one: 400 as for a malformed one; HTTP/1.1 without one: Bun's own 400", async () => {
    for (const path of [...PAGES, ...API]) expectRefused(path, await rawGet(port, path, [], "1.0"));
    for (const path of ["/", "/api/user"]) expect((await rawGet(port, path, [])).status).toBe(400);
    expect(t.logs).toEqual([]);
  });

  test("a good Host still gets its answer (a name with a port, an IPv4, a bracketed IPv6, a trailing dot)", async () => {
    for (const host of ["example.com:8080", "127.0.0.1", "[::1]:3000", "faucet.example.", "my_service:3000"]) {
      expect({ host, status: (await rawGet(port, "/api/faucet/status", [`Host: ${host}`])).status }).toEqual({
        host,
        status: 200,
      });
      expect({ host, status: (await rawGet(port, "/faucet", [`Host: ${host}`])).status }).toEqual({
        host,
        status: 200,
      });
      expect({ host, status: (await rawGet(port, "/api/user", [`Host: ${host}`])).status }).toEqual({
        host,
        status: 401,
      });
    }
    expect(t.logs).toEqual([]);
  });
});
