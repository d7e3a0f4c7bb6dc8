// The conditions alerts are raised for, each given its sources at composition (createApp): the
// hot wallet, the payout engine and the ledger, the disk and the database, the backups and the
// day's budget. Each answers a sentence for the operator while it holds, null when it does not.
import { statfsSync } from "node:fs";
import type { Db } from "../../db/client.ts";
import { DAY_MS, dayStart } from "../../lib/time.ts";
import { formatXrp, readableXrp } from "../../shared/money.ts";
import { durationWords } from "../../shared/waits.ts";
import { DISK_FREE_MIN, LEDGER_STALL_MS, OUTSIDE_PAYMENT_ALERT_MS, PAYOUT_WAIT_MS } from "./model.ts";
import { ANOTHER_SERVER } from "../../payouts/engine.ts";
import type { AlertCheck } from "./service.ts";

// "99,999 XRP"
const xrp = (drops: number) => readableXrp(formatXrp(drops));
const minutes = (ms: number) => `${Math.round(ms / 60_000)} minutes`;

// Spendable below `days` days of payouts at the last 7 days' rate, or below the set floor, or below
// one request's most (a wallet drained to its reserve pays nobody).
export function walletLow({
  db,
  clock,
  spendable,
  days,
  floorDrops,
  oneRequestDrops,
}: {
  db: Db;
  clock: () => number;
  spendable: () => Promise<number | null>;
  days: number;
  floorDrops: number;
  oneRequestDrops: () => number;
}): AlertCheck {
  const paidSince = db.sqlite.query<{ drops: number | null }, [number]>(
    "select sum(amount_drops) as drops from payouts where status = 'paid' and updated_at >= ?",
  );
  return {
    kind: "wallet_low",
    async check() {
      const left = await spendable();
      if (left === null) return null; // unknown: the ledger's own alert says why
      const perDay = (paidSince.get(clock() - 7 * DAY_MS)?.drops ?? 0) / 7;
      const oneRequest = oneRequestDrops();
      const needed = Math.max(floorDrops, Math.ceil(perDay * days), oneRequest);
      if (left >= needed) return null;
      // which of the three it falls short of, in words
      const keep =
        needed === oneRequest
          ? "enough for one request"
          : needed === floorDrops
            ? "the floor you set"
            : `${days} days of payouts`;
      const rate =
        perDay > 0
          ? ` At the last 7 days' rate of ${xrp(Math.round(perDay))} a day it lasts ${durationWords((left / perDay) * DAY_MS)}.`
          : "";
      return `The hot wallet can spend only ${xrp(left)}: it should keep ${xrp(needed)}, ${keep}.${rate} Fund it before payouts stop.`;
    },
  };
}

export function payoutsPaused(paused: () => string | null): AlertCheck {
  return { kind: "payouts_paused", check: () => (paused() ? `Payouts are paused: ${paused()}` : null) };
}

// Another server paying from the same hot wallet (the engine's pause says which payment showed it).
export function anotherServer(paused: () => string | null): AlertCheck {
  return {
    kind: "another_signer",
    check: () =>
      paused()?.startsWith(ANOTHER_SERVER) ? `Two servers are paying from one hot wallet: ${paused()}.` : null,
  };
}

// A payout queued or in flight for longer than 30 minutes.
export function payoutWaiting({ db, clock }: { db: Db; clock: () => number }): AlertCheck {
  const oldest = db.sqlite.query<{ id: number; created_at: number } | null, []>(
    "select id, created_at from payouts where status in ('queued', 'in_flight') order by created_at limit 1",
  );
  return {
    kind: "payout_waiting",
    check() {
      const row = oldest.get();
      const waited = row ? clock() - row.created_at : 0;
      return row && waited > PAYOUT_WAIT_MS
        ? `Payout #${row.id} has waited ${minutes(waited)} to be sent and validated.`
        : null;
    },
  };
}

// Transactions sent from the hot wallet that the faucet did not sign (the operator by hand, another
// program), found in its history on the ledger in the last 24 hours: raised once, open for that day.
export function outsidePayments({ db, clock }: { db: Db; clock: () => number }): AlertCheck {
  const found = db.sqlite.query<{ n: number; drops: number | null }, [number]>(
    "select count(*) as n, sum(amount_drops) as drops from wallet_ledger_payments where origin = 'outside' and found_at >= ?",
  );
  return {
    kind: "outside_payment",
    check() {
      const { n, drops } = found.get(clock() - OUTSIDE_PAYMENT_ALERT_MS)!;
      if (n === 0) return null;
      const what = n === 1 ? "A transaction was" : `${n} transactions were`;
      return `${what} sent from the hot wallet outside the faucet (${xrp(drops ?? 0)} in all), by hand or by another program: see them on /admin/wallet. The faucet never reuses their Sequence numbers.`;
    },
  };
}

