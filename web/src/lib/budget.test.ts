import { expect, test } from "bun:test";
import { hourUsedUp, timeWords, xrpWords } from "./budget";
import { budgetWords, nextSliceSentence } from "./budget-sentences";

const used = {
  isActive: false,
  offlineReason: "The faucet has given out this hour's XRP. More opens at 14:00 UTC.",
  offlineCode: "HOUR_GIVEN_OUT" as const,
  nextSliceAt: "2026-11-25T14:00:00.000Z",
};

test("budget figures read as plain numbers", () => {
  expect(xrpWords("12.500000")).toBe("12.5");
  expect(xrpWords("100.000000")).toBe("100");
  expect(xrpWords("0.000001")).toBe("0.000001");
});

test("today's budget says what is left now and the day's total", () => {
  expect(
    budgetWords({ budgetLeft: "12.500000", budgetTotal: "100.000000", nextSliceAt: "2026-11-25T14:00:00.000Z" }),
  ).toBe("12.5 XRP left this hour · more every hour until 100 XRP a day");
  // the last hour: the whole day is out
  expect(budgetWords({ budgetLeft: "7.000000", budgetTotal: "100.000000", nextSliceAt: null })).toBe(
    "7 XRP left of today's 100 XRP",
  );
});

test("the next hour's time is given in the visitor's time and in UTC", () => {
  expect(timeWords("2026-11-25T14:00:00.000Z", "UTC")).toBe("14:00 UTC");
  expect(timeWords("2026-11-25T14:00:00.000Z", "America/New_York")).toBe("9:00 AM your time (14:00 UTC)");
  expect(timeWords("2026-11-25T14:00:00.000Z", "Asia/Kolkata")).toBe("7:30 PM your time (14:00 UTC)");
});

test("only a used-up hour says when more opens", () => {
  expect(hourUsedUp(used)).toBe(true);
  expect(nextSliceSentence(used, "Asia/Kolkata")).toBe(
    "The faucet has given out this hour's XRP. More opens at 7:30 PM your time (14:00 UTC).",
  );
  expect(nextSliceSentence({ ...used, isActive: true, offlineReason: null, offlineCode: null })).toBeNull();
  // switched off, or the whole day given out: the server's own sentence stands
  expect(
    nextSliceSentence({
      ...used,
      offlineReason: "The faucet is offline right now. Please try again later.",
      offlineCode: "FAUCET_OFFLINE",
    }),
  ).toBeNull();
  expect(
    nextSliceSentence({
      ...used,
      offlineReason: "The faucet has given out today's XRP. Please come back after midnight UTC.",
      offlineCode: "BUDGET_REACHED",
      nextSliceAt: null,
    }),
  ).toBeNull();
});

test("a used-up hour is known by its code, whatever language the server's sentence is in", () => {
  const japanese = {
    ...used,
    offlineReason: "フォーセットはこの1時間分のXRPを配り終えました。次は 01:00 UTC に開きます。",
  };
  expect(hourUsedUp(japanese)).toBe(true);
});
