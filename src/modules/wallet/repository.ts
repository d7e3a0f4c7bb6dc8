// All SQL of the wallet screen: the payouts still under way, by state; the ones not yet signed
// (what Resume sends); the wallet's transactions the ledger shows that no payout of this database
// accounts for.
import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { installation, payouts, walletLedgerPayments } from "../../db/schema.ts";
import type { Rebuilt } from "../../payouts/reconcile.ts";

// The newest listed transactions the wallet screen shows.
export const LEDGER_PAYMENTS_SHOWN = 100;
// The oldest payouts not yet signed the wallet screen lists (what Resume would send first).
export const HELD_SHOWN = 100;

export function createWalletRepository(db: Db) {
  const counts = db
    .select({ status: payouts.status, n: count() })
    .from(payouts)
    .where(inArray(payouts.status, ["queued", "in_flight", "needs_attention"]))
    .groupBy(payouts.status)
    .prepare();
  const listed = db
    .select()
    .from(walletLedgerPayments)
    .orderBy(desc(walletLedgerPayments.id))
    .limit(LEDGER_PAYMENTS_SHOWN)
    .prepare();
  const rebuilt = db.select({ rebuilt: installation.rebuilt }).from(installation).prepare();
  const held = db
    .select({
      id: payouts.id,
      kind: payouts.kind,
      faucetRequestId: payouts.faucetRequestId,
      userId: payouts.userId,
      destination: payouts.destination,
      destinationTag: payouts.destinationTag,
      amountDrops: payouts.amountDrops,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .where(eq(payouts.status, "queued"))
    .orderBy(asc(payouts.createdAt), asc(payouts.id))
    .limit(HELD_SHOWN)
    .prepare();
  const heldTotal = db
    .select({ n: count(), drops: sql<number>`coalesce(sum(${payouts.amountDrops}), 0)` })
    .from(payouts)
    .where(eq(payouts.status, "queued"))
    .prepare();
  return {
    // queued, in flight and needing attention: how many of each
    unsettledCounts: () => counts.all(),
    ledgerPayments: () => listed.all(),
    // what a new database read back from a used wallet's history (reconcile.ts writes it), or null
    rebuilt: (): Rebuilt | null => {
      const text = rebuilt.get()?.rebuilt;
      return text ? (JSON.parse(text) as Rebuilt) : null;
    },
    // the payouts not yet signed, oldest first (at most HELD_SHOWN), and how many and how much in all
    held: () => held.all(),
    heldTotal: () => heldTotal.get() ?? { n: 0, drops: 0 },
  };
}
