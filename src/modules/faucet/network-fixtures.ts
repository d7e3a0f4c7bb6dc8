// What the network tests share (networks.test.ts, hourly-budget.test.ts): an app per test with its
// admin, a visitor asking from an IP with a browser and a device of its own, and the admin's settings.
import { afterEach, beforeEach } from "bun:test";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";

export const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

// The app each test runs on (a new one per test: newAppEachTest) and its admin's cookie, read by the
// tests as live bindings.
export let t: TestApp;
export let admin: string;
let devices = 0;
export function newAppEachTest() {
  beforeEach(async () => {
    t = testApp();
    admin = (await t.registerAdmin()).cookie;
  });
  afterEach(() => t.close());
}

// A visitor with a device cookie of its own (a farm gets a fresh one from `GET /` each time).
export const ask = (ip: string, device = `farm-device-${String(++devices).padStart(12, "0")}`) =>
  t.call("POST", "/api/faucet/request", {
    body: { address: randomAddress() },
    ip,
    cookie: `device=${device}`,
    headers: { "user-agent": BROWSER },
  });
export const settings = (body: unknown) => t.call("POST", "/api/admin/faucet/settings", { cookie: admin, body });
