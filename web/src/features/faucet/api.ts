// The faucet: its status and a request, what the home page uses. (The faucet page's own reads, the
// latest requests of a device or a wallet, are page-api.ts; the admin's calls admin-api.ts.)
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { currentUserKey } from "../../api/session";
import { useProofOfWork } from "../../lib/proof-of-work";
import { faucetRequestsKey } from "../account";
import { rememberAddress } from "./status-link";

export const POLL_MS = 30_000;

export const faucetStatusKey = ["/api/faucet/status"] as const;

export const budgetKey = ["/api/admin/faucet/budget"] as const;

export const useFaucetStatus = () =>
  useQuery({ queryKey: faucetStatusKey, queryFn: () => unwrap(api.faucet.status.get()), refetchInterval: POLL_MS });

// A returning visitor's wait (the home page): this device's and network's, and the address it last
// asked for; nothing is asked for a first visit (`address` null).
export const useNextClaim = (address: string | null) =>
  useQuery({
    queryKey: [...faucetStatusKey, "mine", address ?? ""],
    queryFn: () => unwrap(api.faucet.status.get({ query: { mine: "1", address: address ?? "" } })),
    enabled: address !== null,
    refetchInterval: POLL_MS,
  });

export const faucetLookupKey = ["/api/faucet/requests"] as const;

// POST /api/faucet/request; the device's list, the status, a logged-in user's dashboard list and
// the user are reread afterwards (after a cancel too: it may have reached the server). The page
// shows a refusal itself (under the field, or beside the button), not as a toast. `signal` cancels it.
// The address is remembered for the home page's countdown.
// `warm`: solve the proof of work as the form shows (the home page's hero warms it on focus instead).
export function useFaucetRequest(warm = true) {
  useProofOfWork("faucet", warm);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ address, signal }: { address: string; signal?: AbortSignal }) =>
      unwrap(api.faucet.request.post({ address }, { fetch: { signal } })),
    onSuccess: (answer) => rememberAddress(answer.address),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: faucetRequestsKey });
      void queryClient.invalidateQueries({ queryKey: faucetLookupKey });
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: faucetStatusKey });
    },
  });
}
