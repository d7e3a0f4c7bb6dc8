// The account: the user's lists other features refresh. (Its pages are loaded by App.tsx on their own.)
export { faucetRequestsKey, rewardsHistoryKey } from "./keys";
