// The hot wallet the faucet pays from: its balance, reserve and whether payouts run.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";

export const walletKey = ["/api/admin/wallet"] as const;

export const useWallet = () => useQuery({ queryKey: walletKey, queryFn: () => unwrap(api.admin.wallet.get()), refetchInterval: 15_000 });

// GET /api/admin/wallet/ledger-payments: the wallet's transactions the ledger shows that no payout of
// this database accounts for (sent outside the faucet, or for a payout a restored database never had).
export const useLedgerPayments = () =>
  useQuery({ queryKey: ["/api/admin/wallet/ledger-payments"], queryFn: () => unwrap(api.admin.wallet["ledger-payments"].get()), refetchInterval: 60_000 });
