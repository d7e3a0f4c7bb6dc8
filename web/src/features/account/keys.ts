// The keys of the user's lists that other features refresh (the faucet after a request): a file of
// their own, so that the faucet, on every page, does not bring the account's calls with it.
export const faucetRequestsKey = ["/api/user/faucet-requests"] as const;
export const rewardsHistoryKey = ["/api/user/rewards-history"] as const;
