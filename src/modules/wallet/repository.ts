// All SQL of the wallet screen: the payouts still under way, by state; the ones not yet signed
// (what Resume sends); the wallet's transactions the ledger shows that no payout of this database
// accounts for; every payout sent from it, a page at a time.
import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { installation, payouts, users, walletLedgerPayments } from "../../db/schema.ts";
import type { Rebuilt } from "../../payouts/reconcile.ts";

// The newest listed transactions the wallet screen shows.
export const LEDGER_PAYMENTS_SHOWN = 100;
// The oldest payouts not yet signed the wallet screen lists (what Resume would send first).
export const HELD_SHOWN = 100;
// The outgoing payments the wallet screen lists a page at a time, newest first.
export const PAYOUTS_PAGE_SIZE = 50;
const p = sql.placeholder;

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
  const outgoing = db
    .select({
      id: payouts.id,
      kind: payouts.kind,
      faucetRequestId: payouts.faucetRequestId,
      userId: payouts.userId,
      username: users.username,
      destination: payouts.destination,
      destinationTag: payouts.destinationTag,
      amountDrops: payouts.amountDrops,
      status: payouts.status,
      txHash: payouts.txHash,
      ledgerIndex: payouts.ledgerIndex,
      createdAt: payouts.createdAt,
    })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.userId))
    .orderBy(desc(payouts.id))
    .limit(PAYOUTS_PAGE_SIZE)
    .offset(p("offset"))
    .prepare();
  const outgoingCount = db.select({ n: count() }).from(payouts).prepare();
  return {
    // every payout, newest first, one page (from 1), and how many there are
    outgoing: (page: number) => ({
      rows: outgoing.all({ offset: (page - 1) * PAYOUTS_PAGE_SIZE }),
      total: outgoingCount.get()?.n ?? 0,
    }),
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
