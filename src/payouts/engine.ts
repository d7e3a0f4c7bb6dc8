// The payout engine: the state machine of docs/payouts.md. It never pays twice because
// every payout owns one Sequence for all its attempts, each attempt is written (signed blob, hash,
// LastLedgerSequence) before it leaves the process, and a payout is settled only from a validated
// ledger. It never loses track because every unfinished payout is resolved from the ledger before
// anything new is signed.
import type { Wallet } from "xrpl";
import { DEFAULT_MAX_PAYOUT_DROPS } from "../config.ts";
import type { Db } from "../db/client.ts";
import { DAY_MS, dayStart, parseDay, utcDay } from "../lib/time.ts";
import { formatXrp, plainXrp } from "../shared/money.ts";
import { createEngineStore } from "./engine-store.ts";
import type { LedgerConnection, LedgerFacts, SubmitAnswer } from "./ledger.ts";
import { createLedgerReads, feeFor } from "./ledger-reads.ts";
import { newInstanceId, payoutFields, payoutKeyOf, signerMemo } from "./identity.ts";
import { createReconciler, type ReconcileSummary } from "./reconcile.ts";
import { HistoryGap, OtherLedger, type WalletTx } from "./wallet-history.ts";
import { describeResult } from "./results.ts";
import type { AttemptRow, PayoutRow } from "./rows.ts";
import { createSettlement, type Settlement, type SettlementOutcomes } from "./settle.ts";

// Ledgers an attempt may take to validate before it expires (LastLedgerSequence = validated + this).
export const LEDGER_WINDOW = 20;
// At most this many payouts of ours wait in the ledger at once (rippled queues 10 per account).
export const MAX_IN_FLIGHT = 10;
// Ledgers past LastLedgerSequence we wait for a server to prove an attempt's absence.
const PROOF_GRACE_LEDGERS = 10;
const SPENDABLE_BUFFER_DROPS = 100_000;
// A crashed process keeps the lease this long: a restart signs again after it.
const LEASE_MS = 15_000;
// The wallet's history is read at start, then this often (docs/payouts.md, "Reconciliation"), and
// at once when the ledger shows a Sequence of the wallet taken by a transaction this faucet did not sign.
export const RECONCILE_EVERY_MS = 5 * 60_000;
// How far ahead of the server's validated ledger the faucet's read of the history may be before the
// server is taken for another ledger than the one the faucet paid on (a server lagging behind is a few ledgers).
const LEDGER_BEHIND_MAX = 256;

// The start of the pause sentences an operator acts on (tests and the alerts read them).
export const ANOTHER_SERVER = "another server is paying from this wallet";
export const NOT_THE_LEDGER = "this is not the ledger the faucet knows";

export type EngineStep = "preflighted" | "written" | "submitted" | "validated";

export class SimulatedCrash extends Error {}

export type { AttemptRow, PayoutRow };

export interface EngineDeps {
  db: Db;
  clock: () => number;
  ledger: LedgerConnection;
  wallet: Wallet;
  log: (line: string) => void;
  // The operator's ceilings (--max-payout, --max-daily-payout): the most one payment sends, and the
  // most the engine signs in a UTC day (none when absent).
  maxPayoutDrops?: number;
  maxDailyPayoutDrops?: number;
  maxFeeDrops?: number;
  // Called at each step of a payout; tests throw SimulatedCrash here to kill the engine mid-way.
  step?: (name: EngineStep, payout: PayoutRow) => void;
  // What a settled payout does to the features' rows; else given later with settleWith (createApp
  // gives them after main.ts has started the engine), and the engine does nothing before.
  outcomes?: SettlementOutcomes;
}

// The engine's last error while it waits for the settlement outcomes.
const WAITING_FOR_OUTCOMES = "starting: waiting for the app to take payouts over";

export interface EngineStatus {
  paused: string | null;
  // when the pause lifts by itself (the daily ceiling's: the next 00:00 UTC), else null
  pausedUntil: number | null;
  lastError: string | null;
  lastTickAt: number | null;
  running: boolean;
}

