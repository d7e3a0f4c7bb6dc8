// What the social bonus's tests share: a site per test with a signed-in sharer whose account is a
// day old (read by the tests as live bindings), a claim, a share, and the rewards they wrote.
import { afterEach, beforeEach } from "bun:test";
import { testApp, type TestApp } from "../../testing/harness.ts";

export let t: TestApp;
export let cookie: string;
export function sharerEachTest() {
  beforeEach(async () => {
    t = testApp();
    // the rows' `as: "user"`
    cookie = (await t.signIn("user", "sharer")).cookie;
    // a bonus needs an account a day old (bonusMinAccountAgeHours; farm.test.ts tests the rule)
    t.clock.advance(24 * 60 * 60 * 1000);
  });
  afterEach(() => t.close());
}

export const claim = (body: unknown, c: string | undefined = cookie) =>
  t.call("POST", "/api/social/bonus-request", { body, cookie: c });
export const share = (platform: string) => t.call("POST", "/api/social/share", { body: { platform }, cookie });
export const rewards = () =>
  t.db.sqlite.query("select type, platform, amount_drops, status, address from rewards order by id").all() as any[];
export const earnMore = (address: string, platform: string) => ({
  address,
  platform,
  sharedUrl: "http://localhost/earn-more",
  sharedContent: { title: "Free XRP", description: "Claim free XRP drops" },
});
