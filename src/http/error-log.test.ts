// The log of faults: one stack trace per route and message, whatever the path; the repeats counted.
import { afterEach, describe, expect, test } from "bun:test";
import { testApp, type TestApp } from "../testing/harness.ts";
import { createErrorLog } from "./error-log.ts";

describe("createErrorLog", () => {
  test("repeats are counted by their group: 2,000 paths of one route are one trace and a count", () => {
    let now = 0;
    const lines: string[] = [];
    const log = createErrorLog({ log: (line) => lines.push(line), clock: () => now, intervalMs: 60_000 });
    for (let i = 0; i < 2_000; i++) log.error(`GET /blog/post-${i}`, new Error("disk I/O error"), "GET /blog/:slug");
    now = 61_000;
    log.flush();
    log.stop();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toStartWith("error: GET /blog/post-0: Error: disk I/O error\n");
    expect(lines[1]).toBe("error: GET /blog/:slug: Error: disk I/O error (repeated 1999 more times in 61 s)");
  });

  test("without a group, the place is the group (as before); a long place is cut", () => {
    const lines: string[] = [];
    const log = createErrorLog({ log: (line) => lines.push(line), clock: () => 0 });
    log.error("a request no route answered", new Error("x"));
    log.error("a request no route answered", new Error("x"));
    log.error(`GET /${"a".repeat(5_000)}`, "y");
    log.stop();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`error: GET /${"a".repeat(195)}: y`);
    expect(lines[0]).toStartWith("error: a request no route answered: Error: x\n");
  });
});

describe("the app's faults", () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  test("a route failing on 200 distinct paths over real HTTP: 500 each, one stack trace in the log", async () => {
    t = testApp();
    const url = t.listen();
    t.db.sqlite.run("drop table posts");
    for (let i = 0; i < 200; i++) expect((await fetch(`${url}/blog/post-${i}`)).status).toBe(500);
    expect(t.logs.filter((line) => line.startsWith("error:"))).toHaveLength(1);
    expect(t.logs[0]).toStartWith("error: GET /blog/post-0: ");
  });
});
