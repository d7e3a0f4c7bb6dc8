// The request's transitions (request-status.ts): each moves a request only from the states it names,
// and says by its return value whether it did; one that may not changes nothing.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { WITHDRAWN_BY_VISITOR } from "../../shared/words.ts";
import { createRequestStatus, type RequestStatus } from "./request-status.ts";

let t: TestApp;
let requests: RequestStatus;
let admin: number;
let visitors = 0;
beforeEach(async () => {
  t = testApp();
  requests = createRequestStatus(t.db);
  admin = (await t.registerAdmin()).user.id as number;
});
afterEach(() => t.close());

const ROW =
  "select status, processed_by, processed_at, auto_approved, tx_hash, payout_error, budget_day, auto_approve_skip, review_id, reject_reason from faucet_requests where id = ?";
const row = (id: number) => t.db.sqlite.query(ROW).get(id) as Record<string, unknown>;

async function made(): Promise<number> {
  const res = await t.call("POST", "/api/faucet/request", {
    body: { address: randomAddress() },
    ip: strangerIp(++visitors),
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" },
  });
  expect(res.status).toBe(201);
  return res.json.id as number;
}

// The transition is refused: false, and the row as it was.
function refused(id: number, transition: () => boolean) {
  const before = row(id);
  expect(transition()).toBe(false);
  expect(row(id)).toEqual(before);
}

test("a request approved, paid once: approving, rejecting, withdrawing or paying it again changes nothing", async () => {
  const id = await made();
  expect(requests.approve(id, null, 1_000)).toBe(true);
  expect(row(id)).toMatchObject({ status: "APPROVED", processed_by: null, processed_at: 1_000, auto_approved: 1 });
  refused(id, () => requests.approve(id, null, 2_000));
  refused(id, () => requests.leaveForPerson(id, "risk"));
  refused(id, () => requests.withdrawByVisitor(id, 2_000));
  expect(requests.payoutFailed(id, "tecNO_DST")).toBe(true);
  expect(requests.payoutRetried(id)).toBe(true);
  expect(row(id).payout_error).toBeNull();
  expect(requests.markPaid(id, "AB12", 3_000)).toBe(true);
  // paid when it was approved: the moment of the approval stays
  expect(row(id)).toMatchObject({ status: "PROCESSED", tx_hash: "AB12", processed_at: 1_000, payout_error: null });
  refused(id, () => requests.markPaid(id, "CD34", 4_000));
  refused(id, () => requests.reject(id, "late", admin, 4_000));
  refused(id, () => requests.backToPending(id));
  refused(id, () => requests.payoutFailed(id, "late doubt"));
  refused(id, () => requests.approve(id, admin, 4_000));
  refused(id, () => requests.withdrawByVisitor(id, 4_000));
});

test("a rejected request is not approved, left for a person nor sent back to pending", async () => {
  const id = await made();
  refused(id, () => requests.backToPending(id));
  expect(requests.reject(id, "a farm", admin, 1_000)).toBe(true);
  expect(row(id)).toMatchObject({ status: "REJECTED", reject_reason: "a farm", processed_by: admin });
  refused(id, () => requests.reject(id, "again", admin, 2_000));
  refused(id, () => requests.approve(id, admin, 2_000));
  refused(id, () => requests.leaveForPerson(id, "risk"));
  refused(id, () => requests.payoutFailed(id, "tecNO_DST"));
});

test("a waiting request withdrawn by its visitor is rejected by nobody, in the product's words, once", async () => {
  const id = await made();
  expect(requests.withdrawByVisitor(id, 1_000)).toBe(true);
  expect(row(id)).toMatchObject({
    status: "REJECTED",
    reject_reason: WITHDRAWN_BY_VISITOR,
    processed_by: null,
    processed_at: 1_000,
  });
  refused(id, () => requests.withdrawByVisitor(id, 2_000));
  refused(id, () => requests.approve(id, admin, 2_000));
});

test("a withdrawn payout's request waits for a person again, and the rule leaves it alone", async () => {
  const id = await made();
  requests.approve(id, admin, 1_000);
  expect(requests.backToPending(id)).toBe(true);
  expect(row(id)).toMatchObject({
    status: "PENDING",
    processed_by: null,
    processed_at: null,
    auto_approved: 0,
    auto_approve_skip: "withdrawn",
  });
  // left for a person already: the rule's own reason does not replace it
  refused(id, () => requests.leaveForPerson(id, "risk"));
});

test("the budget day is held once and given back once; a bonus names one review", async () => {
  // a low-risk request holds today's budget from the start
  const id = await made();
  expect(row(id).budget_day).toEqual(expect.any(String));
  refused(id, () => requests.holdBudget(id, "2000-01-01"));
  expect(requests.releaseBudget(id)).toBe(true);
  refused(id, () => requests.releaseBudget(id));
  expect(requests.holdBudget(id, "2026-01-16")).toBe(true);
  expect(row(id).budget_day).toBe("2026-01-16");
  refused(id, () => requests.holdBudget(id, "2026-01-17"));
  const review = t.db.sqlite
    .query(
      "insert into reviews (rating, content, approved, ip_address, device_id, created_at) values (5, 'ok', 0, '192.0.2.1', 'd', 0) returning id",
    )
    .get() as { id: number };
  expect(requests.linkReview(id, review.id)).toBe(true);
  refused(id, () => requests.linkReview(id, review.id));
});

test("a payment found on the ledger is recorded as an approved request the settlement then marks paid", () => {
  const address = randomAddress();
  const id = requests.recordFoundOnLedger({
    address,
    destinationTag: 7,
    amountDrops: 5_000_000,
    txHash: "EF56",
    at: 9_000,
  });
  expect(row(id)).toMatchObject({ status: "APPROVED", tx_hash: "EF56", processed_at: 9_000 });
  expect(requests.markPaid(id, "EF56", 10_000)).toBe(true);
  expect(row(id)).toMatchObject({ status: "PROCESSED", processed_at: 9_000 });
});
