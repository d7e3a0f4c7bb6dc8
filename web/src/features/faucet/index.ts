// What other features use of the faucet. (Its screens, /faucet and the admin's requests, budgets and
// today's budget, are imported by the route tables from their files: App.tsx, app/admin.)
export { budgetKey, faucetStatusKey, useFaucetStatus } from "./api";
export { FaucetStatusBadge } from "./components/FaucetStatusBadge";
