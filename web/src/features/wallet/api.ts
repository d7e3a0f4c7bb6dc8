// The hot wallet the faucet pays from: its balance, reserve and whether payouts run.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";

export const walletKey = ["/api/admin/wallet"] as const;

export const useWallet = () => useQuery({ queryKey: walletKey, queryFn: () => unwrap(api.admin.wallet.get()), refetchInterval: 15_000 });
