// The address signals' lookups grow with what a farm can add (its requests, their addresses, the
// payments out of paid ones): each is served by its own index, never by a scan of those tables,
// nor by the requests' index on time alone (the worker starts from the requests' ids).
import { afterAll, expect, test } from "bun:test";
import { statementsPreparedBy, queryPlan } from "../../testing/query-plan.ts";
import { testApp } from "../../testing/harness.ts";
import { createAddressSignalsRepository } from "./repository.ts";
import { sentSince } from "./ledger-reads.ts";

const t = testApp();
afterAll(() => t.close());
const GROWING = ["faucet_requests", "address_signals", "address_flows", "address_sinks"];

test("every statement of the address signals reads through an index", () => {
  const statements = statementsPreparedBy(t.db, () => createAddressSignalsRepository(t.db));
  expect(statements.length).toBeGreaterThan(10);
  const bad: string[] = [];
  for (const sql of statements) {
    // (where the worker starts, once at start: the first request of the last day, by its time)
    if (sql.includes("coalesce((select min(id)")) continue;
    for (const step of queryPlan(t.db, sql)) {
      const scanned = step.match(/^SCAN (\w+)/)?.[1];
      if ((scanned && GROWING.includes(scanned)) || /INDEX faucet_requests_(time|status_time)\b/.test(step))
        bad.push(`${step}\n    in: ${sql.replace(/\s+/g, " ")}`);
    }
  }
  expect(bad).toEqual([]);
});

test("a cluster is found by its activating account, a sink's addresses by their sink", () => {
  const plans = statementsPreparedBy(t.db, () => createAddressSignalsRepository(t.db)).map((sql) =>
    queryPlan(t.db, sql).join(" | "),
  );
  expect(plans.some((p) => p.includes("USING INDEX address_signals_activator (activated_by=?)"))).toBe(true);
  expect(plans.some((p) => p.includes("USING INDEX address_signals_sink (sink=?)"))).toBe(true);
  expect(plans.some((p) => p.includes("address_flows_destination (destination=?)"))).toBe(true);
});

test("transactions sent: counted from the ledger that created the account, or from 1 for an account older than DeletableAccounts", () => {
  expect(sentSince(95_000_012, 95_000_000)).toBe(12);
  expect(sentSince(95_000_000, 95_000_000)).toBe(0);
  // created in ledger 40,000,000 before 2020: its first Sequence was 1
  expect(sentSince(343, 40_000_000)).toBe(342);
});