export function createPayoutEngine(deps: EngineDeps) {
  const { db, clock, ledger, wallet, log } = deps;
  const sqlite = db.sqlite;
  const account = wallet.classicAddress;
  const maxPayoutDrops = deps.maxPayoutDrops ?? DEFAULT_MAX_PAYOUT_DROPS;
  const maxDailyDrops = deps.maxDailyPayoutDrops ?? null;
  const maxFeeDrops = deps.maxFeeDrops ?? 2_000;
  // This process's id: in every transaction it signs and in its signer lease; never stored.
  const instanceId = newInstanceId();
  const holder = instanceId;
  const step = (name: EngineStep, payout: PayoutRow) => deps.step?.(name, payout);

  const store = createEngineStore(sqlite);
  const { lookupTx, accountSequence, preflight } = createLedgerReads(ledger, account, maxPayoutDrops);
  // The validated ledger at this process's first tick: a payment of the faucet validated after it
  // that this process did not sign was signed by another server paying from the wallet now.
  let startLedger: number | null = null;

  let paused: string | null = null;
  let lastError: string | null = null;
  let lastTickAt: number | null = null;
  let ticking: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | null = null;
  let unsubscribe: (() => void) | null = null;
  let nextSequence: number | null = null;

  const now = () => clock();

  // The pause of a day that reached the ceiling: it lifts by itself once that UTC day is over.
  let ceilingPause: { reason: string; day: string } | null = null;

  // A pause for any other reason replaces the ceiling's, which must not lift it at midnight, and the
  // unread history's (a payout needing attention is told first).
  function pause(reason: string) {
    if (paused === reason || (paused && paused !== ceilingPause?.reason && paused !== historyPause?.reason)) return;
    paused = reason;
    log(`payouts: paused: ${reason}`);
  }

  // A pause that replaces any other: the wallet is shared, or the ledger is not the faucet's.
  function pauseFirst(reason: string) {
    if (paused === reason) return;
    paused = reason;
    log(`payouts: paused: ${reason}`);
  }

  // --- the daily ceiling ---------------------------------------------------------------------

  // What the engine signed in the current UTC day, from the database so a restart does not reset
  // it: counted in full once a day, then topped up with the attempts written since.
  let today = { start: -1, drops: 0, lastAttemptId: 0 };
  function signedToday(): number {
    const start = dayStart(now());
    if (start !== today.start) today = { start, drops: 0, lastAttemptId: 0 };
    const read = store.signedDrops(start, start + DAY_MS, today.lastAttemptId);
    today.drops += read.drops;
    today.lastAttemptId = read.lastAttemptId ?? today.lastAttemptId;
    return today.drops;
  }

  function pauseAtCeiling(signed: number, payout: PayoutRow) {
    const day = utcDay(now());
    const reason =
      `the daily payout ceiling of ${plainXrp(maxDailyDrops!)} XRP is reached: ${plainXrp(signed)} XRP signed on ${day} (UTC), ` +
      `and payout #${payout.id} of ${plainXrp(payout.amount_drops)} XRP would pass it; the queued payouts wait and go out from 00:00 UTC ` +
      "(only the operator raises the ceiling, with --max-daily-payout and a restart)";
    pause(reason);
    if (paused === reason) ceilingPause = { reason, day };
  }

  function liftCeilingPause() {
    if (!ceilingPause || ceilingPause.day === utcDay(now())) return;
    if (paused === ceilingPause.reason) {
      paused = null;
      log(
        `payouts: resumed: a new UTC day (${utcDay(now())}) under the daily ceiling of ${plainXrp(maxDailyDrops!)} XRP`,
      );
    }
    ceilingPause = null;
  }

  const holdsLease = () => store.holdLease(account, holder, now(), LEASE_MS);

  // --- reconciling with the wallet's history -------------------------------------------------

  const reconciler = createReconciler({
    sqlite,
    ledger,
    account,
    now,
    settlement: () => settle(),
    onOutside: () => outcomes?.outsidePayment?.(),
  });
  // when the history was last read up to the validated ledger (null: not yet since start: nothing is signed before)
  let reconciledAt: number | null = null;
  // the wallet's validated Sequence read before that read: every Sequence the ledger took below it is explained
  let readSequence: number | null = null;
  // the pause for a server lacking the history, and the first ledger the operator then accepted to read from
  let historyPause: { reason: string; serverFrom: number | null } | null = null;
  let readFrom: number | null = null;
  // whether this process told the other server on the ledger that it is not alone (once)
  let toldAnotherServer = false;

  // Whether a Sequence the ledger took from the wallet since the last read is one this database did
  // not see taken by its own payments: then the history is read before anything is signed.
  const unexplained = (sequence: number) =>
    readSequence !== null && sequence > readSequence + store.validatedSequences(account, readSequence, sequence);

  async function reconcile(facts: LedgerFacts, sequence: number): Promise<boolean> {
    if (reconciledAt !== null && now() - reconciledAt < RECONCILE_EVERY_MS && !unexplained(sequence)) return true;
    let summary: ReconcileSummary | null;
    try {
      summary = await reconciler.run(facts.validatedIndex, {
        readFrom,
        startLedger: startLedger ?? facts.validatedIndex,
        instanceId,
      });
    } catch (error) {
      if (error instanceof OtherLedger) {
        pauseFirst(notTheLedger(`${error.message}: the ledger started over, or this is another network`));
        return false;
      }
      if (!(error instanceof HistoryGap)) throw error;
      const reason =
        `the wallet's payments since ledger ${error.from} must be read before paying anyone (a restored or copied database may not know them), ` +
        `and the XRPL server ${error.serverFrom ? `holds only the ledgers from ${error.serverFrom}` : "does not hold them"}: ` +
        "connect a full-history server (XRPL_URL) and restart, or check the hot wallet's payments on an explorer and press Resume to read on from the ledgers the server holds " +
        "(first withdraw on /admin/wallet what the explorer shows paid already)";
      const previous = historyPause?.reason;
      historyPause = { reason, serverFrom: error.serverFrom };
      // the same pause with the server's newer figures, else a new one
      if (paused !== null && paused === previous) paused = reason;
      else pause(reason);
      return false;
    }
    if (summary && (summary.found || summary.outside || summary.mismatched)) {
      log(
        `payouts: read the wallet's history, ledgers ${summary.fromLedger}-${summary.toLedger}: ${summary.found} payments found on the ledger that this database had not recorded, ` +
          `${summary.outside} sent outside the faucet` +
          (summary.mismatched
            ? `, ${summary.mismatched} naming a payout of this database but paying something else (listed on /admin/wallet, not taken as paid)`
            : ""),
      );
    }
    if (summary?.fresh && summary.read > 0 && (summary.found || summary.outside)) {
      log(
        `payouts: a new database on a wallet with history: read its transactions in ledgers ${summary.fromLedger}-${summary.toLedger} (all the XRPL server holds): ` +
          `${summary.faucetFound} faucet payments recorded as found on the ledger (their addresses meet the one-claim-a-day limit), ${summary.userFound} user payments, ` +
          `${summary.outside} sent outside the faucet; users, owed balances and waiting requests are the lost database's alone and were not rebuilt`,
      );
    }
    if (summary && summary.anotherServer.length > 0) await anotherServer(summary.anotherServer[0]!, facts);
    readFrom = null;
    historyPause = null;
    reconciledAt = now();
    readSequence = sequence;
    return true;
  }

  // A transaction of the faucet another server signed since this one started: both pause, and the
  // other is told on the ledger (a no-op AccountSet naming this process), once.
  async function anotherServer(t: WalletTx, facts: LedgerFacts) {
    const what =
      t.type === "Payment"
        ? `its payment ${t.hash} to ${t.destination} in ledger ${t.ledgerIndex}`
        : `its transaction ${t.hash} in ledger ${t.ledgerIndex}`;
    pauseFirst(
      `${ANOTHER_SERVER}: ${what} was signed by another copy of this faucet, not by this server; two servers must never pay from one hot wallet. ` +
        "Stop one of them, check on /admin/wallet what the other paid, withdraw what it paid already, and press Resume on the one that stays",
    );
    outcomes?.anotherServer?.();
    if (toldAnotherServer) return;
    toldAnotherServer = true;
    try {
      const current = await ledger.request<{ account_data: { Sequence: number } }>({
        command: "account_info",
        account,
        ledger_index: "current",
      });
      const tx = {
        TransactionType: "AccountSet",
        Account: account,
        Fee: String(feeFor(facts)),
        Sequence: Number(current.account_data.Sequence),
        LastLedgerSequence: facts.validatedIndex + LEDGER_WINDOW,
        Memos: [signerMemo(instanceId)],
        ...(facts.networkId > 1024 ? { NetworkID: facts.networkId } : {}),
      };
      const signed = wallet.sign(tx as never);
      await ledger.request({ command: "submit", tx_blob: signed.tx_blob });
      log(`payouts: told the other server on the ledger (${signed.hash}) that it is not alone`);
    } catch (error) {
      log(`payouts: could not tell the other server on the ledger: ${String(error)}`);
    }
  }

  const notTheLedger = (differs: string) =>
    `${NOT_THE_LEDGER}: ${differs}. Nothing is signed: connect a server of the faucet's ledger (XRPL_URL) and restart; a ledger that really started over (a test network reset) needs a new data directory`;

  // The ledger is the one this faucet paid on: its network, the wallet's Sequence not below what the
  // faucet's own validated payments took, the history read not far ahead of the server.
  function knowsLedger(facts: LedgerFacts, sequence: number): boolean {
    const known = store.networkId();
    let differs: string | null = null;
    if (known === null) store.setNetworkId(facts.networkId);
    else if (known !== facts.networkId)
      differs = `the XRPL server is on network ${facts.networkId}, and this faucet paid on network ${known}`;
    const highest = store.highestValidatedSequence(account);
    if (!differs && highest !== null && sequence <= highest) {
      differs = `the hot wallet's Sequence there is ${sequence}, but this faucet's payment with Sequence ${highest} was validated (the ledger started over, or this is another network)`;
    }
    const cursor = reconciler.cursor();
    if (!differs && cursor !== null && cursor > facts.validatedIndex + LEDGER_BEHIND_MAX) {
      differs = `the XRPL server's validated ledger is ${facts.validatedIndex}, but this faucet has read the wallet's history up to ledger ${cursor}`;
    }
    if (!differs) return true;
    pauseFirst(notTheLedger(differs));
    return false;
  }

  // --- settling ------------------------------------------------------------------------------

  let outcomes = deps.outcomes ?? null;
  let settlement: Settlement | null = outcomes ? createSettlement(sqlite, now, outcomes) : null;
  // (a tick does nothing before the settlement is there, so past its first line it is)
  const settle = () => settlement!;

  function needsAttention(payout: PayoutRow, message: string) {
    if (settle().markNeedsAttention(payout, message)) pause(`payout #${payout.id} needs attention: ${message}`);
  }

  // --- signing and sending -------------------------------------------------------------------

  // Signs the payout's Sequence anew and writes the attempt before it leaves the process.
  // Null when the payout moved meanwhile (withdrawn): nothing is sent.
  function signAttempt(payout: PayoutRow, sequence: number, facts: LedgerFacts, fee: number): AttemptRow | null {
    // the last guard of --max-payout: its callers refuse such a payout before they get here
    if (payout.amount_drops > maxPayoutDrops)
      throw new Error(
        `payout #${payout.id} is above the ${plainXrp(maxPayoutDrops)} XRP a payment may send: not signed`,
      );
    const tx: Record<string, unknown> = {
      TransactionType: "Payment",
      Account: account,
      Destination: payout.destination,
      Amount: String(payout.amount_drops),
      Fee: String(fee),
      Sequence: sequence,
      LastLedgerSequence: facts.validatedIndex + LEDGER_WINDOW,
      Flags: 0,
    };
    if (payout.destination_tag !== null) tx.DestinationTag = payout.destination_tag;
    if (facts.networkId > 1024) tx.NetworkID = facts.networkId;
    Object.assign(tx, payoutFields(reconciler.installationId, payoutKeyOf(payout), instanceId));
    const signed = wallet.sign(tx as never);
    return store.writeAttempt(
      payout,
      {
        account,
        sequence,
        hash: signed.hash,
        blob: signed.tx_blob,
        fee,
        minLedger: facts.validatedIndex + 1,
        lastLedgerSequence: facts.validatedIndex + LEDGER_WINDOW,
      },
      now(),
    );
  }

  async function submit(payout: PayoutRow, attempt: AttemptRow): Promise<string> {
    const r = await ledger.request<SubmitAnswer>({ command: "submit", tx_blob: attempt.signed_blob });
    step("submitted", payout);
    const result = String(r.engine_result);
    store.markSubmitted(attempt.id, result, now());
    if (result.startsWith("tem"))
      needsAttention(payout, `the ledger refused the transaction as malformed: ${describeResult(result)}`);
    return result;
  }

  // --- the two halves of a tick --------------------------------------------------------------

  // Settles what the ledger has decided; re-signs (same Sequence) attempts proven dead. Returns the
  // payouts whose Sequence another transaction took, their attempts proven dead: they go back to
  // the queue once the history is read.
  async function resolveInFlight(facts: LedgerFacts): Promise<PayoutRow[]> {
    const taken: PayoutRow[] = [];
    for (const payout of store.inFlight(account)) {
      const attempts = store.attempts(payout.id);
      const latest = attempts.at(-1);
      if (!latest) {
        needsAttention(payout, "in flight without a signed attempt");
        continue;
      }
      // Any attempt of this payout may be the one the ledger took.
      let settled = false;
      let provenAbsent = true;
      for (const attempt of [...attempts].reverse()) {
        const found = await lookupTx(attempt.tx_hash, attempt.min_ledger, attempt.last_ledger_sequence);
        if (found.kind === "validated") {
          step("validated", payout);
          if (found.result === "tesSUCCESS") {
            if (found.delivered !== String(payout.amount_drops)) {
              needsAttention(payout, `the ledger delivered ${found.delivered} drops instead of ${payout.amount_drops}`);
            } else {
              settle().markPaid(payout, attempt, found.ledgerIndex);
              log(
                `payouts: #${payout.id} paid ${formatXrp(payout.amount_drops)} XRP to ${payout.destination} in ledger ${found.ledgerIndex} (${attempt.tx_hash})`,
              );
            }
          } else if (found.result.startsWith("tec")) {
            store.markValidated(attempt.id, found.result, now());
            settle().markFailed(
              payout,
              "failed_on_ledger",
              `The ledger refused the payment, nothing was sent: ${describeResult(found.result)}`,
            );
          } else {
            needsAttention(payout, `unexpected validated result ${found.result}`);
          }
          settled = true;
          break;
        }
        if (found.kind === "pending" || !found.searchedAll) provenAbsent = false;
      }
      if (settled) continue;

      if (facts.validatedIndex <= latest.last_ledger_sequence) {
        // Still within its window: submitting the same blob again is harmless and rescues a
        // transaction a server swallowed or never received.
        await submit(payout, latest).catch((error) => log(`payouts: resubmit #${payout.id}: ${String(error)}`));
        continue;
      }
      if (!provenAbsent) {
        if (facts.validatedIndex > latest.last_ledger_sequence + PROOF_GRACE_LEDGERS) {
          needsAttention(payout, "the XRPL server cannot prove the payment is absent (incomplete history)");
        }
        continue;
      }
      const { sequence } = await accountSequence();
      if (sequence > payout.sequence!) {
        taken.push(payout);
        continue;
      }
      // Dead for sure: expired, absent from complete history, Sequence unused. Same Sequence again.
      store.expireOpenAttempts(payout.id, now());
      // signed before a restart with a lower --max-payout: its Sequence is left for an admin to settle
      if (payout.amount_drops > maxPayoutDrops) {
        needsAttention(
          payout,
          `the amount is above the ${plainXrp(maxPayoutDrops)} XRP a payment may send (--max-payout): not signed again`,
        );
        continue;
      }
      const fee = feeFor(facts);
      if (fee > maxFeeDrops) {
        store.setWaiting(payout.id, `waiting: network fee ${fee} drops is above the cap of ${maxFeeDrops}`);
        continue;
      }
      const attempt = signAttempt(payout, payout.sequence!, facts, fee);
      if (!attempt) continue;
      step("written", payout);
      await submit(payout, attempt);
    }
    return taken;
  }

  // Payouts whose Sequence another transaction took, none of their attempts on the ledger and the
  // history read since: nothing of them can apply any more, so they wait in the queue again (held
  // while payouts are paused) for a new Sequence; one the history showed paid is settled already.
  function requeueTaken(taken: PayoutRow[]) {
    for (const payout of taken) {
      if (!store.requeue(payout.id, now())) continue;
      log(
        `payouts: #${payout.id}'s Sequence ${payout.sequence} was taken by a transaction this faucet did not sign (listed on /admin/wallet); none of its attempts can apply: queued again`,
      );
    }
  }

  async function sendQueued(facts: LedgerFacts) {
    let inFlight = store.inFlight(account).length;
    if (inFlight >= MAX_IN_FLIGHT) return;
    const queued = store.queued();
    if (queued.length === 0) return;
    const fee = feeFor(facts);
    if (fee > maxFeeDrops) {
      lastError = `waiting: network fee ${fee} drops is above the cap of ${maxFeeDrops}`;
      return;
    }
    const wallet = await accountSequence();
    // Transactions of the wallet waiting in the open ledger that this faucet did not sign (another
    // server's, one sent by hand): nothing is signed until they are validated and read.
    const open = await accountSequence("current");
    const ours = store.inFlight(account).reduce((highest, p) => Math.max(highest, (p.sequence ?? 0) + 1), 0);
    if (open.sequence > Math.max(wallet.sequence, ours)) {
      lastError = `waiting: the open ledger holds transactions of the hot wallet this faucet did not sign (its Sequence is ${open.sequence}); they are read once validated`;
      return;
    }
    let spendable =
      wallet.balance -
      (facts.reserveBaseDrops + wallet.ownerCount * facts.reserveIncDrops) -
      store.inFlightDrops(account) -
      SPENDABLE_BUFFER_DROPS;
    nextSequence = Math.max(wallet.sequence, store.highestSequence(account) + 1, nextSequence ?? 0);
    let signed = maxDailyDrops === null ? 0 : signedToday();

    for (const payout of queued) {
      if (inFlight >= MAX_IN_FLIGHT || paused || stopped) return;
      const refusal = await preflight(payout, facts);
      step("preflighted", payout);
      // the payout may have moved while we were asking the ledger
      if (store.statusOf(payout.id) !== "queued") continue;
      if (refusal) {
        settle().markFailed(payout, "preflight_refused", refusal);
        continue;
      }
      if (maxDailyDrops !== null) {
        if (payout.amount_drops > maxDailyDrops) {
          settle().markFailed(
            payout,
            "preflight_refused",
            `The amount is above the ${plainXrp(maxDailyDrops)} XRP the faucet may send in a whole day (--max-daily-payout)`,
          );
          continue;
        }
        // Counted once, when first signed (re-signing the same Sequence is not counted again).
        if (signed + payout.amount_drops > maxDailyDrops) {
          pauseAtCeiling(signed, payout);
          return;
        }
      }
      if (spendable < payout.amount_drops + fee) {
        const message = `The hot wallet has ${formatXrp(Math.max(0, spendable))} XRP to spend, not enough for ${formatXrp(payout.amount_drops)} XRP`;
        settle().markFailed(payout, "preflight_refused", message);
        pause(`hot wallet balance too low: ${message}`);
        return;
      }
      const sequence: number = nextSequence ?? Math.max(wallet.sequence, store.highestSequence(account) + 1);
      const attempt = signAttempt(payout, sequence, facts, fee);
      if (!attempt) continue;
      nextSequence = sequence + 1;
      spendable -= payout.amount_drops + fee;
      signed += payout.amount_drops;
      inFlight++;
      step("written", payout);
      const result = await submit(payout, attempt);
      if (result === "telCAN_NOT_QUEUE_FULL") return; // the rest waits for the next ledger
      if (result === "tefPAST_SEQ") nextSequence = null; // re-read from the ledger next time
    }
  }

  async function tick() {
    if (stopped) return;
    if (!settlement) {
      lastError = WAITING_FOR_OUTCOMES;
      return;
    }
    try {
      if (!holdsLease()) {
        lastError = "another process holds the signer lease for this wallet";
        return;
      }
      const facts = await ledger.facts();
      if (startLedger === null) {
        startLedger = facts.validatedIndex;
        // a payout left needing attention by an earlier run keeps payouts paused
        const waiting = store.needingAttention(account);
        if (waiting) pause(`payout #${waiting.id} needs attention: ${waiting.error ?? "see /admin/wallet"}`);
      }
      // (read before the in-flight payouts are looked up: each of their Sequences below it is then found validated)
      const { sequence } = await accountSequence();
      if (!knowsLedger(facts, sequence)) {
        lastError = null;
        return;
      }
      // (an in-flight payout is only ever signed again with its own Sequence: it cannot pay twice)
      const taken = await resolveInFlight(facts);
      if (taken.length > 0) reconciledAt = null;
      // nothing new is signed before the wallet's history is read up to the validated ledger, and
      // every Sequence the ledger took from the wallet since is explained
      if (!(await reconcile(facts, sequence))) {
        lastError = null;
        return;
      }
      requeueTaken(taken);
      liftCeilingPause();
      if (!paused) await sendQueued(facts);
      lastError = null;
    } catch (error) {
      if (error instanceof SimulatedCrash) throw error;
      lastError = error instanceof Error ? error.message : String(error);
      log(`payouts: ${lastError}`);
      nextSequence = null;
    } finally {
      lastTickAt = now();
    }
  }

  // Runs one tick at a time; a kick during a tick runs another right after it.
  function run(): Promise<void> {
    if (ticking) {
      again = true;
      return ticking;
    }
    ticking = (async () => {
      do {
        again = false;
        await tick();
      } while (again && !stopped);
    })().finally(() => {
      ticking = null;
    });
    return ticking;
  }

  return {
    account,

    // Reconciles every unfinished payout, then keeps working on each closed ledger.
    async start(intervalMs = 2_000) {
      stopped = false;
      unsubscribe = ledger.onLedgerClosed(() => void run().catch(() => {}));
      timer = setInterval(() => void run().catch(() => {}), intervalMs);
      await run();
    },

    // Work now (a payout was queued).
    kick: () => run(),

    // The features' side of a settlement (createApp's, modules/payouts/settlement.ts); a started
    // engine begins its work then.
    settleWith(given: SettlementOutcomes) {
      outcomes = given;
      settlement = createSettlement(sqlite, now, given);
      if (timer) void run().catch(() => {});
    },

    // One tick, for tests (SimulatedCrash propagates).
    tick: () => run(),

    // The ceilings it signs under, as set at start (--max-daily-payout, --max-payout): null daily, none.
    ceiling: () => ({ dailyDrops: maxDailyDrops, paymentDrops: maxPayoutDrops }),

    status(): EngineStatus {
      const pausedUntil =
        paused !== null && paused === ceilingPause?.reason ? parseDay(ceilingPause.day)! + DAY_MS : null;
      return { paused, pausedUntil, lastError, lastTickAt, running: !stopped };
    },

    // Stops signing new payouts until an admin resumes (the reason shows on the admin screen).
    pause(reason: string) {
      pause(reason);
    },

    resume() {
      // the operator checked the wallet's payments the server cannot show: read on from what it holds
      if (historyPause && paused === historyPause.reason) {
        // (a server that did not say where its history starts: from the newest validated ledger)
        readFrom = historyPause.serverFrom ?? Number.MAX_SAFE_INTEGER;
        log(
          `payouts: resumed by an admin: the wallet's history is read on from ${historyPause.serverFrom === null ? "the newest validated ledger" : `ledger ${readFrom}`}`,
        );
      }
      paused = null;
      void run().catch(() => {});
    },

    // Resumes only a pause for this reason (one whose cause has gone, as the engine's own caller
    // knows: the sandbox ledger saving again after file descriptors ran out).
    resumeFrom(reason: string) {
      if (paused !== reason) return;
      log(`payouts: resumed: ${reason} is over`);
      paused = null;
      void run().catch(() => {});
    },

    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      unsubscribe?.();
      await ticking?.catch(() => {});
      store.releaseLease(account, holder);
    },
  };
}
export type PayoutEngine = ReturnType<typeof createPayoutEngine>;
