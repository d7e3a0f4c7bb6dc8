// Where SQL lives, beyond docs.test.ts's routes and services: a faucet request is written by the
// faucet module alone (its state after it is made by modules/faucet/request-status.ts, which the
// other features and the engine are given), and the payout engine's statements are all in its
// stores (src/payouts/*-store.ts).
import { expect, test } from "bun:test";
import { holdsSql, sourcesUnder, writesFaucetRequests } from "./testing/sql-scan.ts";

test("the scan sees each way of writing faucet_requests, and no read", () => {
  const writes = [
    'db.sqlite.run("UPDATE faucet_requests SET status = ?", [status])',
    "`insert into faucet_requests (address) values (?)`",
    "insert or ignore into faucet_requests (address) values (?)",
    "replace into faucet_requests (id) values (?)",
    '"delete from  faucet_requests where id = ?"',
    "db.update(faucetRequests).set({ status: 'PROCESSED' })",
    "db.insert(faucetRequests).values(row)",
    "db.delete( faucetRequests ).where(gone)",
    "const f = faucetRequests;\ndb.update(f).set({ reviewId: 1 })",
    'import { faucetRequests as requests } from "../../db/schema.ts";\ndb\n  .insert(requests)',
  ];
  expect(writes.filter((source) => !writesFaucetRequests(source))).toEqual([]);
  const reads = [
    "select status from faucet_requests where id = ?",
    "db.select().from(faucetRequests).where(eq(faucetRequests.id, 1))",
    "const r = rewards;\ndb.update(r).set({ payoutId: 1 })",
    "update faucet_requests_backup set status = 'x'",
    "db.update(faucetRequestsCopy)",
  ];
  expect(reads.filter(writesFaucetRequests)).toEqual([]);
});

test("no file outside modules/faucet writes faucet_requests (migrations, the test harness and tests excepted)", () => {
  const files = sourcesUnder("src");
  expect(files.length).toBeGreaterThan(200);
  const writers = files.filter(
    ({ path, source }) =>
      !/^src\/(modules\/faucet|testing|db\/migrations)\//.test(path) && writesFaucetRequests(source),
  );
  expect(writers.map(({ path }) => path)).toEqual([]);
});

test("the payout engine's SQL is all in its stores: settle.ts, reconcile.ts and engine.ts hold none", () => {
  const files = sourcesUnder("src/payouts");
  const paths = files.map(({ path }) => path);
  for (const file of ["settle.ts", "reconcile.ts", "engine.ts"]) expect(paths).toContain(`src/payouts/${file}`);
  const holding = files.filter(({ path, source }) => !/-store\.ts$/.test(path) && holdsSql(source));
  expect(holding.map(({ path }) => path)).toEqual([]);
});
