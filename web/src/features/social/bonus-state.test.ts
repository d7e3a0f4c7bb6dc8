import { expect, test } from "bun:test";
import { availableAgainText, claimedThisWeekText } from "../../../../src/shared/social-bonus";
import { bonusState, claimedThisWeekText as webClaimedThisWeekText } from "./components/ShareButtons";

const now = Date.UTC(2026, 10, 24, 9, 30);

test("a platform never claimed, or claimable again by now, is ready", () => {
  expect(bonusState(null, now)).toEqual({ ready: true, text: "Bonus ready" });
  expect(bonusState(new Date(now - 1000).toISOString(), now)).toEqual({ ready: true, text: "Bonus ready" });
});

test("a platform claimed this week says when, in UTC, in the words of the server's refusal", () => {
  const at = new Date(Date.UTC(2026, 10, 30, 14, 5)).toISOString();
  expect(bonusState(at, now)).toEqual({ ready: false, text: "Bonus available again on Nov 30, 14:05 UTC" });
  expect(availableAgainText(at)).toBe("available again on Nov 30, 14:05 UTC");
  expect(claimedThisWeekText("Twitter", at)).toBe(
    "You already claimed the Twitter bonus this week. It is available again on Nov 30, 14:05 UTC.",
  );
});

test("a platform held by a limit beyond its week says from when, and which limit", () => {
  const at = new Date(Date.UTC(2026, 10, 27, 8, 0)).toISOString();
  expect(bonusState({ at, limit: "account_age" }, now)).toEqual({
    ready: false,
    text: "Bonus from Nov 27, 08:00 UTC (your account is too new)",
  });
  expect(bonusState({ at, limit: "network" }, now)).toEqual({
    ready: false,
    text: "Bonus from Nov 27, 08:00 UTC (your network's weekly limit)",
  });
  expect(bonusState({ at, limit: "platform" }, now)).toEqual({
    ready: false,
    text: "Bonus available again on Nov 27, 08:00 UTC",
  });
  expect(bonusState({ at: null, limit: null }, now)).toEqual({ ready: true, text: "Bonus ready" });
});

test("the claim form's note says in English what the server's refusal says", () => {
  const at = new Date(Date.UTC(2026, 10, 30, 14, 5)).toISOString();
  expect(webClaimedThisWeekText("Twitter", at)).toBe(claimedThisWeekText("Twitter", at));
});
