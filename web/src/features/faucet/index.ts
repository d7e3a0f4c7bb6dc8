// What other features use of the faucet. (Its screens, /faucet and the admin's requests, budgets and
// today's budget, are imported by the route tables from their files: App.tsx, app/admin.)
export { budgetKey, faucetStatusKey, useFaucetStatus, useNextClaim } from "./api";
export { ClaimForm } from "./components/ClaimForm";
export { RequestReceived } from "./components/RequestReceived";
export { rememberedAddress } from "./status-link";
export { FaucetStatusBadge } from "./components/FaucetStatusBadge";
export { useWithdrawal } from "./components/Withdrawal";
export { productReason } from "./reasons";
