// What a payout's settlement does to the features' rows. The engine (src/payouts/settle.ts) decides
// the payout's state and runs these inside that transaction, once, when the payout moved; createApp
// gives them to it. Each feature writes its own tables: a faucet request's state through the
// faucet's transitions (modules/faucet/request-status.ts), rewards through their service.
import type { Db } from "../../db/client.ts";
import type { SettlementOutcomes } from "../../payouts/settle.ts";
import type { RequestStatus } from "../faucet/request-status.ts";
import { notifyPayoutPaid } from "../notifications/service.ts";
import type { RewardService } from "../rewards/service.ts";
import type { LiveChanged } from "../live/model.ts";

export interface SettlementDeps {
  db: Db;
  requests: Pick<RequestStatus, "markPaid" | "payoutFailed" | "recordFoundOnLedger">;
  rewards: Pick<RewardService, "payoutPaid" | "payoutFailed">;
  // told of each settlement, for the admins watching (modules/live)
  changed: LiveChanged;
}

export function createSettlementOutcomes({ db, requests, rewards, changed }: SettlementDeps): SettlementOutcomes {
  return {
    // A faucet request becomes PROCESSED; a user payment's rewards PAID and the owed balance lowered.
    // Then the user is told (modules/notifications).
    paid(payout, txHash, at) {
      if (payout.kind === "FAUCET_REQUEST") {
        if (payout.faucet_request_id !== null) requests.markPaid(payout.faucet_request_id, txHash, at);
      } else {
        rewards.payoutPaid({ id: payout.id, userId: payout.user_id, amountDrops: payout.amount_drops }, txHash, at);
      }
      notifyPayoutPaid(db, payout, txHash, at);
      changed("payouts");
    },
    // Nothing was sent: a faucet request stays APPROVED with the error (an admin may retry or reject
    // it); a user payment leaves the balance owed and frees its rewards.
    failed(payout, message) {
      if (payout.kind === "FAUCET_REQUEST") {
        if (payout.faucet_request_id !== null) requests.payoutFailed(payout.faucet_request_id, message);
      } else {
        rewards.payoutFailed(payout.id);
      }
      changed("payouts");
    },
    // A faucet request shows why; a user payment keeps its rewards until an admin settles it.
    needsAttention(payout, message) {
      if (payout.kind === "FAUCET_REQUEST" && payout.faucet_request_id !== null)
        requests.payoutFailed(payout.faucet_request_id, message);
      changed("payouts");
    },
    // A faucet payment on the ledger that no request here asked for: recorded as a request.
    faucetPaymentFound: (payment) => {
      changed("payouts");
      return requests.recordFoundOnLedger(payment);
    },
  };
}
