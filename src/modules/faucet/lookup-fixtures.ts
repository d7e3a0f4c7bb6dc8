// What the lookup tests share (requests-lookup.test.ts, faucet-status.test.ts): a visitor's faucet
// request from a browser with a device cookie, and the wallet they ask for.
import { randomAddress, type TestApp } from "../../testing/harness.ts";

export const HOUR = 60 * 60 * 1000;
export const device = (n: number) => `device-${String(n).padStart(20, "0")}`;
// A faucet request for `address` from a browser with the cookie of `device` (device 1 unless told).
export const ask = (t: TestApp, address: string, options: { ip?: string; device?: string } = {}) =>
  t.call("POST", "/api/faucet/request", {
    body: { address },
    ip: options.ip,
    cookie: `device=${options.device ?? device(1)}`,
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" },
  });

// The wallet most of the tests ask for.
export const wallet = randomAddress();
