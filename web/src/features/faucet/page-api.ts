// The faucet page's own reads: its status with this device's wait, and the latest requests of this
// device or of any wallet. (Not in the home page's download: the faucet page's chunk brings them.)
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { currentUserKey } from "../../api/session";
import { useAfterFirstPaint } from "../../lib/useAfterFirstPaint";
import { faucetRequestsKey } from "../account";
import { faucetLookupKey, faucetStatusKey, POLL_MS } from "./api";

// The faucet page's status: the faucet's (useFaucetStatus), plus this device's (and a typed address's) wait until the
// next claim. Its own key under the status path, so a new request refreshes it. Both reads here are
// asked once the page has painted (useAfterFirstPaint): its first paint waits for no answer.
export function useFaucetPanel(address: string | null) {
  const painted = useAfterFirstPaint();
  return useQuery({
    queryKey: [...faucetStatusKey, "mine", address ?? ""],
    queryFn: () => unwrap(api.faucet.status.get({ query: address ? { mine: "1", address } : { mine: "1" } })),
    refetchInterval: POLL_MS,
    placeholderData: (previous) => previous,
    enabled: painted,
  });
}

// This device's latest requests, reread every 30 s so a status follows the admin's decisions.
export function useMyFaucetRequests() {
  const painted = useAfterFirstPaint();
  return useQuery({
    queryKey: [...faucetLookupKey, "mine"],
    queryFn: () => unwrap(api.faucet.requests.get({ query: { mine: "1" } })),
    refetchInterval: POLL_MS,
    enabled: painted,
  });
}

// Any wallet's latest requests (none until an address is asked for).
export const useFaucetLookup = (address: string | null) =>
  useQuery({
    queryKey: [...faucetLookupKey, "address", address ?? ""],
    queryFn: () => unwrap(api.faucet.requests.get({ query: { address: address ?? "" } })),
    enabled: address !== null,
    retry: false,
  });

// POST /api/faucet/requests/:id/withdraw: a waiting request of this device (or of the signed-in user)
// withdrawn; the lists, the status and the user are reread after it (the page says what it did).
export function useWithdrawRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.faucet.requests({ id }).withdraw.post()),
    onSettled: () => {
      for (const key of [faucetLookupKey, faucetRequestsKey, faucetStatusKey, currentUserKey])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
