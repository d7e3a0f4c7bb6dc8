// The hot wallet the faucet pays from: its balance, reserve and whether payouts run; the payouts held
// while payouts are paused, withdrawing one, and resuming.
import { useQuery } from "@tanstack/react-query";
import { healthKey, useAdminAction } from "../../api/admin";
import { api, unwrap } from "../../api/client";
import type { HeldPayout } from "./held";

export const walletKey = ["/api/admin/wallet"] as const;

export const useWallet = () =>
  useQuery({ queryKey: walletKey, queryFn: () => unwrap(api.admin.wallet.get()), refetchInterval: 15_000 });

// GET /api/admin/wallet/ledger-payments: the wallet's transactions the ledger shows that no payout of
// this database accounts for (sent outside the faucet, or for a payout a restored database never had).
export const useLedgerPayments = () =>
  useQuery({
    queryKey: ["/api/admin/wallet/ledger-payments"],
    queryFn: () => unwrap(api.admin.wallet["ledger-payments"].get()),
    refetchInterval: 60_000,
  });

// What a withdrawal changes besides the wallet: the requests list (features/faucet's adminRequestsKey),
// the day's budget (its budgetKey) and the users' payments (features/back-office's usersKey); prefixes
// of their keys, so every page and filter of them is fetched again.
const withdrawalRefreshes = [
  walletKey,
  healthKey,
  ["/api/admin/faucet/requests"],
  ["/api/admin/faucet/budget"],
  ["/api/admin/users"],
];

// POST /api/admin/payouts/:id/withdraw: a held payout taken back, nothing sent (no code asked: it
// stops money). The answer's message says what became of its request or its user.
export const useWithdrawPayout = () =>
  useAdminAction({
    send: (held: HeldPayout) => api.admin.payouts({ id: held.payoutId }).withdraw.post(),
    refresh: withdrawalRefreshes,
    success: (answer) => ({ title: "Payout withdrawn", description: answer.message }),
    failure: "Withdraw Failed",
  });

// POST /api/admin/wallet/resume: sends what is held. An admin with two-factor sign-in is asked for a
// fresh code (the step-up dialog, as approving asks), then the call goes again.
export const useResumePayouts = () =>
  useAdminAction({
    send: () => api.admin.wallet.resume.post(),
    refresh: [walletKey, healthKey],
    success: () => ({ title: "Payouts resumed" }),
    failure: "Update Failed",
  });

// GET /api/admin/wallet/payouts: every payout sent from the wallet (or on its way), newest first, 50 a page.
export const walletPayoutsKey = ["/api/admin/wallet/payouts"] as const;
export const useWalletPayouts = (page: number) =>
  useQuery({
    queryKey: [...walletPayoutsKey, page],
    queryFn: () => unwrap(api.admin.wallet.payouts.get({ query: { page: page > 1 ? String(page) : undefined } })),
    placeholderData: (previous) => previous,
    refetchInterval: 15_000,
  });

// POST /api/admin/wallet/pause: nothing more is signed until an admin resumes (no code: it stops money).
export const usePausePayouts = () =>
  useAdminAction({
    send: () => api.admin.wallet.pause.post(),
    refresh: [walletKey, healthKey],
    success: (answer) => ({ title: "Payouts paused", description: answer.message }),
    failure: "Pause Failed",
  });
