import { expect, test } from "bun:test";
import { type HeldPayout, heldLabel, heldLink, heldPayment, resumePlan, withdrawEffect } from "./held";

const request: HeldPayout = {
  payoutId: 7,
  kind: "FAUCET_REQUEST",
  requestId: 12,
  userId: null,
  destination: "rDest",
  destinationTag: null,
  amount: "15.000000",
  createdAt: "2026-01-15T10:00:00.000Z",
};
const payment: HeldPayout = {
  payoutId: 8,
  kind: "USER_PAYMENT",
  requestId: null,
  userId: 3,
  destination: "rUser",
  destinationTag: 42,
  amount: "1234.500000",
  createdAt: "2026-01-15T11:00:00.000Z",
};

test("a held payout says what it pays and where to read more of it", () => {
  expect([heldLabel(request), heldLabel(payment)]).toEqual(["Request #12", "User #3"]);
  expect(heldLink(request)).toBe("/admin/requests?q=%2312");
  expect(heldLink(payment)).toBe("/admin/users/3");
  expect(heldPayment(payment)).toMatchObject({
    address: "rUser",
    tag: 42,
    amount: "1234.500000",
    about: { label: "User #3" },
  });
});

test("withdrawing says nothing was sent, and where the request or the amount goes", () => {
  expect(withdrawEffect(request)).toMatch(
    /^Nothing has been sent\. Request #12 goes back to the requests list as pending, for a person to approve or reject it again/,
  );
  expect(withdrawEffect(payment)).toBe(
    "Nothing has been sent. The user's 1,234.5 XRP stays owed: pay it again from the Users screen when you decide to.",
  );
});

test("Resume's confirmation lists what it sends, with the count and total of every held payout", () => {
  const run = () => {};
  const plan = resumePlan({ held: [request, payment], heldCount: 2, heldTotal: "1249.500000" }, run);
  expect(plan).toMatchObject({
    title: "Resume payouts?",
    confirmLabel: "Resume and send 2 payments",
    effect: "send",
    summary: { count: 2, total: "1249.500000" },
    note: undefined,
  });
  expect(plan.payments.map((p) => p.about?.label)).toEqual(["Request #12", "User #3"]);
  // more held than the list shows: the count and total are of them all, and the note says so
  const partial = resumePlan({ held: [request], heldCount: 150, heldTotal: "2250.000000" }, run);
  expect(partial.summary).toEqual({ count: 150, total: "2250.000000" });
  expect(partial.note).toEqual({
    warn: true,
    text: "The list shows the oldest 1 of the 150 held payouts; all of them are sent",
  });
  expect(resumePlan({ held: [], heldCount: 0, heldTotal: "0.000000" }, run)).toMatchObject({
    confirmLabel: "Resume payouts",
    note: { warn: false },
  });
});
