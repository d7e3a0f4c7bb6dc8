// What the reviews farm tests share: a listening server per test, browsers with a device cookie of
// their own, a five-star review, and what the reviews table and the public list hold.
import { afterEach, beforeEach } from "bun:test";
import { httpClient } from "../../testing/client.ts";
import { testApp, type TestApp } from "../../testing/harness.ts";
import { REVIEW_HELD, REVIEW_THANKS } from "./model.ts";

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;

// The server each test runs on (a new one per test: newServerEachTest) and its address, read by the
// tests as live bindings.
export let t: TestApp;
export let url: string;
export function newServerEachTest() {
  beforeEach(() => {
    t = testApp();
    url = t.listen();
  });
  afterEach(async () => {
    await t.close();
  });
}

// A browser with its own cookie jar (its device cookie) at `ip`.
export const browser = (ip: string) => httpClient(url, { ipHeader: "x-test-ip", ip });
export const write = (who: ReturnType<typeof browser>, review = "Quick and simple, thanks") =>
  who.post("/api/reviews/submit", { rating: 5, review });
export const shown = async () =>
  (await browser("192.0.2.250").get("/api/reviews")).json.map((r: { id: number }) => r.id);
export const shownAnswer = (id: number) => ({ id, approved: true, message: REVIEW_THANKS });
export const heldAnswer = (id: number) => ({ id, approved: false, message: REVIEW_HELD });