// No new validated ledger from the XRPL server for 5 minutes (or no answer at all).
export function ledgerStalled({
  clock,
  validatedIndex,
}: {
  clock: () => number;
  validatedIndex: () => Promise<number | null>;
}): AlertCheck {
  let seen: { index: number | null; since: number } | null = null;
  return {
    kind: "ledger_stalled",
    async check() {
      const now = clock();
      const index = await validatedIndex().catch(() => null);
      if (!seen || (index !== null && index !== seen.index)) seen = { index, since: now };
      const stalled = now - seen.since;
      if (stalled < LEDGER_STALL_MS) return null;
      return index === null
        ? `The XRPL server has not answered with a validated ledger for ${minutes(stalled)}.`
        : `The XRPL server's validated ledger has stayed at #${index} for ${minutes(stalled)}.`;
    },
  };
}

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}
export const diskSpaceOf = (dir: string): DiskSpace => {
  const s = statfsSync(dir);
  return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
};

// Less than 10% of the data directory's disk free.
export function diskLow(space: () => DiskSpace): AlertCheck {
  return {
    kind: "disk_low",
    check() {
      const { freeBytes, totalBytes } = space();
      if (totalBytes <= 0 || freeBytes / totalBytes >= DISK_FREE_MIN) return null;
      return `The data directory's disk has ${(freeBytes / 1024 ** 3).toFixed(2)} GiB free (${((100 * freeBytes) / totalBytes).toFixed(1)}%). Free space before the database cannot grow.`;
    },
  };
}

export function databaseReadOnly(state: () => string): AlertCheck {
  return {
    kind: "database_read_only",
    check() {
      const s = state();
      return s === "ok"
        ? null
        : `The database cannot be written (${s}): requests, claims and payouts cannot be recorded.`;
    },
  };
}

export interface BackupState {
  everyMs: number;
  lastSuccessAt: number | null;
  lastFailure: { at: number; message: string } | null;
}

// The last backup failed, or the newest good one is older than twice the interval.
export function backupFailing({
  clock,
  backups,
  startedAt,
}: {
  clock: () => number;
  backups: () => BackupState | null;
  startedAt: number;
}): AlertCheck {
  return {
    kind: "backup_failing",
    check() {
      const s = backups();
      if (!s) return null;
      if (s.lastFailure && (s.lastSuccessAt === null || s.lastFailure.at > s.lastSuccessAt))
        return `The last backup failed: ${s.lastFailure.message}`;
      const since = s.lastSuccessAt ?? startedAt;
      const age = clock() - since;
      if (age <= 2 * s.everyMs) return null;
      return s.lastSuccessAt === null
        ? `No backup has been made in the ${minutes(age)} since the server started.`
        : `The newest backup is ${minutes(age)} old (backups run every ${minutes(s.everyMs)}).`;
    },
  };
}

// The faucet's whole day budget used up before noon UTC (it stays raised for the rest of that day).
export function budgetUsedEarly({
  clock,
  faucetBudget,
}: {
  clock: () => number;
  faucetBudget: () => { totalDrops: number; usedDrops: number; minDrops: number };
}): AlertCheck {
  let usedUpOn: number | null = null;
  return {
    kind: "budget_used_early",
    check() {
      const now = clock();
      const day = dayStart(now);
      const { totalDrops, usedDrops, minDrops } = faucetBudget();
      const usedUp = totalDrops - usedDrops < minDrops;
      if (usedUpOn !== day || !usedUp) usedUpOn = null;
      if (usedUp && now - day < DAY_MS / 2) usedUpOn = day;
      if (usedUpOn === null) return null;
      return `The faucet's budget for today (${xrp(totalDrops)}) was used up before noon UTC: visitors are refused until tomorrow. Check the requests for a farm, or raise the budget.`;
    },
  };
}

// The last 10 minutes brought several times the usual rate (faucet/surge.ts): new requests wait for
// a person and auto-approve is paused while it lasts; the figures and the busiest wide networks.
export function surge(
  state: () => {
    active: boolean;
    recent: number;
    usualPerHour: number;
    busiest: { network: string; requests: number }[];
  },
): AlertCheck {
  return {
    kind: "surge",
    check() {
      const s = state();
      if (!s.active) return null;
      const busiest = s.busiest.map((b) => `${b.network} (${b.requests})`).join(", ");
      return (
        `${s.recent} requests in the last 10 minutes, where ${Math.round((s.usualPerHour * 10) / 60)} are usual at this hour: new requests wait for a person and auto-approve is paused until it passes.` +
        (busiest ? ` Most came from ${busiest}.` : "")
      );
    },
  };
}
