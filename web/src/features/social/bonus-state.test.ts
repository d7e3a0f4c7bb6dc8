import { expect, test } from "bun:test";
import { availableAgainText, claimedThisWeekText } from "../../../../src/shared/forms";
import { bonusState } from "./components/ShareButtons";

const now = Date.UTC(2026, 10, 24, 9, 30);

test("a platform never claimed, or claimable again by now, is ready", () => {
  expect(bonusState(null, now)).toEqual({ ready: true, text: "Bonus ready" });
  expect(bonusState(new Date(now - 1000).toISOString(), now)).toEqual({ ready: true, text: "Bonus ready" });
});

test("a platform claimed this week says when, in UTC, in the words of the server's refusal", () => {
  const at = new Date(Date.UTC(2026, 10, 30, 14, 5)).toISOString();
  expect(bonusState(at, now)).toEqual({ ready: false, text: "Bonus available again on Nov 30, 14:05 UTC" });
  expect(availableAgainText(at)).toBe("available again on Nov 30, 14:05 UTC");
  expect(claimedThisWeekText("Twitter", at)).toBe("You already claimed the Twitter bonus this week. It is available again on Nov 30, 14:05 UTC.");
});
